import type { API, FileInfo } from 'jscodeshift';

/**
 * The least any jscodeshift codemod does: parse the file (through recast, as `api.jscodeshift(source)` does)
 * and walk every node once. Returns undefined: nothing changes. A standard transform module; the bench applies
 * it in-process with the parser jscodeshift would use for the file's extension (`ts`, `tsx`, `babylon`).
 */
export default function transform(file: FileInfo, api: API): string | undefined {
  let nodes = 0;
  api
    .jscodeshift(file.source)
    .find(api.jscodeshift.Node)
    .forEach(() => {
      nodes++;
    });
  lastNodeCount = nodes;
  return undefined;
}

/** Nodes seen by the last call (read by the bench to make sure the walk is not optimised away). */
export let lastNodeCount = 0;
