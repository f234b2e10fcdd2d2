/**
 * Defaults the REST interface applies to a request before the query runs, where the product's
 * spec says more than the SDK's gateway (docs/rest.md "Defaults of the spec"):
 *
 * - `GET /sdk/staking/v1beta1/validators` without `status`: only bonded validators (spec §4.6,
 *   "by default only bonded ones"; the SDK's gateway would list every validator). `status=` with
 *   any value, the gRPC query and the CLI keep the SDK's meaning (empty = all).
 */
import type { ProtoObject } from '../../codec/registry.ts';

type RequestDefault = (request: ProtoObject, query: ReadonlyMap<string, readonly string[]> | undefined) => void;

const DEFAULTS: Readonly<Record<string, RequestDefault>> = {
  'sdk.staking.v1beta1.Query/Validators': (request, query) => {
    if (!query?.has('status')) request.status = 'BOND_STATUS_BONDED';
  },
};

/** Applies the spec's default of a REST method, if it has one. */
export function applyRequestDefaults(method: string, request: ProtoObject, query: ReadonlyMap<string, readonly string[]> | undefined): void {
  DEFAULTS[method]?.(request, query);
}
