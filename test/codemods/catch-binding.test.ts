import { describe, expect, it } from 'vitest';
import { catalogue } from '../../catalogue';
import { defaultConfig } from '../../config';
import { noProject } from '../../codemods/engine/ties/project';
import { defaultFrontEnds } from '../../lib/frontends';

/** A `catch` without a binding (`catch {`, ES2019) declares nothing: names looked up inside it resolve outside. */
describe('optional catch binding', () => {
  const analyze = (source: string, filePath: string) =>
    defaultFrontEnds().forFile(filePath).analyze({ source, filePath, config: defaultConfig, changes: catalogue, markers: true, project: noProject });

  it('a file whose imported mode constant is used inside `catch {` is migrated, not failed', () => {
    const source = [
      "import { MODES } from './modes';",
      '',
      'export async function start(http: { put(url: string, body: unknown): Promise<unknown> }) {',
      '  try {',
      "    await http.put('https://www.buoyhealth.com/api/interviews/abc/', { mode: MODES.START });",
      '  } catch {',
      '    return MODES.START;',
      '  }',
      '  return null;',
      '}',
      '',
    ].join('\n');
    const r = analyze(source, '/repo/src/store.ts');
    expect(r.findings.map((f) => `${f.line} ${f.change} ${f.fix}`)).toEqual(['5 base-url auto']);
    expect(r.output).toBe(source.replace('https://www.buoyhealth.com/api/', 'https://api.buoyhealth.com/symptom-checker/v2/'));
  });
});
