/**
 * The staking module's untyped events (reference/sdk-modules.md §2.5): attributes in the SDK's
 * order, amounts as `Coin.String()`, completion times to the second (Go `time.RFC3339`).
 */
import { plainEvent, type PlainEvent } from '../../events/event.ts';
import { formatCoins, type Coins } from '../../math/coins.ts';
import { Dec } from '../../math/dec.ts';
import { formatTimeNs } from '../../state/block-info.ts';
import { rfc3339Seconds } from '../register/events.ts';
import type { ValidatorRecord } from './state.ts';

export { rfc3339Seconds };

export const coinText = (amount: bigint, denom: string): string => `${amount}${denom}`;

export const StakingEvents = {
  createValidator: (validator: string, amount: string): PlainEvent => plainEvent('create_validator', { validator, amount }),
  editValidator: (v: ValidatorRecord): PlainEvent =>
    plainEvent('edit_validator', { commission_rate: commissionYaml(v.commission), min_self_delegation: v.min_self_delegation.toString() }),
  delegate: (validator: string, delegator: string, amount: string, newShares: bigint): PlainEvent =>
    plainEvent('delegate', { validator, delegator, amount, new_shares: Dec.fromRaw(newShares).toString() }),
  unbond: (validator: string, amount: string, delegator: string, completionNs: bigint): PlainEvent =>
    plainEvent('unbond', { validator, amount, delegator, completion_time: rfc3339Seconds(completionNs) }),
  redelegate: (source: string, destination: string, amount: string, completionNs: bigint): PlainEvent =>
    plainEvent('redelegate', { source_validator: source, destination_validator: destination, amount, completion_time: rfc3339Seconds(completionNs) }),
  cancelUnbondingDelegation: (amount: string, validator: string, delegator: string, creationHeight: bigint): PlainEvent =>
    plainEvent('cancel_unbonding_delegation', { amount, validator, delegator, creation_height: creationHeight.toString() }),
  completeUnbonding: (amount: Coins, validator: string, delegator: string): PlainEvent =>
    plainEvent('complete_unbonding', { amount: formatCoins(amount), validator, delegator }),
  completeRedelegation: (amount: Coins, delegator: string, source: string, destination: string): PlainEvent =>
    plainEvent('complete_redelegation', { amount: formatCoins(amount), delegator, source_validator: source, destination_validator: destination }),
} as const;

/**
 * `Commission.String()`: the YAML of the whole commission with a trailing newline, keys sorted,
 * Decs and the update time (Go RFC3339Nano) double-quoted ([QUIRK] of edit_validator).
 */
export function commissionYaml(c: ValidatorRecord['commission']): string {
  const d = (raw: bigint) => `"${Dec.fromRaw(raw).toString()}"`;
  return (
    'commission_rates:\n' +
    `  max_change_rate: ${d(c.max_change_rate)}\n` +
    `  max_rate: ${d(c.max_rate)}\n` +
    `  rate: ${d(c.rate)}\n` +
    `update_time: "${formatTimeNs(c.update_time)}"\n`
  );
}
