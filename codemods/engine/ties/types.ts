import { memoByName } from '../memo';
import { rulesOfKind } from '../../../catalogue';
import type { Node } from '../ast';
import { words } from '../words';
import { isModeKeyedName, nounTie, type NounTie } from './names';
import type { Tie } from './tie';

/**
 * Declared types that model the API's resources: `Result`, `TriageResult`, `ComplaintBody`, `Result[]`,
 * `Promise<Interview>`, `Result | null`. A type names its resource with a noun (names.ts) followed only by
 * words that say it is a representation (`Dto`, `Json`, `Model`), a request (`Body`, `Payload`) or a response.
 */

/** Words that mark a type as something sent rather than received. */
const REQUEST_WORDS = new Set(['body', 'request', 'req', 'payload', 'input', 'create', 'update', 'new', 'params', 'draft', 'form']);

/** Words that may follow the noun in the name of a type that still models the resource itself. */
const REPRESENTATION_WORDS = new Set(['dto', 'data', 'json', 'model', 'type', 'v1', 'v2', 'api', 'raw', 'record', 'entity', 'object', 'shape', 'schema', 'item', 'items', 'list', 'codec', 'validator', 'struct']);

/** Words that mark a type as received, whatever else it says (`ModeUpdateResponse`). */
const RESPONSE_WORDS = new Set(['response', 'res', 'reply', 'resp']);

/** The resource a type name models, and whether it models a request body (`ComplaintBody`) or a response. */
export const typeNameTie: (name: string) => (NounTie & { role: 'request' | 'response' }) | null = memoByName(computeTypeNameTie);

function computeTypeNameTie(name: string): (NounTie & { role: 'request' | 'response' }) | null {
  const w = words(name);
  const role = (rest: string[]) =>
    rest.some((x) => RESPONSE_WORDS.has(x)) ? 'response' : rest.some((x) => REQUEST_WORDS.has(x)) ? 'request' : 'response';
  for (let i = w.length - 1; i >= 0; i--) {
    const t = nounTie(w.slice(0, i + 1).join('_'));
    if (!t) continue;
    // `TriageResult`, `ResultResponse`, `ComplaintBody` model the resource; `ResultCardProps` does not.
    const after = w.slice(i + 1);
    if (!after.every((x) => REPRESENTATION_WORDS.has(x) || REQUEST_WORDS.has(x) || RESPONSE_WORDS.has(x))) return null;
    // Every word counts, the carrier stripped with the noun too (`UpdateInterviewResponseDto`: a response).
    return { ...t, role: role(w) };
  }
  // `ModeUpdateBody`: an enumerated field names the resource it belongs to.
  for (const { rule } of [...rulesOfKind('value-renamed'), ...rulesOfKind('value-removed')]) {
    const i = w.indexOf(rule.field.toLowerCase());
    // `ModeUpdateBody`, `InterviewModeResponse`; not `ThemeMode` (another thing's mode).
    if (i >= 0 && isModeKeyedName(name)) return { resource: rule.resource, path: [], list: false, role: role(w.filter((_, k) => k !== i)) };
  }
  return null;
}

/** The tie of a value declared with a type name. */
export function typeNameValueTie(name: string): Tie | null {
  const t = typeNameTie(name);
  if (!t) return null;
  return { resource: t.resource, role: t.role === 'request' ? 'request' : 'body', path: t.path, via: 'type', list: t.list };
}

/**
 * Generic types that carry a payload under `data`: Fresh's and other frameworks' page props, data-fetching hooks'
 * results. Their type argument is what the payload is. Not an HTTP client's response type (`AxiosResponse<T>`,
 * `HttpResponse<T>`): its status is checked, and the operation that answered it comes from the data flow.
 */
const CARRIERS = new Set(['PageProps', 'SWRResponse', 'UseQueryResult', 'DefinedUseQueryResult', 'QueryObserverResult', 'UseSuspenseQueryResult']);

/** What a declared type says a value is (`Result`, `ComplaintBody`, `Result[]`, `Result | null`). */
export function typeTie(typeNode: Node): Tie | null {
  if (!typeNode) return null;
  switch (typeNode.type) {
    case 'TSTypeAnnotation':
    case 'TypeAnnotation':
      return typeTie(typeNode.typeAnnotation);
    case 'TSTypeReference':
    case 'GenericTypeAnnotation': {
      const ref = typeNode.typeName ?? typeNode.id;
      const name = ref?.type === 'Identifier' ? ref.name : ref?.type === 'TSQualifiedName' ? ref.right.name : null;
      if (!name) return null;
      const params = (typeNode.typeParameters ?? typeNode.typeArguments)?.params;
      if (['Promise', 'Array', 'ReadonlyArray'].includes(name) && params?.[0]) {
        const inner = typeTie(params[0]);
        return inner && name !== 'Promise' ? { ...inner, list: true } : inner;
      }
      // `PageProps<Result>`, `AxiosResponse<Interview>`: a carrier whose `.data` (or `.body`) is the model.
      if (CARRIERS.has(name) && params?.[0]) {
        const inner = typeTie(params[0]);
        return inner && inner.role === 'body' && inner.path.length === 0 ? { ...inner, role: 'result', list: false, ...(inner.list ? { op: 'list' as const } : {}) } : null;
      }
      return typeNameValueTie(name);
    }
    case 'TSArrayType':
    case 'ArrayTypeAnnotation': {
      const inner = typeTie(typeNode.elementType);
      return inner ? { ...inner, list: true } : null;
    }
    case 'TSUnionType':
    case 'UnionTypeAnnotation':
      for (const t of typeNode.types) {
        const tie = typeTie(t);
        if (tie) return tie;
      }
      return null;
    case 'TSParenthesizedType':
    case 'NullableTypeAnnotation':
      return typeTie(typeNode.typeAnnotation);
    default:
      return null;
  }
}
