import type { Change, Rule, RuleKind, RuleOfKind } from './types';
import { answerExtraOptional } from './changes/answer-extra-optional';
import { baseUrl } from './changes/base-url';
import { complaintExtraRemoved } from './changes/complaint-extra-removed';
import { complaintNextLinks } from './changes/complaint-next-links';
import { intentDetailContextRemoved } from './changes/intent-detail-context-removed';
import { interviewMarketplaceVariantRemoved } from './changes/interview-marketplace-variant-removed';
import { interviewModeFlagRemoved } from './changes/interview-mode-flag-removed';
import { interviewProfileFieldsRemoved } from './changes/interview-profile-fields-removed';
import { locationError422 } from './changes/location-error-422';
import { locationOptional } from './changes/location-optional';
import { modeComplaintRenamedInput } from './changes/mode-complaint-renamed-input';
import { modeSafeTriageRemoved } from './changes/mode-safe-triage-removed';
import { modeUpdateStatus200 } from './changes/mode-update-status-200';
import { potentialConditionTriageRemoved } from './changes/potential-condition-triage-removed';
import { profileAgeRange } from './changes/profile-age-range';
import { questionFreeTextAlttextAdded } from './changes/question-free-text-alttext-added';
import { questionPreselectedRemoved } from './changes/question-preselected-removed';
import { resultAdviceTestRemoved } from './changes/result-advice-test-removed';
import { sandboxRefresh } from './changes/sandbox-refresh';
import { tokenAudience } from './changes/token-audience';
import { updateMsgInLinks } from './changes/update-msg-in-links';

export * from './types';
export * as api from './api';
export type { ResourceName, Operation } from './api';

/** Every change, newest first (the order of the spec's section 9 and its "Earlier changes" table). */
export const catalogue: readonly Change[] = [
  baseUrl,
  tokenAudience,
  complaintExtraRemoved,
  intentDetailContextRemoved,
  answerExtraOptional,
  interviewProfileFieldsRemoved,
  interviewMarketplaceVariantRemoved,
  questionPreselectedRemoved,
  resultAdviceTestRemoved,
  potentialConditionTriageRemoved,
  questionFreeTextAlttextAdded,
  profileAgeRange,
  locationOptional,
  locationError422,
  interviewModeFlagRemoved,
  modeComplaintRenamedInput,
  modeSafeTriageRemoved,
  updateMsgInLinks,
  modeUpdateStatus200,
  complaintNextLinks,
  sandboxRefresh,
];

/** The month v2 shipped: a client pinned at `v1` is v1 as it was then. */
export const V2_MONTH = '2021-07';

export type ChangeId = string;

export function getChange(id: ChangeId): Change {
  const change = catalogue.find((c) => c.id === id);
  if (!change) throw new Error(`unknown change id '${id}'; known ids: ${catalogue.map((c) => c.id).join(', ')}`);
  return change;
}

export function isChangeId(id: string): boolean {
  return catalogue.some((c) => c.id === id);
}

/** A rule together with the change it belongs to. */
export interface RuleRef<K extends RuleKind = RuleKind> {
  change: Change;
  rule: RuleOfKind<K>;
}

/** Every rule of a kind, across `changes` (default: the whole catalogue). */
export function rulesOfKind<K extends RuleKind>(kind: K, changes: readonly Change[] = catalogue): RuleRef<K>[] {
  const out: RuleRef<K>[] = [];
  for (const change of changes) {
    for (const rule of change.rules as Rule[]) {
      if (rule.kind === kind) out.push({ change, rule: rule as RuleOfKind<K> });
    }
  }
  return out;
}

/** A legacy pin: `v1` (v1 as it was when v2 shipped) or a month `YYYY-MM`. */
export type LegacyPin = 'v1' | string;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function parsePin(pin: string): LegacyPin {
  if (pin === 'v1' || MONTH.test(pin)) return pin;
  throw new Error(`legacy version '${pin}' is neither 'v1' nor a month YYYY-MM`);
}

/**
 * The changes a client pinned at `pin` does not know, whose down-migrations the shim applies:
 * `v1` gets the changes of the month v2 shipped; `YYYY-MM` gets every dated change after that month.
 */
export function changesAfterPin(pin: LegacyPin, changes: readonly Change[] = catalogue): Change[] {
  const p = parsePin(pin);
  if (p === 'v1') return changes.filter((c) => c.month === V2_MONTH);
  return changes.filter((c) => c.month !== null && c.month > p);
}

/** Select changes by id (for `--only`), failing on an unknown id. */
export function selectChanges(ids?: readonly string[]): Change[] {
  if (!ids || ids.length === 0) return [...catalogue];
  return ids.map(getChange);
}
