import type { Ctx } from './context';

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
