/**
 * Typed events. Handlers emit these through `ctx.emit`; the ABCI form (type + string attributes,
 * `index: true`) is derived only at the edge (`toAbciEvent`), as the SDK does with its typed events
 * (reference/chain-semantics.md §0.4; spec part 6).
 *
 * Two families:
 * - framework events with fixed attribute order (`coin_spent`, `transfer`, `message`, `tx`, …);
 * - typed module events named by their neutral proto name (`chain.sds.v1.EventFileUpload`), whose
 *   attributes are the proto fields in alphabetical order with JSON-encoded values.
 */
import { qualify, type NamingProfile, NEUTRAL } from '../naming.ts';
import { formatCoins, type Coins } from '../math/coins.ts';

/**
 * Framework events carry coin amounts as coins and signatures as bytes; their text (`10wei,5ufoo`,
 * base64) is made by `toAbciEvent`, so that a replay, which keeps no events, never formats them.
 */
export type SdkEvent =
  | Readonly<{ type: 'coin_spent'; data: Readonly<{ spender: string; amount: Coins }> }>
  | Readonly<{ type: 'coin_received'; data: Readonly<{ receiver: string; amount: Coins }> }>
  | Readonly<{ type: 'transfer'; data: Readonly<{ recipient: string; sender: string; amount: Coins }> }>
  | Readonly<{ type: 'coinbase'; data: Readonly<{ minter: string; amount: Coins }> }>
  | Readonly<{ type: 'burn'; data: Readonly<{ burner: string; amount: Coins }> }>
  /** pot's MsgLegacyWithdraw of chain v0.11 (an untyped event) */
  | Readonly<{ type: 'legacy_withdraw'; data: Readonly<{ amount: Coins; legacy_wallet_address: string }> }>
  | Readonly<{ type: 'message'; data: Readonly<{ action?: string; sender?: string; module?: string }> }>
  | Readonly<{ type: 'tx'; data: Readonly<{ fee: Coins; fee_payer: string }> }>
  | Readonly<{ type: 'tx'; data: Readonly<{ acc_seq: string }> }>
  | Readonly<{ type: 'tx'; data: Readonly<{ signature: Uint8Array }> }>;

/** A module's typed event: `name` is the neutral proto name, `data` the proto fields (proto-JSON values). */
export type TypedEvent = Readonly<{ type: 'typed'; name: string; data: Readonly<Record<string, unknown>> }>;

/**
 * An untyped SDK module event (`sdk.NewEvent(type, attrs…)`, as staking, distribution, slashing and
 * mint emit them): the attributes in the module's order, values already text.
 */
export type PlainEvent = Readonly<{ type: 'plain'; name: string; attributes: readonly (readonly [string, string])[] }>;

export type ChainEvent = SdkEvent | TypedEvent | PlainEvent;

export interface AbciAttribute {
  readonly key: string;
  readonly value: string;
  readonly index: boolean;
}
export interface AbciEvent {
  readonly type: string;
  readonly attributes: readonly AbciAttribute[];
}

export function typedEvent(name: string, data: Record<string, unknown>): TypedEvent {
  return { type: 'typed', name, data };
}

/** An untyped module event with attributes in the given order (`plainEvent('delegate', { validator, delegator, amount })`). */
export function plainEvent(name: string, attributes: Readonly<Record<string, string>>): PlainEvent {
  return { type: 'plain', name, attributes: Object.entries(attributes) };
}

/** Converts a typed event to its ABCI form; every attribute is indexed (the chain's default). */
export function toAbciEvent(e: ChainEvent, profile: NamingProfile = NEUTRAL): AbciEvent {
  // loops rather than entries/map: every tx converts a dozen of these, in CheckTx and in its block
  const attributes: AbciAttribute[] = [];
  if (e.type === 'plain') {
    for (const [key, value] of e.attributes) attributes.push({ key, value, index: true });
    return { type: e.name, attributes };
  }
  if (e.type === 'typed') {
    for (const key of Object.keys(e.data).sort()) attributes.push({ key, value: JSON.stringify(e.data[key] ?? ''), index: true });
    return { type: qualify(profile, e.name), attributes };
  }
  const data = e.data as Readonly<Record<string, unknown>>;
  for (const key in data) {
    const value = data[key];
    if (value !== undefined) attributes.push({ key, value: attributeText(value), index: true });
  }
  return { type: e.type, attributes };
}

/** A framework event's attribute value as text: coins as the SDK prints them, bytes as base64. */
function attributeText(value: unknown): string {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return formatCoins(value as Coins);
  return String(value);
}
