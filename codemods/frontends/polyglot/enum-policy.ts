import type { Ctx } from './context';
import type { PolyFile } from './file';
import type { PolyFacts } from './project-types';
import { modeOwnerTie, saysMode } from './ties';
import { norm } from './vocabulary';
import { words } from '../../engine/words';

/**
 * A serializer set to write enum members by their names in a naming policy's case: System.Text.Json's
 * `new JsonStringEnumConverter(JsonNamingPolicy.CamelCase)`, Newtonsoft's `new StringEnumConverter(new
 * CamelCaseNamingStrategy())`. Then `enum InterviewMode { Complaint, Safe }` goes on the wire as `complaint`, `safe`:
 * its members are the API's modes by their names, as Swift's `case complaint` is. Without one, a member's name says
 * nothing of its wire value (an arm elsewhere maps it, or it is sent as a number).
 */
export const ENUM_POLICY = /\b(?:Json)?StringEnumConverter\b[^;]{0,120}?(?:JsonNamingPolicy\s*\.\s*(?:CamelCase|SnakeCase\w*|KebabCase\w*)|(?:CamelCase|SnakeCase|KebabCase)NamingStrategy)/;

/** Whether this file or another file of the run sets such a policy. */
export function enumPolicy(ctx: Ctx): boolean {
  return ctx.index.enumPolicy || ENUM_POLICY.test(ctx.file.source);
}

/** PolyFacts.nameValued: the renamed modes a mode type of the file declares as cases whose wire value is their name (`case complaint`). */
export function nameValuedFacts(file: PolyFile): Pick<PolyFacts, 'nameValued' | 'policyValued' | 'nameValuedIn' | 'styledIn' | 'enumPolicy'> {
  // This API's mode type by its name alone (`InterviewMode`, `Mode`), not another thing's (`TicketMode`): no index here.
  const ours = (name: string) => !!modeOwnerTie(name) || words(name).every((w) => saysMode(w));
  const names = file.x.types.filter((t) => ours(t.name)).flatMap((t) => t.cases.filter((c) => c.values.length === 0 && !!file.vocab.modes.get(c.name)?.to).map((c) => c.name));
  // Members named by their value in a naming policy's case (C#'s `Complaint`): by their value only where a file of the run sets the policy.
  const cased = file.x.types.filter((t) => ours(t.name)).flatMap((t) => t.cases.filter((c) => c.values.length === 0 && !file.vocab.modes.has(c.name) && !!file.vocab.modes.get(norm(c.name))?.to).map((c) => c.name));
  // The same, qualified by the type that declares them (`InterviewMode.complaint`): a use qualified by another type is not one of them.
  const qualified = file.x.types.filter((t) => ours(t.name)).flatMap((t) => t.cases.filter((c) => names.includes(c.name) || cased.includes(c.name)).map((c) => `${t.name}.${c.name}`));
  // Cases the type's own serializer attribute names in a case (Rust's `#[serde(rename_all = "snake_case")]` over
  // `Complaint`): their uses by the name as written (`InterviewMode::Complaint`) are the value's, whatever other files set.
  const styled = file.x.types.filter((t) => ours(t.name)).flatMap((t) => t.cases.filter((c) => names.includes(c.name) && c.nameNode.text() !== c.name).map((c) => `${t.name}.${c.nameNode.text()}`));
  return { ...(names.length > 0 ? { nameValued: [...new Set(names)] } : {}), ...(cased.length > 0 ? { policyValued: [...new Set(cased)] } : {}), ...(qualified.length > 0 ? { nameValuedIn: [...new Set([...qualified, ...styled])] } : {}), ...(styled.length > 0 ? { styledIn: [...new Set(styled)] } : {}), ...(ENUM_POLICY.test(file.source) ? { enumPolicy: true } : {}) };
}
