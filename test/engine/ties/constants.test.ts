import { describe, expect, it } from 'vitest';
import { constRef } from '../../../codemods/engine/ties/constants';
import { staticText } from '../../../codemods/engine/ties/static-text';
import { at } from './harness';

/** ties/constants.ts: static values through consts, `as const` and frozen maps, enums. */
describe('ties/constants', () => {
  it.each([
    [`const M = 'complaint';\nsend(/*@*/M);`, 'complaint', 'M'],
    [`const MODES = { COMPLAINT: 'complaint' } as const;\nsend(/*@*/MODES.COMPLAINT);`, 'complaint', 'MODES.COMPLAINT'],
    [`const MODES = Object.freeze({ SAFE: 'safe' });\nsend(/*@*/MODES.SAFE);`, 'safe', 'MODES.SAFE'],
    [`enum Mode { Complaint = 'complaint' }\nsend(/*@*/Mode.Complaint);`, 'complaint', 'Mode.Complaint'],
    // A `let` never set again is as constant as a `const`; another binding of the same name does not count.
    [`let m = 'complaint';\nfunction f(m) { m = 'x'; }\nsend(/*@*/m);`, 'complaint', 'm'],
  ])('%s', (code, value, name) => {
    const { ctx, path } = at(code);
    expect(constRef(ctx, path)).toMatchObject({ value, name });
  });
  it.each([
    `let m = 'complaint';\nm = read();\nsend(/*@*/m.x);`,
    `send(/*@*/getMode());`,
    `const M = { a: 1 };\nsend(/*@*/M.a);`,
    // A variable set again later holds other values too.
    `let startMode = 'complaint';\nload().then((s) => { startMode = s.startMode || startMode; });\nsend(/*@*/startMode);`,
    `var mode = 'safe';\nfunction next() { mode = 'triage'; }\nsend(/*@*/mode);`,
  ])('no static value: %s', (code) => {
    const { ctx, path } = at(code);
    expect(constRef(ctx, path)).toBeNull();
  });
  it('static text keeps unknown parts as {}', () => {
    const { ctx, path } = at("const B = 'https://x.test/api/';\nsend(/*@*/`${B}results/${id}/`);");
    expect(staticText(ctx, path)).toBe('https://x.test/api/results/{}/');
  });
});
