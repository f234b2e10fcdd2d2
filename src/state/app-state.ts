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

export interface AppState {
  readonly auth: AuthState;
  readonly bank: BankState;
  readonly register: RegisterState;
  readonly pot: PotState;
  readonly sds: SdsState;
}

/** The state before InitChain: every slice empty. */
export function emptyAppState(): AppState {
  return {
    auth: { params: DEFAULT_AUTH_PARAMS, accounts: {}, next_account_number: 0n },
    bank: { params: DEFAULT_BANK_PARAMS, balances: {}, supply: {}, denom_metadata: [] },
    register: emptyRegisterState(),
    pot: emptyPotState(),
    sds: emptySdsState(),
  };
}
