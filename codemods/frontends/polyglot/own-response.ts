import type { PolyFile } from './file';
import type { Call } from './lang';

/**
 * A server's own answer built from a response type and returned (`return Response.status(Status.BAD_REQUEST)…build()`
 * in a JAX-RS resource, `return ResponseEntity.status(HttpStatus.BAD_REQUEST)…`): the app answering its own client,
 * not a check of what the API answered, nor a stub of it (`aResponse().withStatus(400)`).
 */
export function returnsOwnResponse(file: PolyFile, call: Call): boolean {
  if (!/^(?:[A-Z]\w*\.)*(?:[A-Z]\w*)?(?:Response|ResponseEntity|Results)\s*\.\s*\w+\s*\(/.test(call.node.text())) return false;
  const returns = new Set(file.spec.returnKinds);
  return call.node.ancestors().some((a) => returns.has(a.kind() as string));
}
