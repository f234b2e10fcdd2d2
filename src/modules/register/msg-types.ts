/**
 * The decoded register messages (proto `chain.register.v1.Msg…`, reference/chain-semantics.md §1.5):
 * snake_case fields, Int as decimal strings, Coin amounts as strings, pubkeys as Any.
 */
import type { ProtoRegisterParams } from './params.ts';
import type { Description } from './state.ts';
import type { ProtoAny, ProtoCoinMsg } from './validate.ts';

export interface MsgCreateResourceNode {
  readonly network_address: string;
  readonly pubkey: ProtoAny | null;
  readonly value: ProtoCoinMsg | null;
  readonly owner_address: string;
  readonly beneficiary_address: string;
  readonly description: Partial<Description> | null;
  readonly node_type: number;
}

export type MsgCreateMetaNode = Omit<MsgCreateResourceNode, 'node_type'>;

export interface MsgRemoveResourceNode {
  readonly resource_node_address: string;
  readonly owner_address: string;
}

export interface MsgRemoveMetaNode {
  readonly meta_node_address: string;
  readonly owner_address: string;
}

export interface MsgUpdateResourceNode {
  readonly description: Partial<Description> | null;
  readonly beneficiary_address: string;
  readonly network_address: string;
  readonly owner_address: string;
  readonly node_type: number;
}

export type MsgUpdateMetaNode = Omit<MsgUpdateResourceNode, 'node_type'>;

export interface MsgUpdateResourceNodeDeposit {
  readonly network_address: string;
  readonly owner_address: string;
  readonly deposit_delta: ProtoCoinMsg | null;
}

/**
 * `incr_deposit` is not a field of the chain's proto at this commit; spec §4.3 says
 * `--incr-deposit false` decreases the deposit, so a decoded `incr_deposit: false` asks for a decrease.
 */
export interface MsgUpdateMetaNodeDeposit extends MsgUpdateResourceNodeDeposit {
  readonly incr_deposit?: boolean;
}

export interface MsgUpdateEffectiveDeposit {
  readonly reporters: readonly string[];
  readonly reporter_owner: readonly string[];
  readonly network_address: string;
  readonly effective_tokens: string;
}

export interface MsgMetaNodeRegistrationVote {
  readonly candidate_network_address: string;
  readonly candidate_owner_address: string;
  readonly opinion: boolean;
  readonly voter_network_address: string;
  readonly voter_owner_address: string;
}

export interface MsgKickMetaNodeVote {
  readonly target_network_address: string;
  readonly opinion: boolean;
  readonly voter_network_address: string;
  readonly voter_owner_address: string;
}

export interface MsgUpdateParams {
  readonly authority: string;
  readonly params: ProtoRegisterParams;
}

