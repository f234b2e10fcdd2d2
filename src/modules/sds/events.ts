/**
 * Typed events of the sds module (reference/chain-semantics.md §2.3, §2.4; spec part 6): neutral
 * proto names `chain.sds.v1.Event…`, every field a string (the ABCI form JSON-quotes it).
 */
import { typedEvent, type TypedEvent } from '../../events/event.ts';

const P = 'chain.sds.v1';

export const SdsEvents = {
  fileUpload: (d: { sender: string; reporter: string; uploader: string; file_hash: string }): TypedEvent => typedEvent(`${P}.EventFileUpload`, d),
  /** `amount` is the Coins string of the whole message amount; `purchased_noz` an Int string */
  prePay: (d: { sender: string; beneficiary: string; amount: string; purchased_noz: string }): TypedEvent => typedEvent(`${P}.EventPrePay`, d),
} as const;
