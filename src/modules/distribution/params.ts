/**
 * Distribution params (reference/sdk-modules.md §4.1, Stratos values of §0.2 as defaults: community
 * tax 0, the two deprecated proposer rewards 0 as on the live chain, withdraw address changes on).
 */
import { Dec } from '../../math/dec.ts';
import { plainError } from '../../errors.ts';

export interface DistributionParams {
  /** Dec raw */
  readonly community_tax: bigint;
  /** Dec raw; deprecated and ignored */
  readonly base_proposer_reward: bigint;
  /** Dec raw; deprecated and ignored */
  readonly bonus_proposer_reward: bigint;
  readonly withdraw_addr_enabled: boolean;
}

export const DEFAULT_DISTRIBUTION_PARAMS: DistributionParams = Object.freeze({
  community_tax: 0n,
  base_proposer_reward: 0n,
  bonus_proposer_reward: 0n,
  withdraw_addr_enabled: true,
});

/** The proto/JSON form: Decs as 18-place text. */
export interface ProtoDistributionParams {
  readonly community_tax: string;
  readonly base_proposer_reward: string;
  readonly bonus_proposer_reward: string;
  readonly withdraw_addr_enabled: boolean;
}

export function distributionParamsToProto(p: DistributionParams): ProtoDistributionParams {
  return {
    community_tax: Dec.fromRaw(p.community_tax).toString(),
    base_proposer_reward: Dec.fromRaw(p.base_proposer_reward).toString(),
    bonus_proposer_reward: Dec.fromRaw(p.bonus_proposer_reward).toString(),
    withdraw_addr_enabled: p.withdraw_addr_enabled,
  };
}

function decField(v: unknown, name: string): bigint {
  if (v === undefined || v === null || v === '') return 0n;
  try {
    return Dec.fromString(String(v)).raw;
  } catch (e) {
    throw plainError(`invalid ${name}: ${(e as Error).message}`);
  }
}

export function distributionParamsFromProto(p: Partial<ProtoDistributionParams> | Record<string, unknown> | undefined): DistributionParams {
  const q = (p ?? {}) as Record<string, unknown>;
  return {
    community_tax: decField(q.community_tax, 'community_tax'),
    base_proposer_reward: decField(q.base_proposer_reward, 'base_proposer_reward'),
    bonus_proposer_reward: decField(q.bonus_proposer_reward, 'bonus_proposer_reward'),
    withdraw_addr_enabled: q.withdraw_addr_enabled === true,
  };
}

/** `Params.ValidateBasic` (v0.47: the community tax only); plain errors as the SDK's `fmt.Errorf`. */
export function validateDistributionParams(p: DistributionParams): void {
  if (p.community_tax < 0n) throw plainError(`community tax must be positive: ${Dec.fromRaw(p.community_tax).toString()}`);
  if (p.community_tax > Dec.ONE.raw) throw plainError(`community tax too large: ${Dec.fromRaw(p.community_tax).toString()}`);
}
