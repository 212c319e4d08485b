import { codeMask } from './dart-syntax';

/**
 * The second, plainer text the Swift grammar is given when the file does not parse: every `await` in code blanked
 * one character for one. tree-sitter-swift (0.7.x, the newest published) cannot read `try await` as a `switch`
 * subject or in an `if let`/`while let` binding (`switch try await client.send(x) {`, `if let r = try? await g()`),
 * and its error then spans the whole file. `await` names nothing this tool reads — the call after it is still the
 * call — so the blanked text has the same tree for every rule, with every offset where it was. Strings and comments
 * are left as they are (`codeMask`); null when there is no `await` to blank.
 */
export function blankAwaits(src: string): string | null {
  if (!src.includes('await')) return null;
  const mask = codeMask(src);
  let out = src;
  let blanked = false;
  for (const m of src.matchAll(/(?<![\w$.])await(?![\w$])/g)) {
    if (!mask[m.index]) continue;
    out = out.slice(0, m.index) + '     ' + out.slice(m.index + 5);
    blanked = true;
  }
  return blanked ? out : null;
}
