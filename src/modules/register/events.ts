/**
 * Typed events of the register module (reference/chain-semantics.md §1.5): neutral proto names
 * `chain.register.v1.Event…`; every field is a string (the ABCI form JSON-quotes it).
 */
import { formatCoin, type Coin } from '../../math/coin.ts';
import { typedEvent, type TypedEvent } from '../../events/event.ts';

const P = 'chain.register.v1';

/** Go's `time.RFC3339`: whole seconds, UTC `Z` (fractions are dropped, not rounded). */
export function rfc3339Seconds(ns: bigint): string {
  const s = ns >= 0n ? ns / 1_000_000_000n : -((-ns + 999_999_999n) / 1_000_000_000n);
  return new Date(Number(s) * 1000).toISOString().slice(0, 19) + 'Z';
}

export const coinText = (amount: bigint, denom: string): string => formatCoin({ amount, denom } as Coin);

export const RegisterEvents = {
  createResourceNode: (d: { sender: string; network_address: string; pubkey: string; ozone_limit_changes: string; initial_deposit: string }): TypedEvent =>
    typedEvent(`${P}.EventCreateResourceNode`, d),
  createMetaNode: (d: { sender: string; network_address: string }): TypedEvent => typedEvent(`${P}.EventCreateMetaNode`, d),
  unbondingResourceNode: (d: { sender: string; resource_node: string; deposit_to_remove: string; unbonding_mature_time: string }): TypedEvent =>
    typedEvent(`${P}.EventUnBondingResourceNode`, d),
  unbondingMetaNode: (d: { sender: string; meta_node: string; ozone_limit_changes: string; deposit_to_remove: string; unbonding_mature_time: string }): TypedEvent =>
    typedEvent(`${P}.EventUnBondingMetaNode`, d),
  metaNodeRegistrationVote: (d: { sender: string; voter_network_address: string; candidate_network_address: string; candidate_status: string; ozone_limit_changes: string }): TypedEvent =>
    typedEvent(`${P}.EventMetaNodeRegistrationVote`, d),
  kickMetaNodeVote: (d: { sender: string; voter_network_address: string; target_network_address: string; target_status: string }): TypedEvent =>
    typedEvent(`${P}.EventKickMetaNodeVote`, d),
  updateResourceNode: (d: { sender: string; network_address: string; beneficiary_address: string }): TypedEvent => typedEvent(`${P}.EventUpdateResourceNode`, d),
  updateMetaNode: (d: { sender: string; network_address: string }): TypedEvent => typedEvent(`${P}.EventUpdateMetaNode`, d),
  updateResourceNodeDeposit: (d: DepositEventData): TypedEvent => typedEvent(`${P}.EventUpdateResourceNodeDeposit`, { ...d }),
  updateMetaNodeDeposit: (d: DepositEventData): TypedEvent => typedEvent(`${P}.EventUpdateMetaNodeDeposit`, { ...d }),
  updateEffectiveDeposit: (d: { network_address: string; effective_deposit_after: string; is_unsuspended: string }): TypedEvent =>
    typedEvent(`${P}.EventUpdateEffectiveDeposit`, d),
  completeUnbondingResourceNode: (d: { amount: string; network_address: string }): TypedEvent => typedEvent(`${P}.EventCompleteUnBondingResourceNode`, d),
  completeUnbondingMetaNode: (d: { amount: string; network_address: string }): TypedEvent => typedEvent(`${P}.EventCompleteUnBondingMetaNode`, d),
} as const;

export interface DepositEventData {
  sender: string;
  network_address: string;
  deposit_delta: string;
  current_deposit: string;
  available_token_before: string;
  available_token_after: string;
  ozone_limit_changes: string;
  unbonding_mature_time: string;
}
