import { describe, expect, it } from 'vitest';
import { bindingOfLiteral, bindingUses, positionOf } from '../../../codemods/engine/ties/addresses';
import { at, V1 } from './harness';

/** ties/addresses.ts: the role a position gives an address, and the uses of a bound address. */
describe('ties/addresses', () => {
  it.each([
    [`const t = { audience: /*@*/x };`, 'audience'],
    [`const t = { audience: env.A || /*@*/x };`, 'audience'],
    [`const c = axios.create({ baseURL: /*@*/x });`, 'base'],
    [`fetch(/*@*/x + 'results/');`, 'base'],
    [`const u = \`\${/*@*/x}results/\`;`, 'base'],
    [`const TOKEN_AUDIENCES = { sandbox: /*@*/x };`, 'audience'],
    [`const API_BASE_URLS = { sandbox: /*@*/x };`, 'base'],
    [`const API_URL = /*@*/x;`, 'base'],
  ])('%s', (code, role) => expect(positionOf(at(code).path).role).toBe(role));
  it.each([`log(/*@*/x);`, `const SANDBOX = /*@*/x;`, `const t = { label: /*@*/x };`])('no role: %s', (code) => expect(positionOf(at(code).path).role).toBeNull());

  it('follows a constant to every use, through the variables it initialises', () => {
    const { ctx, path } = at(`const API = /*@*/'${V1}';\nfetch(API + 'results/');\nconst base = env.B || API;\nconst t = { audience: base };\nconst u = { audience: API };`);
    const uses = bindingUses(ctx, bindingOfLiteral(path)!);
    // `const base = …` is a base by its name, and its own uses are followed (an audience through a variable cannot be replaced).
    expect(uses.map((u) => `${u.role}:${u.replaceable}`).sort()).toEqual(['audience:false', 'audience:true', 'base:true', 'base:true']);
  });
});
