import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport, formatHtml, toJsonReport, type Report } from '../../report';
import { finding, outcome, sampleScan, tempDir, TOOL, V1_SANDBOX, V2_SANDBOX } from './helpers';

/**
 * The HTML report in a real headless Chromium. CI (CI=true) installs Chromium with scripts/ensure-chromium.sh
 * and fails here if it is missing; elsewhere the suite is skipped with a message.
 */
const CHROMIUM = '/usr/bin/chromium';
const haveChromium = fs.existsSync(CHROMIUM);
const inCi = process.env.CI === 'true';
if (!haveChromium && !inCi) {
  console.warn(`html.test.ts: skipped: no ${CHROMIUM}. Install it with: sudo bash scripts/ensure-chromium.sh`);
}

/** A report with hostile text planted where scanned code reaches the page: a file name, code, a message. */
function hostileReport(): Report {
  const scan = sampleScan();
  const before = `const BASE = '${V1_SANDBOX}'; // </pre><script>window.__pwned = 'diff'</script>\n`;
  scan.outcomes.push(
    outcome('src/<script>window.__pwned=1</script>.ts', {
      status: 'changed',
      before,
      after: before.replace(V1_SANDBOX, V2_SANDBOX),
      findings: [
        finding({ line: 1, column: 15, change: 'base-url', fix: 'auto', replacement: V2_SANDBOX }),
        finding({
          line: 1,
          column: 60,
          change: 'token-audience',
          fix: 'manual',
          message: `<img src=x onerror="window.__pwned='msg'"> "quoted" & 'single'`,
        }),
      ],
    }),
  );
  return buildReport(scan, { tool: TOOL, roots: ['/repo/app'], cwd: '/repo/app' });
}

describe.skipIf(!haveChromium && !inCi)('report --format html in headless Chromium', () => {
  let context: BrowserContext;
  let dir: string;

  beforeAll(async () => {
    if (!haveChromium) throw new Error(`CI=true but ${CHROMIUM} is missing: run scripts/ensure-chromium.sh first`);
    dir = tempDir('sc-html-');
    context = await chromium.launchPersistentContext(path.join(dir, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function open(report: Report, name: string): Promise<{ page: Page; errors: string[]; url: string; requests: string[] }> {
    const file = path.join(dir, name);
    fs.writeFileSync(file, formatHtml(report));
    const page = await context.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('dialog', (d) => {
      errors.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    const url = pathToFileURL(file).href;
    await page.goto(url, { waitUntil: 'load' });
    return { page, errors, url, requests };
  }

  it('renders the summary, chart and per-change table with the numbers of the JSON report', async () => {
    const report = hostileReport();
    const json = toJsonReport(report);
    const { page, errors } = await open(report, 'report.html');

    await expect(page.locator('h1').innerText()).resolves.toBe('Symptom Checker API v2 migration report');
    const stat = async (key: string) => Number(await page.locator(`[data-summary="${key}"]`).innerText());
    expect(await stat('files')).toBe(json.summary.files);
    expect(await stat('filesWithFindings')).toBe(json.summary.filesWithFindings);
    expect(await stat('auto')).toBe(json.summary.auto);
    expect(await stat('manual')).toBe(json.summary.manual);
    expect(await stat('markers')).toBe(json.summary.markers);

    // The chart: one visible bar per change, labelled with its count.
    const bars = await page.locator('#chart svg g.bar').evaluateAll((gs) =>
      gs.map((g) => {
        const box = (g as unknown as { getBBox(): { width: number } }).getBBox();
        return {
          change: g.getAttribute('data-change'),
          count: Number(g.querySelector('text.count')!.textContent),
          width: box.width,
        };
      }),
    );
    expect(Object.fromEntries(bars.map((b) => [b.change, b.count]))).toEqual(json.summary.byChange);
    for (const b of bars) expect(b.width).toBeGreaterThan(0);
    const chartBox = await page.locator('#chart svg').boundingBox();
    expect(chartBox!.height).toBeGreaterThan(0);

    // The table by change agrees with the JSON counts too.
    const rows = await page.locator('#changes tbody tr').evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    );
    for (const [id, , auto, manual] of rows) {
      const sites = json.findings.filter((f) => f.change === id);
      expect([Number(auto), Number(manual)]).toEqual([
        sites.filter((f) => f.fix === 'auto').length,
        sites.filter((f) => f.fix === 'manual').length,
      ]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows per file the diff of the automatic fixes and the manual sites', async () => {
    const { page } = await open(hostileReport(), 'files.html');
    const client = page.locator('details.file[data-file="src/client.ts"]');
    await expect(client.locator('pre.diff .del').allInnerTexts()).resolves.toEqual([`-const BASE = '${V1_SANDBOX}';`]);
    await expect(client.locator('pre.diff .add').allInnerTexts()).resolves.toEqual([`+const BASE = '${V2_SANDBOX}';`]);
    const manual = await client.locator('ul.manual li').allInnerTexts();
    expect(manual).toHaveLength(1);
    expect(manual[0]).toContain('line 5, column 17');
    expect(manual[0]).toContain('v2 results have no advice; use the triage object.');
    await expect(client.locator('ul.manual li code').allInnerTexts()).resolves.toEqual(['result-advice-test-removed', 'advice']);
    expect(manual[0]).toContain('results lose advice and test'); // the spec passage
    await expect(page.locator('details.file[data-file="src/model.ts"] ul.markers li').count()).resolves.toBe(1);
    await expect(page.locator('#errors li').innerText()).resolves.toContain('src/broken.ts');
    await page.close();
  });

  it('keeps text from the scanned code inert: no element, no script run, shown as text', async () => {
    const { page, errors, url, requests } = await open(hostileReport(), 'hostile.html');
    expect(await page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(await page.locator('script, img, iframe, object, embed').count()).toBe(0);
    expect(errors).toEqual([]);
    const body = await page.locator('body').innerText();
    expect(body).toContain('src/<script>window.__pwned=1</script>.ts');
    expect(body).toContain(`<img src=x onerror="window.__pwned='msg'"> "quoted" & 'single'`);
    expect(body).toContain("// </pre><script>window.__pwned = 'diff'</script>");
    // Self-contained: the page asked for nothing but itself.
    expect(requests).toEqual([url]);
    await page.close();
  });
});
