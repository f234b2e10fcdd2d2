/**
 * Query services `sdk.gov.v1.Query` and `sdk.gov.v1beta1.Query` (reference/sdk-modules.md §3.2).
 * Owned by the gov queries work; the module (index.ts) serves whatever is listed here.
 */
import type { QuerySpec } from '../../state/module.ts';

export const govQueries: QuerySpec[] = [];
