import { describe, expect, it } from 'vitest';
import { cloneJson } from '../../shim/transforms';

describe('cloneJson', () => {
  it('copies parsed JSON as structuredClone does, __proto__ keys included, sharing nothing', () => {
    const text = '{"a":[1,{"b":null,"c":"x"},[true]],"__proto__":{"polluted":1},"d":{"e":{"f":2.5}},"g":""}';
    const value = JSON.parse(text) as Record<string, unknown>;
    const copy = cloneJson(value);
    expect(copy).toStrictEqual(structuredClone(value));
    expect(JSON.stringify(copy)).toBe(text);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    (copy['d'] as { e: { f: number } }).e.f = 3;
    expect((value['d'] as { e: { f: number } }).e.f).toBe(2.5);
    for (const v of [null, 0, 'x', false, [], {}]) expect(cloneJson(v)).toStrictEqual(v);
  });
});
