/**
 * HistoricalInfo (reference/sdk-modules.md §2.1, §2.4): BeginBlock prunes the entries older than
 * historical_entries blocks (stopping at the first gap) and stores {header, valset} for this height.
 */
import type { Draft } from 'immer';
import type { AppState } from '../../state/app-state.ts';
import { formatTimeNs } from '../../state/block-info.ts';
import type { Ctx } from '../../state/module.ts';
import { shardDelete, shardGet, shardSet, type Sharded } from '../../state/sharded.ts';
import { BondStatus, consensusPower, type HistoricalInfoRecord, type ValidatorRecord } from './state.ts';

/**
 * The trie key of a height: its 16 hex digits reversed, so that the leading digits (the trie path)
 * are the fast-changing low digits and consecutive heights spread over the trie (a block's write
 * and prune touch a few small nodes, whatever the number of kept entries).
 */
export function historicalInfoKey(height: bigint): string {
  return height.toString(16).padStart(16, '0').split('').reverse().join('');
}

export function getHistoricalInfo(state: AppState, height: bigint): HistoricalInfoRecord | undefined {
  return shardGet(state.staking.historical_info, historicalInfoKey(height));
}

/** The last bonded set in CometBFT order: consensus power desc, then consensus address bytes asc. */
export function lastValidatorsByVotingPower(state: AppState): ValidatorRecord[] {
  const power = (v: ValidatorRecord) => (v.status === BondStatus.BONDED ? consensusPower(v.tokens) : 0n);
  return Object.keys(state.staking.last_validator_powers)
    .map((hex) => state.staking.validators[hex]!)
    .filter((v) => v !== undefined)
    .sort((a, b) => {
      const pa = power(a);
      const pb = power(b);
      if (pa !== pb) return pa > pb ? -1 : 1;
      return a.cons_address < b.cons_address ? -1 : a.cons_address > b.cons_address ? 1 : 0;
    });
}

/** `TrackHistoricalInfo` (staking BeginBlock). */
export function trackHistoricalInfo(draft: Draft<AppState>, ctx: Ctx): void {
  const entries = BigInt(draft.staking.params.historical_entries);
  const store = draft.staking.historical_info as Sharded<HistoricalInfoRecord>;
  for (let h = ctx.block.height - entries; h >= 0n; h--) {
    if (!shardDelete(store, historicalInfoKey(h))) break;
  }
  if (entries === 0n) return;
  // Without a consensus engine (an embedder driving the App directly) there is no CometBFT header:
  // a minimal one with what the block info knows is stored instead.
  const header = ctx.block.header ?? { chain_id: ctx.block.chainId, height: ctx.block.height.toString(), time: formatTimeNs(ctx.block.timeNs) };
  shardSet(store, historicalInfoKey(ctx.block.height), { header, valset: lastValidatorsByVotingPower(draft as AppState) });
}
