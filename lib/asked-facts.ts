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
    return new Proxy(facts, {
      get: (target, prop, receiver) => {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (typeof prop !== 'string') return value;
        if (typeof value !== 'function') {
          questions.push(value === undefined ? { prop, kind: 'method', present: false } : { prop, kind: 'value', value });
          return value;
        }
        questions.push({ prop, kind: 'method', present: true });
        return (...args: unknown[]) => {
          const answer: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
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
