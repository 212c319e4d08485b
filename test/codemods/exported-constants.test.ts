import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config';
import { migrateSource } from '../../codemods/engine';

const findings = (source: string) =>
  migrateSource(source, { config: defaultConfig, filePath: 'modes.js', only: ['mode-complaint-renamed-input'] }).findings.map((f) => [f.line, f.fix]);

/** A constants module hands its mode constants on (CommonJS exports): the entries are no uses of the mode. */
describe('mode constants exported as they are', () => {
  it('module.exports = { … } and exports.X = X report nothing beyond the definition and the real uses', () => {
    const source = [
      "const FIRST_MODE = 'complaint';", // 1: renamed where defined
      "const DEFAULTS = { mode: FIRST_MODE };", // 2: a use
      "exports.FIRST_MODE = FIRST_MODE;", // 3: handed on
      "module.exports = { FIRST_MODE, DEFAULTS, initial: { mode: FIRST_MODE } };", // 4: one real use inside
      "fetch('https://sandbox.buoyhealth.com/api/interviews/anonymous/', { method: 'POST', body: JSON.stringify(DEFAULTS) });",
    ].join('\n');
    expect(findings(source)).toEqual([
      [1, 'auto'],
      [2, 'auto'],
      [4, 'auto'],
    ]);
  });
});
