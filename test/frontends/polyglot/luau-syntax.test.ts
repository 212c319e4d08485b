import { describe, expect, it } from 'vitest';
import { prepareLuau } from '../../../codemods/frontends/polyglot/languages/luau-syntax';

/**
 * Luau read by the Lua grammar (languages/luau-syntax.ts): type syntax blanked or written as Lua, one for one, so
 * every offset of the file is kept; plain Lua is left alone.
 */
describe('Luau as Lua', () => {
  it('blanks annotations, casts and generics, and keeps every offset', () => {
    const src = [
      'local function f<T>(a: string, b: { [string]: any }?, ...: number): (boolean, T?)',
      '  local x: number, y = 1, 2',
      '  local u = decode(a) :: Types.Update',
      '  return if x then u else nil',
      'end',
    ].join('\n');
    const out = prepareLuau(src)!;
    expect(out.length).toBe(src.length);
    expect(out.split('\n')).toEqual([
      'local function f   (a        , b                    , ...        )               ',
      '  local x        , y = 1, 2',
      '  local u = decode(a)                ',
      '  return    x and  u or   nil',
      'end',
    ]);
  });

  it('writes a table type as a table of its fields and a union of strings as their `|`', () => {
    const src = ['export type Mode = "complaint" | "safe"', 'type Interview = {', '\tmode: Mode,', '\tmarketplace: string?,', '}'].join('\n');
    expect(prepareLuau(src)!.split('\n')).toEqual(['            Mode = "complaint" | "safe"', '     Interview = {', '\tmode= 0   ,', '\tmarketplace= 0      ,', '}']);
  });

  it("leaves plain Lua, method calls and goto labels (::continue::) as they are", () => {
    const src = ['local res = httpc:request_uri(url, { method = "GET" })', 'for _, v in ipairs(xs) do', '  if v then goto continue end', '  ::continue::', 'end'].join('\n');
    expect(prepareLuau(src) ?? src).toBe(src);
  });
});
