import type { Operation, ResourceName } from './api';

/**
 * A change of the API between v1 and v2, as the spec states it. Each module in `catalogue/changes/`
 * exports one. Consumers never hard-code what a change does: they interpret its `rules`.
 */
export interface Change {
  /** Stable id used in markers (`TODO(sc-migrate/<id>)`), reports, metrics and docs. Never renamed. */
  id: string;
  /** Month the change took effect (`YYYY-MM`), or null where the spec gives no date. */
  month: string | null;
  /** One line, for tables. */
  title: string;
  /** The spec passages this change implements, verbatim, with their section. */
  spec: SpecRef[];
  /** What `sc-migrate run` does about it. */
  codemod: { fix: CodemodFix; summary: string };
  /** What `sc-migrate proxy` does about it for a legacy client. */
  shim: { summary: string };
  /** Machine-readable facts that the codemod, report and shim interpret. */
  rules: Rule[];
}

export type CodemodFix = 'auto' | 'manual' | 'auto+manual' | 'none';

export interface SpecRef {
  section: string;
  text: string;
}

/** JSON values a shim default can take. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * A path into a JSON body. `*` stands for every item of a list: `['options', '*', 'preselected']`.
 */
export type JsonPath = readonly string[];

export type Rule =
  | BaseUrlRule
  | TokenAudienceRule
  | RequestFieldRemovedRule
  | ResponseFieldRemovedRule
  | ResponseFieldAddedRule
  | ResponseFieldMovedRule
  | ValueRenamedRule
  | ValueRemovedRule
  | StatusChangedRule
  | ObsoleteFilterRule
  | RangeConstraintRule
  | FieldRelaxedRule
  | InformationalRule;

/** v1 base addresses (per environment, from config) become the v2 ones. */
export interface BaseUrlRule {
  kind: 'base-url';
  /** Marker text for a v1 host written without its `/api/` path (the codemod cannot tell what follows). */
  hostOnlyMessage: string;
  /** Marker text where code assembles a v1 address from parts (a v1 host and the v1 path). */
  builtMessage: string;
}

/** The `audience` of token requests changes from the v1 to the v2 audience (per environment, from config). */
export interface TokenAudienceRule {
  kind: 'token-audience';
  /** Marker text where the audience of a token request is computed at run time. */
  dynamicMessage: string;
  /** Marker text where the audience is taken from the API base address (a value named for it). */
  sharedBaseMessage: string;
  /** Shim: the message of the 400 answer to a token request with an audience it does not know. */
  unknownAudienceMessage: string;
}

/** A field a client must no longer send. */
export interface RequestFieldRemovedRule {
  kind: 'request-field-removed';
  resource: ResourceName;
  /** Operations whose request body loses the field. */
  operations: Operation[];
  path: JsonPath;
  /** auto: the codemod deletes the property where the body is tied to the resource; manual: marks it. */
  codemod: 'auto' | 'manual';
  /** Marker text where the field is set in a way the codemod cannot delete safely. */
  message: string;
  /** Shim: strip the field from legacy requests before forwarding (false: forward as is). */
  strip: boolean;
}

/** A field v2 responses no longer carry. Reads are marked for a person; the shim puts it back. */
export interface ResponseFieldRemovedRule {
  kind: 'response-field-removed';
  resource: ResourceName;
  path: JsonPath;
  /** Marker text for a read of the field. */
  message: string;
  /** Shim: the value put back for legacy clients (the config may override it). */
  default: JsonValue;
  /**
   * Other names clients give the field where the spec describes it in words (`preselected_value` for an option's
   * "pre-selected value"): the codemod reads them as the field; the shim and the traffic tools keep to `path`.
   */
  spellings?: string[];
}

/** A field v2 responses carry that v1 did not. Shim: removed for clients pinned before the change. */
export interface ResponseFieldAddedRule {
  kind: 'response-field-added';
  resource: ResourceName;
  path: JsonPath;
}

/** A value that moved inside a response: reads of `from` become reads of `to`; the shim copies it back. */
export interface ResponseFieldMovedRule {
  kind: 'response-field-moved';
  resource: ResourceName;
  /** Operations whose responses moved the value; omitted: every response of the resource. */
  operations?: Operation[];
  from: JsonPath;
  to: JsonPath;
  /** Marker text for a read the codemod cannot rewrite (destructuring, dynamic access). */
  message: string;
}

/** An enumerated value renamed (both in requests and in responses). */
export interface ValueRenamedRule {
  kind: 'value-renamed';
  resource: ResourceName;
  field: string;
  from: string;
  to: string;
}

/** Enumerated values that no longer exist. The codemod marks uses; the shim refuses them. */
export interface ValueRemovedRule {
  kind: 'value-removed';
  resource: ResourceName;
  field: string;
  values: string[];
  /** Marker text and shim error text. */
  message: string;
}

/** Facts about a response the shim can see when it decides whether a status change applies. */
export interface StatusContext {
  method: string;
  operation: Operation;
  requestBody: unknown;
  responseBody: unknown;
}

/** A status code that changed for one operation and condition. */
export interface StatusChangedRule {
  kind: 'status-changed';
  resource: ResourceName;
  operation: Operation;
  from: number;
  to: number;
  /** The spec's condition, in words (docs, markers). */
  condition: string;
  /** Shim: whether a v2 response with status `to` is one that v1 answered with `from`. */
  applies(ctx: StatusContext): boolean;
  /** auto: the codemod rewrites comparisons it can tie to the operation; manual: marks them. */
  codemod: 'auto' | 'manual';
  message: string;
  /**
   * Words client code uses to name this status in a constant (`LOCATION_FAILURE_STATUS = 400`,
   * `MODE_UPDATE_ACCEPTED = 202`): a constant with the old status and one of these words is a site. Heuristic
   * vocabulary, listed with the assumptions in the README.
   */
  codeNames?: string[];
}

/** A client-side filter made obsolete because v2 leaves the filtered items out itself. */
export interface ObsoleteFilterRule {
  kind: 'obsolete-filter';
  resource: ResourceName;
  /** The list that was filtered (`options`). */
  list: string;
  /** The item field the filter tested (`preselected`). */
  field: string;
  /** Other names clients give that field (see ResponseFieldRemovedRule.spellings). */
  spellings?: string[];
}

/** A numeric constraint on a request field (literal values outside it are marked). */
export interface RangeConstraintRule {
  kind: 'range-constraint';
  resource: ResourceName;
  path: JsonPath;
  min: number;
  max: number;
  message: string;
}

/** A request field whose rules were relaxed; the codemod must keep it (it is not a removal). */
export interface FieldRelaxedRule {
  kind: 'field-relaxed';
  resource: ResourceName;
  operation: Operation;
  path: JsonPath;
}

/** A change with nothing for the tools to do beyond documenting it. */
export interface InformationalRule {
  kind: 'informational';
  reason: string;
}

export type RuleKind = Rule['kind'];
export type RuleOfKind<K extends RuleKind> = Extract<Rule, { kind: K }>;
