import { parentPort, workerData } from 'node:worker_threads';
import { selectChanges } from '../catalogue';
import { noProject } from '../codemods/engine/ties/project';
import { ParsedFiles } from '../codemods/engine/parsed-files';
import { analyzeText, type AnalyzeContext } from './analyze';
import { defaultFrontEnds } from './frontends';
import { buildProject } from './project';
import { toData, type WorkerInit, type WorkerMessage, type WorkerResults } from './parallel';

/**
 * A worker thread of a parallel scan (lib/parallel.ts): analyses the batches it is sent with the scan's options,
 * first with no run facts, then with the facts the scan sends (rebuilt here as the scan built them), and answers
 * with each file's outcome, facts, name uses and questions asked. It keeps the trees it parsed for the second
 * analyses, as the scan's own thread does.
 */
const init = workerData as WorkerInit;
const registry = defaultFrontEnds();
const ctx: AnalyzeContext = { opts: init.opts, changes: selectChanges(init.opts.only), project: noProject, facts: new Map(), nameUses: new Map(), parsed: new ParsedFiles(), asked: new Map() };
const port = parentPort!;

port.on('message', (m: WorkerMessage) => {
  if ('project' in m) {
    ctx.project = buildProject(new Map(m.project.facts), new Set(m.project.known))?.facts ?? noProject;
    return;
  }
  const results: WorkerResults['results'] = m.items.map(({ i, file, text }) => ({ i, a: toData(analyzeText(file, registry.forFile(file.absPath), text, ctx)) }));
  try {
    port.postMessage({ results } satisfies WorkerResults);
  } catch {
    // A result that cannot be copied: the others are sent, and the scan analyses that file itself.
    port.postMessage({ results: results.map((r) => (copyable(r) ? r : { i: r.i, retry: true as const })) } satisfies WorkerResults);
  }
});

function copyable(value: unknown): boolean {
  try {
    structuredClone(value);
    return true;
  } catch {
    return false;
  }
}
