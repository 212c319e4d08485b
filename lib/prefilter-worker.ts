import { parentPort, workerData } from 'node:worker_threads';
import { answerFiles, type PrefilterJob } from './prefilter';

/** A pre-scan worker (lib/prefilter.ts): takes files from the shared queue until none is left, then ends. */
answerFiles(workerData as PrefilterJob, () => parentPort!.postMessage(0));
