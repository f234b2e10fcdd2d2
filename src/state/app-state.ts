/**
 * The whole app state: one slice per module. Reducers receive an immer draft of it; everything in
 * it is JSON-like (bigint allowed) so it can be hashed and snapshotted canonically.
 */
import type { AuthState } from '../modules/auth/state.ts';
import type { BankState } from '../modules/bank/state.ts';
import { emptyRegisterState, type RegisterState } from '../modules/register/state.ts';
import { emptyPotState, type PotState } from '../modules/pot/state.ts';
import { emptySdsState, type SdsState } from '../modules/sds/state.ts';
import { DEFAULT_AUTH_PARAMS } from '../modules/auth/params.ts';
import { DEFAULT_BANK_PARAMS } from '../modules/bank/params.ts';
import { emptyStakingState, type StakingState } from '../modules/staking/state.ts';
import { emptyDistributionState, type DistributionState } from '../modules/distribution/state.ts';
import { emptySlashingState, type SlashingState } from '../modules/slashing/state.ts';
import { emptyMintState, type MintState } from '../modules/mint/state.ts';
import { emptyEvidenceState, type EvidenceState } from '../modules/evidence/state.ts';
import { emptyGovState, type GovState } from '../modules/gov/state.ts';
import { shardRevive, type Sharded } from './sharded.ts';

export interface AppState {
  readonly auth: AuthState;
  readonly bank: BankState;
  readonly register: RegisterState;
  readonly pot: PotState;
  readonly sds: SdsState;
  readonly staking: StakingState;
  readonly distribution: DistributionState;
  readonly slashing: SlashingState;
  readonly mint: MintState;
  readonly evidence: EvidenceState;
  readonly gov: GovState;
}

/** The state before InitChain: every slice empty. */
export function emptyAppState(): AppState {
  return {
    auth: { params: DEFAULT_AUTH_PARAMS, accounts: {}, next_account_number: 0n },
    bank: { params: DEFAULT_BANK_PARAMS, balances: {}, supply: {}, denom_metadata: [] },
    register: emptyRegisterState(),
    pot: emptyPotState(),
    sds: emptySdsState(),
    staking: emptyStakingState(),
    distribution: emptyDistributionState(),
    slashing: emptySlashingState(),
    mint: emptyMintState(),
    evidence: emptyEvidenceState(),
    gov: emptyGovState(),
  };
}

/** Every sharded collection of the state, as [slice, field] (src/state/sharded.ts). */
const SHARDED: readonly (readonly [keyof AppState, string])[] = [
  ['auth', 'accounts'],
  ['bank', 'balances'],
  ['register', 'resource_nodes'],
  ['register', 'meta_nodes'],
  ['register', 'reg_vote_pools'],
  ['register', 'kick_vote_pools'],
  ['register', 'unbonding_nodes'],
  ['register', 'slashing'],
  ['pot', 'mature_total'],
  ['pot', 'immature_total'],
  ['pot', 'volume_reports'],
  ['pot', 'total_rewards'],
  ['sds', 'files'],
  ['staking', 'delegations'],
  ['staking', 'unbonding_delegations'],
  ['staking', 'redelegations'],
  ['staking', 'historical_info'],
  ['distribution', 'withdraw_addrs'],
  ['distribution', 'historical_rewards'],
  ['distribution', 'starting_infos'],
];

/** A state read back from a snapshot (plain JSON objects): its sharded collections revived. */
export function reviveAppState(state: AppState): AppState {
  const slices = { ...state } as unknown as Record<string, Record<string, unknown>>;
  for (const [slice, field] of SHARDED) {
    slices[slice] = { ...slices[slice], [field]: shardRevive(slices[slice]![field] as Sharded<unknown>) };
  }
  return slices as unknown as AppState;
}
