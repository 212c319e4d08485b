import { analyzeAddresses } from './addresses';
import type { RuleImpl } from './types';

/** v1 base addresses: see addresses.ts (one analysis for both address changes, by role). */
export const baseUrl: RuleImpl<'base-url'> = (ctx) => analyzeAddresses(ctx);
