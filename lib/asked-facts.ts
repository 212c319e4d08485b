import { isDeepStrictEqual } from 'node:util';
import type { RunFacts } from './types';

/** One thing an analysis asked of the run's facts, with the answer it got. */
type Question =
  | { prop: string; kind: 'value'; value: unknown }
  | { prop: string; kind: 'method'; present: boolean }
  | { prop: string; kind: 'call'; args: unknown[]; answer: unknown };

/**
 * What one analysis of a file asked of the run's facts (lib/project.ts) and what it was told. The pipeline
 * analyses a file again when the other files' facts concern it; when every question the first analysis asked
 * gets the same answer from the new facts, the second analysis would compute the same outcome (an analysis
 * depends only on its text, the options and these answers), so the pipeline keeps the first one.
 *
 * Answers are compared by value (a copy taken when asked); a property that is not a method (the polyglot
 * index) only by identity, so a new index always counts as a change.
 */
export class AskedFacts {
  private readonly questions: Question[] = [];
  /** Set when an answer could not be copied: the file is then always analysed again. */
  private opaque = false;

  /** The facts to hand to the analysis: the same answers, each question recorded. */
  view(facts: RunFacts): RunFacts {
    const questions = this.questions;
    // A question asked again gets the same answer from the same facts: recorded once (the same property read
    // with the same value; a call with the same arguments, when they are strings, numbers, null or undefined).
    // The call itself still goes to the facts: each caller gets its own answer, as before.
    const seen = new Map<string, unknown>();
    const calls = new Set<string>();
    return new Proxy(facts, {
      get: (target, prop, receiver) => {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (typeof prop !== 'string') return value;
        if (typeof value !== 'function') {
          if (seen.has(prop) && seen.get(prop) === value) return value;
          seen.set(prop, value);
          questions.push(value === undefined ? { prop, kind: 'method', present: false } : { prop, kind: 'value', value });
          return value;
        }
        if (!seen.has(prop)) {
          seen.set(prop, value);
          questions.push({ prop, kind: 'method', present: true });
        }
        return (...args: unknown[]) => {
          const answer: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          const key = callKey(prop, args);
          if (key !== null) {
            if (calls.has(key)) return answer;
            calls.add(key);
          }
          try {
            questions.push({ prop, kind: 'call', args: structuredClone(args), answer: structuredClone(answer) });
          } catch {
            this.opaque = true;
          }
          return answer;
        };
      },
    });
  }

  /**
   * The questions and answers as data another thread can be sent (a worker of a parallel scan). An answer
   * compared by identity (an object-valued property) cannot keep its identity in a copy: the copy then always
   * asks for a second analysis, as an answer that cannot be copied does.
   */
  toData(): AskedData {
    const byIdentity = this.questions.some((q) => q.kind === 'value' && q.value !== null && (typeof q.value === 'object' || typeof q.value === 'function'));
    return { questions: byIdentity ? [] : this.questions, opaque: this.opaque || byIdentity };
  }

  static fromData(data: AskedData): AskedFacts {
    const asked = new AskedFacts();
    asked.questions.push(...(data.questions as Question[]));
    asked.opaque = data.opaque;
    return asked;
  }

  /** Whether `facts` answer every recorded question as the facts the analysis was given did. */
  sameAnswers(facts: RunFacts): boolean {
    if (this.opaque) return false;
    const record = facts as unknown as Record<string, unknown>;
    return this.questions.every((q) => {
      const value = record[q.prop];
      if (q.kind === 'value') return value === q.value;
      if (q.kind === 'method') return (typeof value === 'function') === q.present && (q.present || value === undefined);
      return typeof value === 'function' && isDeepStrictEqual((value as (...a: unknown[]) => unknown).apply(facts, q.args), q.answer);
    });
  }
}

/** What AskedFacts.toData gives: plain data for postMessage. */
export interface AskedData {
  questions: readonly unknown[];
  opaque: boolean;
}

/** A key that tells calls apart exactly (`null` from `undefined`, `'1'` from `1`), or null when an argument is not a primitive. */
function callKey(prop: string, args: readonly unknown[]): string | null {
  let key = `${prop}(`;
  for (const a of args) {
    if (typeof a === 'string') key += `s${a.length}:${a}`;
    else if (typeof a === 'number') key += `n${a}`;
    else if (a === null) key += 'N';
    else if (a === undefined) key += 'U';
    else return null;
    key += ',';
  }
  return key;
}
