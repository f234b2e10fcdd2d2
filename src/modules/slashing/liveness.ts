/**
 * Slashing BeginBlock: `HandleValidatorSignature` for each vote of the last commit
 * (reference/sdk-modules.md §6.2; SDK v0.47 `x/slashing/keeper/infractions.go`).
 *
 * Departures (docs/slashing.md): with no `ctx.block.lastCommit` (an embedder driving the App with no
 * consensus) nothing is counted; a vote whose address is no staking validator, or whose validator
 * has no signing info, is skipped (the SDK would panic on the missing signing info).
 */
import type { Draft } from 'immer';
import { plainEvent } from '../../events/event.ts';
import type { AppState } from '../../state/app-state.ts';
import type { VoteInfo } from '../../state/block-info.ts';
import type { Ctx } from '../../state/module.ts';
import { validatorByConsAddr } from '../staking/state.ts';
import { jail as stakingJail, slash as stakingSlash } from '../staking/slash.ts';
import { clearMissedBlocks, setSigningInfo } from './keeper.ts';
import { minSignedPerWindow } from './params.ts';
import { consBech32, getSigningInfo, missedBlockEntry, withMissedBlock } from './state.ts';

/** CometBFT's ValidatorUpdateDelay: updates of EndBlock(h) apply to the set of h + 2. */
const VALIDATOR_UPDATE_DELAY = 1n;

export function handleValidatorSignature(draft: Draft<AppState>, vote: VoteInfo, ctx: Ctx): void {
  const state = draft as AppState;
  const consHex = vote.address.toUpperCase();
  const validator = validatorByConsAddr(state, consHex);
  if (!validator) return; // not a staking validator: skipped (documented)
  if (validator.jailed) return;
  const found = getSigningInfo(state, consHex);
  if (!found) return; // the SDK panics; skipped (documented)

  const params = state.slashing.params;
  const height = ctx.block.height;
  const window = params.signed_blocks_window;
  const index = found.index_offset % window;
  let info = { ...found, index_offset: found.index_offset + 1n };

  const previous = missedBlockEntry(state, consHex, index) ?? false;
  const missed = !vote.signed;
  const chunks = draft.slashing.missed_blocks as Record<string, Record<string, string>>;
  if (!previous && missed) {
    chunks[consHex] = withMissedBlock(state.slashing.missed_blocks[consHex], index, true);
    info = { ...info, missed_blocks_counter: info.missed_blocks_counter + 1n };
  } else if (previous && !missed) {
    chunks[consHex] = withMissedBlock(state.slashing.missed_blocks[consHex], index, false);
    info = { ...info, missed_blocks_counter: info.missed_blocks_counter - 1n };
  }

  const consAddr = consBech32(consHex);
  if (missed) {
    ctx.emit(plainEvent('liveness', { address: consAddr, missed_blocks: info.missed_blocks_counter.toString(), height: height.toString() }));
  }

  const minHeight = info.start_height + window;
  const maxMissed = window - minSignedPerWindow(params);
  if (height > minHeight && info.missed_blocks_counter > maxMissed) {
    const current = validatorByConsAddr(draft as AppState, consHex);
    if (current && !current.jailed) {
      const distributionHeight = height - VALIDATOR_UPDATE_DELAY - 1n;
      const burned = stakingSlash(draft, consHex, distributionHeight, vote.power, params.slash_fraction_downtime, ctx);
      ctx.emit(
        plainEvent('slash', {
          address: consAddr,
          power: vote.power.toString(),
          reason: 'missing_signature',
          jailed: consAddr,
          burned_coins: burned.toString(),
        }),
      );
      stakingJail(draft, consHex, ctx); // staking's Jail directly: the slash event above already names `jailed`
      info = { ...info, jailed_until: ctx.block.timeNs + params.downtime_jail_duration, missed_blocks_counter: 0n, index_offset: 0n };
      clearMissedBlocks(draft, consHex);
    }
  }
  setSigningInfo(draft, consHex, info);
}

export function slashingBeginBlock(draft: Draft<AppState>, ctx: Ctx): void {
  const votes = ctx.block.lastCommit;
  if (!votes) return;
  for (const vote of votes) handleValidatorSignature(draft, vote, ctx);
}
