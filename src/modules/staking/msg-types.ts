/**
 * The decoded staking messages (proto `sdk.staking.v1beta1.Msg…`): snake_case fields, Int and Coin
 * amounts as decimal text, Decs as 18-place text (nullable ones null when absent), pubkeys as Any.
 */
import type { Any } from '../../codec/registry.ts';
import type { ProtoCoin } from '../../math/coins.ts';
import type { ProtoStakingParams } from './params.ts';
import type { ValidatorDescription } from './state.ts';

/** The decoded proto Any and Coin of the messages (the codec's and the coin module's shapes). */
export type ProtoAny = Readonly<Any>;
export type ProtoCoinMsg = ProtoCoin;

export interface ProtoCommissionRates {
  readonly rate: string;
  readonly max_rate: string;
  readonly max_change_rate: string;
}

export interface MsgCreateValidator {
  readonly description: Partial<ValidatorDescription> | null;
  readonly commission: ProtoCommissionRates | null;
  readonly min_self_delegation: string;
  readonly delegator_address: string;
  readonly validator_address: string;
  readonly pubkey: ProtoAny | null;
  readonly value: ProtoCoinMsg | null;
}

export interface MsgEditValidator {
  readonly description: Partial<ValidatorDescription> | null;
  readonly validator_address: string;
  readonly commission_rate: string | null;
  readonly min_self_delegation: string | null;
}

export interface MsgDelegate {
  readonly delegator_address: string;
  readonly validator_address: string;
  readonly amount: ProtoCoinMsg | null;
}

export type MsgUndelegate = MsgDelegate;

export interface MsgBeginRedelegate {
  readonly delegator_address: string;
  readonly validator_src_address: string;
  readonly validator_dst_address: string;
  readonly amount: ProtoCoinMsg | null;
}

export interface MsgCancelUnbondingDelegation {
  readonly delegator_address: string;
  readonly validator_address: string;
  readonly amount: ProtoCoinMsg | null;
  readonly creation_height: bigint;
}

