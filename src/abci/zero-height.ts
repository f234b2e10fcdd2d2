/**
 * `chaind export --for-zero-height`: stratos-chain's `prepForZeroHeightGenesis` (its app/export.go,
 * as the SDK's simapp has it), run on the committed state before the modules export it. A chain
 * started from the document begins again at height 1, so nothing in it may name a height of the
 * old chain: every reward and commission is withdrawn, distribution's slash events and historical
 * rewards are deleted and every validator and delegation starts its reward records again at height
 * 0; staking's entries and slashing's signing infos start at height 0.
 *
 * In the real node's order:
 * 1. every validator's commission is withdrawn (operator order; "no commission" is skipped);
 * 2. every delegation's rewards are withdrawn and its starting info made again at the export height
 *    (store order: delegator, then validator);
 * 3. all slash events and historical rewards are deleted;
 * 4. at height 0: each validator's outstanding rewards (the fractions left) go to the community pool
 *    and its reward records start again (distribution's AfterValidatorCreated); then each delegation
 *    gets distribution's BeforeDelegationCreated and AfterDelegationModified (starting height 0);
 * 5. unbonding and redelegation entries get creation height 0, every validator unbonding height 0;
 *    with `--jail-allowed-addrs`, every validator not listed is jailed; staking's validator set
 *    update runs (a jailed bonded validator starts unbonding);
 * 6. every signing info gets start height 0.
 *
 * The context is the real node's export context: the last committed height and Go's zero time
 * (so a validator jailed here unbonds at 0001-01-22, which the new chain's first block has passed).
 * Where this differs from the real node: no invariants are asserted first (no module registers
 * any, as for `--inv-check-period`); a jailed validator leaves the set instead of the real node's
 * panic ("should never retrieve a jailed validator from the power store": its power index entry
 * stays, while here the index is computed from the records); `--jail-allowed-addrs` entries are
 * compared as addresses, not as text. docs/node.md "chaind export".
 */
import type { Draft } from 'immer';
import { ChainError } from '../errors.ts';
import type { AppState } from '../state/app-state.ts';
import type { Ctx } from '../state/module.ts';
import { emptySharded, shardEntries, shardSet, shardValues, type Sharded } from '../state/sharded.ts';
import { addToCommunityPool } from '../modules/distribution/community-pool.ts';
import { initializeDelegation, withdrawDelegationRewards, withdrawValidatorCommission } from '../modules/distribution/delegation.ts';
import * as distributionHooks from '../modules/distribution/hooks.ts';
import { accBech32, accHexOf, getOutstanding, valHexOf } from '../modules/distribution/state.ts';
import { setSigningInfo } from '../modules/slashing/keeper.ts';
import { applyAndReturnValidatorSetUpdates } from '../modules/staking/validator-set.ts';
import { setValidator } from '../modules/staking/store.ts';
import type { RedelegationRecord, UnbondingDelegationRecord } from '../modules/staking/state.ts';

/** Runs `f`, skipping a chain error (the real node ignores the withdrawals' errors: `_, _ =`). */
function ignoringChainErrors(f: () => void): void {
  try {
    f();
  } catch (e) {
    if (!(e instanceof ChainError)) throw e;
  }
}

/**
 * `prepForZeroHeightGenesis` on a draft of the committed state. `jailAllowed`: operator hexes of
 * `--jail-allowed-addrs` (empty: nobody is jailed). `ctx`: the export context (last height, Go's
 * zero time; its events are not kept).
 */
export function prepForZeroHeightGenesis(draft: Draft<AppState>, jailAllowed: ReadonlySet<string>, ctx: Ctx): void {
  const state = draft as AppState;
  const operators = Object.keys(state.staking.validators).sort();
  const delegations = [...shardValues(state.staking.delegations)];

  // 1–2: withdraw every commission, then every delegation's rewards
  for (const valHex of operators) ignoringChainErrors(() => void withdrawValidatorCommission(draft, valHex, accBech32(valHex), ctx));
  for (const d of delegations) {
    const valHex = valHexOf(d.validator_address);
    const delHex = accHexOf(d.delegator_address);
    if (!state.staking.validators[valHex]) continue;
    ignoringChainErrors(() => {
      withdrawDelegationRewards(draft, valHex, delHex, ctx);
      initializeDelegation(draft, valHex, delHex, ctx.block.height);
    });
  }

  // 3: no slash event or historical rewards survive
  draft.distribution.slash_events = {};
  draft.distribution.historical_rewards = emptySharded();

  // 4: at height 0, the fractions left to the community pool, then every record starts again
  const atZero: Ctx = { ...ctx, block: { ...ctx.block, height: 0n } };
  for (const valHex of operators) {
    addToCommunityPool(draft, getOutstanding(state, valHex));
    distributionHooks.afterValidatorCreated(draft, state.staking.validators[valHex]!, atZero);
  }
  for (const d of delegations) {
    distributionHooks.beforeDelegationCreated(draft, d.delegator_address, d.validator_address, atZero);
    distributionHooks.afterDelegationModified(draft, d.delegator_address, d.validator_address, atZero);
  }

  // 5: staking's entries and validators at height 0, the jail list, the set update
  const redelegations = draft.staking.redelegations as Sharded<RedelegationRecord>;
  for (const [key, r] of [...shardEntries(state.staking.redelegations)]) {
    shardSet(redelegations, key, { ...r, entries: r.entries.map((e) => ({ ...e, creation_height: 0n })) });
  }
  const unbondings = draft.staking.unbonding_delegations as Sharded<UnbondingDelegationRecord>;
  for (const [key, u] of [...shardEntries(state.staking.unbonding_delegations)]) {
    shardSet(unbondings, key, { ...u, entries: u.entries.map((e) => ({ ...e, creation_height: 0n })) });
  }
  for (const valHex of operators) {
    const v = state.staking.validators[valHex]!;
    setValidator(draft, { ...v, unbonding_height: 0n, jailed: v.jailed || (jailAllowed.size > 0 && !jailAllowed.has(valHex)) });
  }
  applyAndReturnValidatorSetUpdates(draft, ctx);

  // 6: signing infos from height 0
  for (const [consHex, info] of Object.entries(state.slashing.signing_infos)) setSigningInfo(draft, consHex, { ...info, start_height: 0n });
}
