import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * An equality assertion that compares a changed mode with a read of the mode field of what was sent
 * (`assertSame('safe', $this->lastBody()['mode'])`) in a test of the API; the same assertion on another key, or
 * in a helpdesk's test that never talks to the API, stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const test = (base: string) =>
  [
    '<?php',
    'final class ClientTest extends TestCase',
    '{',
    '    public function testModeIsSent(): void',
    '    {',
    `        $this->respond('${base}interviews/t-1/', 200);`,
    "        $this->client->changeMode('t-1', 'safe');",
    "        $this->assertSame('safe', $this->lastBody()['mode']);",
    "        $this->assertSame('safe', $this->lastBody()['theme']);",
    "        self::assertEquals('complaint', $this->sent[0]->mode);",
    '    }',
    '}',
    '',
  ].join('\n');

describe('mode assertions', () => {
  it("PHP: `assertSame('safe', $this->lastBody()['mode'])` in a test of the API; another key, or a desk's test, stays", async () => {
    writeTree(dir, { 'tests/ClientTest.php': test('https://www.buoyhealth.com/api/'), 'desk/tests/ClientTest.php': test('https://desk.example.org/api/') });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/ClientTest.php')).toEqual(['10 mode-complaint-renamed-input', '6 base-url', '8 mode-safe-triage-removed']);
    expect(sites(r, 'desk/tests/ClientTest.php')).toEqual([]);
  });
});
