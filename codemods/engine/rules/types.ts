import type { Change, RuleKind, RuleOfKind } from '../../../catalogue';
import type { FileContext } from '../file';

/** A rule kind's implementation: finds the sites of one rule in one file and records fixes or markers. */
export type RuleImpl<K extends RuleKind> = (ctx: FileContext, change: Change, rule: RuleOfKind<K>) => void;
