import type { RuleKind } from '../../../catalogue';
import { baseUrl } from './base-url';
import { obsoleteFilter } from './obsolete-filter';
import { rangeConstraint } from './range-constraint';
import { requestFieldRemoved } from './request-field-removed';
import { responseFieldMoved } from './response-field-moved';
import { responseFieldRemoved } from './response-field-removed';
import { statusChanged } from './status-changed';
import { tokenAudience } from './token-audience';
import { valueRemoved } from './value-removed';
import { valueRenamed } from './value-renamed';
import type { RuleImpl } from './types';

export type { RuleImpl } from './types';

/** The implementation of every rule kind that does something in code, one module each. */
export const implementations: { [K in RuleKind]?: RuleImpl<K> } = {
  'token-audience': tokenAudience,
  'base-url': baseUrl,
  'request-field-removed': requestFieldRemoved,
  'obsolete-filter': obsoleteFilter,
  'response-field-moved': responseFieldMoved,
  'response-field-removed': responseFieldRemoved,
  'value-renamed': valueRenamed,
  'value-removed': valueRemoved,
  'status-changed': statusChanged,
  'range-constraint': rangeConstraint,
};

/** Kinds run in this order: a rule that claims a node first keeps it (audience before base URL, moves before removals). */
export const KIND_ORDER: RuleKind[] = Object.keys(implementations) as RuleKind[];
