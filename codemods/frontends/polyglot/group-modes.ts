import type { PolyFile } from './file';
import { encloses } from './context';
import { span, type Decl, type Lit } from './lang';
import { saysMode } from './ties';

/** Calls that hand back the value they are called on (Ruby's `'safe'.freeze`, `.dup`): the constant still holds the literal. */
const SAME_VALUE = /^(?:\s*\.\s*(?:freeze|dup|itself)\b)+\s*$/;

/** The declaration whose value is the literal itself, or the literal frozen (`SAFE = 'safe'.freeze`). */
export function constantOf(file: PolyFile, lit: Lit): Decl | undefined {
  return file.x.decls.find((d) => {
    if (!d.init || span(d.init).start !== lit.start) return false;
    return span(d.init).end === lit.end || SAME_VALUE.test(file.source.slice(lit.end, span(d.init).end));
  });
}

/**
 * Constants holding a removed mode inside a group named for modes (`module Modes; SAFE = 'safe'.freeze; end`, a
 * `class InterviewMode` of constants), whether or not the file talks to the API: the run's index counts them as
 * this API's removed modes once a file that does uses the group (LangIndex.modeGroup), so that their qualified
 * uses elsewhere (`Checker::Modes::SAFE`) are found in the first analysis's facts.
 */
export function groupModes(file: PolyFile): { group: string; name: string; value: string }[] {
  const out: { group: string; name: string; value: string }[] = [];
  const kinds = file.spec.groupKinds ?? [];
  for (const lit of file.lits) {
    const mode = file.vocab.modes.get(lit.text);
    if (!mode || mode.to !== null) continue;
    const decl = constantOf(file, lit);
    if (!decl || memberOfEachCase(file, decl.name)) continue;
    const owner = file.x.types.filter((t) => encloses(t.node, decl.node)).pop()?.name;
    let group: string | undefined;
    for (let p = decl.node.parent(); p && !group; p = p.parent()) {
      if (kinds.includes(p.kind() as string)) group = p.children().find((c) => c.isNamed())?.text().split(/::|\./).pop();
    }
    const name = [owner, group].find((n) => !!n && saysMode(n));
    if (name) out.push({ group: name, name: decl.name, value: lit.text });
  }
  return out;
}

/**
 * Whether the file declares a name more than once with different values: a member each case of a sealed type
 * declares (`case object Safe extends Mode { val wire = "safe" }`), whose reads (`i.mode.wire`) hold whichever
 * case's value that is, not one of them.
 */
export function memberOfEachCase(file: PolyFile, name: string): boolean {
  const inits = new Set(file.x.decls.filter((d) => d.name === name && d.init).map((d) => d.init!.text()));
  return inits.size > 1;
}
