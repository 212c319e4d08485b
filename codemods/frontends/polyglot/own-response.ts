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

/**
 * A status checked on the answer of a request the same chain sends to a path of the app's own (REST Assured's
 * `given().post("/symptom-checker/interviews").then().statusCode(400)`, a test client's `client.get("/triage").status`):
 * what the app under test answers its client, not what the API answered. A path of the API's resources is the API's.
 */
export function checksOwnRoute(file: PolyFile, call: Call): boolean {
  const sent = [...call.node.text().matchAll(/\.\s*(?:get|post|put|patch|delete)\s*\(\s*"(\/[^"]*)"/g)].map((m) => m[1]!);
  return sent.length > 0 && sent.every((p) => !file.addressedResource(p));
}
