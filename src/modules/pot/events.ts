/**
 * Typed events of the pot module (reference/chain-semantics.md §3.3–3.9, spec part 6): neutral
 * proto names `chain.pot.v1.Event…`; every field is a string (the ABCI form JSON-quotes it).
 */
import { typedEvent, type TypedEvent } from '../../events/event.ts';

const P = 'chain.pot.v1';

export const PotEvents = {
  volumeReport: (d: { report_reference: string; epoch: string }): TypedEvent => typedEvent(`${P}.EventVolumeReport`, d),
  withdraw: (d: { amount: string; wallet_address: string; target_address: string }): TypedEvent => typedEvent(`${P}.EventWithdraw`, d),
  foundationDeposit: (d: { amount: string }): TypedEvent => typedEvent(`${P}.EventFoundationDeposit`, d),
  slashing: (d: { wallet_address: string; network_address: string; amount: string; slashing_type: string; suspend: string }): TypedEvent =>
    typedEvent(`${P}.EventSlashing`, d),
} as const;
