import type { Ctx } from './context';
import { encloses } from './context';
import { foreignAddressIn, foreignName } from './foreign';
import { saysMode } from './ties';

/**
 * A validation rule that lists the modes a form may ask for, under a key that says mode: CodeIgniter's
 * `'mode' => 'required|in_list[complaint,safe,triage]'`, Laravel's `'in:complaint,safe'` (in a pipe string or a rule
 * array) and `Rule::in(['complaint', 'safe'])`. The list names two of the API's changed modes or more, so it is a list of
 * its modes (another form's `in_list[complaint,praise,question]` names one); each changed mode in it is a site for a
 * person (the rule is a setting of the app, not the value sent). In a file that does not talk to the API, only a list of
 * the API's changed modes and nothing else.
 */
export function ruleModes(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  for (const pair of file.x.pairs) {
    if (!pair.value || !saysMode(pair.key) || foreignName(ctx, pair.key) || foreignAddressIn(ctx, pair.container)) continue;
    const tokens: { start: number; text: string }[] = [];
    for (const lit of file.lits) {
      if (!lit.simple || !encloses(pair.value, lit.node) || lit.parts.length !== 1) continue;
      const part = lit.parts[0]!;
      // A rule string: `in_list[a,b]`, `in:a,b`, among other rules split by `|`.
      const m = /(?:^|\|)\s*(?:in_list\[([^\]]*)\]|in:([^|]*))/.exec(part.text);
      if (m) {
        const list = m[1] ?? m[2]!;
        const from = part.start + m.index + m[0].indexOf(list);
        for (const v of list.matchAll(/[^,\s]+/g)) tokens.push({ start: from + v.index, text: v[0] });
      } else if (/^\w+$/.test(part.text)) tokens.push({ start: part.start, text: part.text });
    }
    const modes = new Set(tokens.filter((t) => vocab.modes.has(t.text)).map((t) => t.text));
    if (modes.size < 2 || (!ctx.tied && !tokens.every((t) => vocab.modes.has(t.text)))) continue;
    // Element literals of an array are rules only beside a rule string or in a call that builds one (`Rule::in([…])`).
    if (!tokens.some((t) => !file.lits.some((l) => l.parts[0]?.start === t.start)) && !/\bin\s*\(/i.test(pair.value.text())) continue;
    for (const t of tokens) {
      const mode = vocab.modes.get(t.text);
      if (!mode || !out.has(mode.change.id) || out.hasSiteOn(mode.change.id, t.start)) continue;
      out.manual(mode.change.id, t.start, t.start + t.text.length, mode.message, { anchor: t.start, subject: t.text });
    }
  }
}
