/**
 * What must hold after every block of any run (docs/check.md): pure functions of the state (and the
 * state of the block before), each violation a sentence that names the figures. `sdsim run --check`
 * and `sdsim check` call them after each block.
 *
 * - no wei created or destroyed outside mint and burn: the bank's supply of each denom is the sum of
 *   every balance of it;
 * - pool balances equal their records: pot's `total_reward_pool` holds exactly the rewards it owes,
 *   every wallet's immature and mature totals (maturity moves a reward from one to the other and
 *   sends the slashing it deducts out of the pool; a withdrawal takes it from both);
 * - the total mined never decreases, nor the last distributed or matured epoch.
 */
import { accountKey, moduleAccountAddress } from '../../modules/auth/account.ts';
import type { AppState } from '../../state/app-state.ts';
import { shardEntries } from '../../state/sharded.ts';

const TOTAL_REWARD_POOL_KEY = accountKey(moduleAccountAddress('total_reward_pool'));

function add(into: Map<string, bigint>, amounts: Readonly<Record<string, bigint>>): void {
  for (const [denom, amount] of Object.entries(amounts)) into.set(denom, (into.get(denom) ?? 0n) + amount);
}

export function invariantViolations(state: AppState, before?: AppState): string[] {
  const out: string[] = [];
  // supply = Σ balances
  const held = new Map<string, bigint>();
  let pool: Readonly<Record<string, bigint>> = {};
  for (const [key, balance] of shardEntries(state.bank.balances)) {
    add(held, balance);
    if (key === TOTAL_REWARD_POOL_KEY) pool = balance;
  }
  for (const denom of new Set([...held.keys(), ...Object.keys(state.bank.supply)])) {
    const supply = state.bank.supply[denom] ?? 0n;
    const sum = held.get(denom) ?? 0n;
    if (supply !== sum) out.push(`supply of ${denom} is ${supply} but the balances hold ${sum} (${sum > supply ? 'created' : 'destroyed'}: ${sum > supply ? sum - supply : supply - sum})`);
  }
  // total_reward_pool = Σ immature + Σ mature
  const owed = new Map<string, bigint>();
  for (const [, a] of shardEntries(state.pot.immature_total)) add(owed, a);
  for (const [, a] of shardEntries(state.pot.mature_total)) add(owed, a);
  for (const denom of new Set([...owed.keys(), ...Object.keys(pool)])) {
    const has = pool[denom] ?? 0n;
    const records = owed.get(denom) ?? 0n;
    if (has !== records) out.push(`total_reward_pool holds ${has}${denom} but the wallets' immature and mature totals are ${records}${denom}`);
  }
  const p = state.pot;
  if (before) {
    const b = before.pot;
    if (p.total_mined_tokens < b.total_mined_tokens) out.push(`total mined decreased from ${b.total_mined_tokens} to ${p.total_mined_tokens}`);
    if (p.last_distributed_epoch < b.last_distributed_epoch) out.push(`last distributed epoch went back from ${b.last_distributed_epoch} to ${p.last_distributed_epoch}`);
    if (p.matured_epoch < b.matured_epoch) out.push(`matured epoch went back from ${b.matured_epoch} to ${p.matured_epoch}`);
  }
  return out;
}
