import { parentPort, workerData } from 'node:worker_threads';
import { quietVerdicts, type PrefilterJob } from './prefilter';

/** A pre-scan worker (lib/prefilter.ts): answers its share of the files once and ends. */
const verdicts = quietVerdicts(workerData as PrefilterJob);
parentPort!.postMessage(verdicts, [verdicts.buffer as ArrayBuffer]);
