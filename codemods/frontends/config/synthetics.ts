import { findNodeAtLocation, type Node } from 'jsonc-parser';
import type { Change } from '../../../catalogue';
import { statusSites, type Tie } from './calls';
import type { Site } from './model';
import { readPathSites, type Read } from './reads';

/**
 * API checks of monitoring services written as JSON (Datadog synthetics: a step or test `{request, assertions,
 * extractedValues}`): beside a request tied to the API, a status assertion (`{type: 'statusCode', operator: 'is',
 * target: 202}`) is checked against the operation's changed statuses, and the JSON paths the check reads of the
 * answer (`{type: 'body', target: {jsonPath: '$.msg'}}`, an extracted `json_path` value) against its removed and
 * moved fields.
 */

const STATUS_OPERATORS = new Set(['is', 'isNot']);

export function assertionSites(step: Node, tie: Tie, changes: readonly Change[]): Site[] {
  const sites: Site[] = [];
  const reads: Read[] = [];
  const str = (n: Node | undefined, path: (string | number)[]) => {
    const v = n && findNodeAtLocation(n, path);
    return v?.type === 'string' ? v : undefined;
  };
  const assertions = findNodeAtLocation(step, ['assertions']) ?? findNodeAtLocation(step, ['config', 'assertions']);
  for (const a of assertions?.type === 'array' ? (assertions.children ?? []) : []) {
    const type = str(a, ['type'])?.value;
    const target = findNodeAtLocation(a, ['target']);
    if (type === 'statusCode' && STATUS_OPERATORS.has(String(str(a, ['operator'])?.value)) && target) {
      const code = target.type === 'number' ? target.value : target.type === 'string' && /^\d{3}$/.test(String(target.value)) ? Number(target.value) : null;
      if (typeof code === 'number') sites.push(...statusSites(code, tie, changes, { start: target.offset, end: target.offset + target.length }));
    }
    const jsonPath = type === 'body' ? str(a, ['target', 'jsonPath']) : undefined;
    if (jsonPath) reads.push(readOf(jsonPath));
  }
  const extracted = findNodeAtLocation(step, ['extractedValues']);
  for (const x of extracted?.type === 'array' ? (extracted.children ?? []) : []) {
    const value = str(x, ['parser', 'type'])?.value === 'json_path' ? str(x, ['parser', 'value']) : undefined;
    if (value) reads.push(readOf(value));
  }
  sites.push(...readPathSites(reads.filter((r) => r.path.length > 0), tie, changes));
  return sites;
}

/** A JSON path (`$.triage_explanation.potential_condition.triage`, `$.options[*].preselected`) as a read of the answer. */
function readOf(n: Node): Read {
  const text = String(n.value);
  const path = /^\$(\.[A-Za-z_]\w*|\[(\d+|\*)\])*$/.test(text) ? [...text.matchAll(/\.([A-Za-z_]\w*)|\[(?:\d+|\*)\]/g)].map((m) => m[1] ?? '*') : [];
  return { path, start: n.offset + 1, end: n.offset + n.length - 1 };
}
