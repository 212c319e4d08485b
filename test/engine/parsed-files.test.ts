import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { analyzeSource, migrateSource } from '../../codemods/engine';
import { ParsedFiles } from '../../codemods/engine/parsed-files';
import { collectFacts } from '../../codemods/frontends/js-facts';

const apps = path.join(__dirname, '..', '..', 'fixtures', 'apps');
const config = loadConfig({ configPath: path.join(apps, 'sc-migrate.config.json') }).config;
const sources = ['legacy/chat-widget-js/src/api.js', 'legacy/triage-service-ts/src/interviews.ts'].map((f) => path.join(apps, f));

describe('ParsedFiles', () => {
  it('gives a file analysed again the same findings, output and facts as a fresh parse', () => {
    const parsed = new ParsedFiles();
    for (const filePath of sources) {
      const source = fs.readFileSync(filePath, 'utf8');
      const fresh = migrateSource(source, { config, filePath });
      const first = migrateSource(source, { config, filePath, parsed });
      const again = analyzeSource(source, { config, filePath, parsed });
      expect(parsed.get(filePath, filePath.endsWith('.ts') ? 'ts' : 'babylon', source)?.root).toBe(again.root);
      const facts = collectFacts(again);
      const result = again.finish(true);
      expect(first).toEqual(fresh);
      expect(result).toEqual(fresh);
      expect(facts).toEqual(collectFacts(analyzeSource(source, { config, filePath })));
    }
  });

  it('is used only for the text it was parsed from, and keeps no more than its limit', () => {
    const parsed = new ParsedFiles(10);
    const source = 'const a = 1;';
    analyzeSource(source, { config, filePath: 'a.js', parsed });
    expect(parsed.get('a.js', 'babylon', source)).toBeUndefined();
    const roomy = new ParsedFiles();
    const ctx = analyzeSource(source, { config, filePath: 'a.js', parsed: roomy });
    expect(roomy.get('a.js', 'babylon', source)?.root).toBe(ctx.root);
    expect(roomy.get('a.js', 'babylon', 'const a = 2;')).toBeUndefined();
    expect(roomy.get('a.js', 'ts', source)).toBeUndefined();
    expect(analyzeSource('const a = 2;', { config, filePath: 'a.js', parsed: roomy }).root).not.toBe(ctx.root);
  });
});
