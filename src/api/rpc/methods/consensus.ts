/**
 * `validators`, `consensus_params`, `consensus_state` and `dump_consensus_state` (rpc/core/consensus.go).
 * The first two answer for heights up to the next one (the set and params that will apply to the
 * block being built); the round state is src/consensus/round-state.ts's.
 */
import type { GoJsonValue } from '../../../codec/go-json.ts';
import { signedHeaderJson } from '../../../consensus/json.ts';
import { roundState, roundStateSimple, type RoundStateInput } from '../../../consensus/round-state.ts';
import { sortValidators } from '../../../consensus/validator-set.ts';
import type { Node } from '../../../node/node.ts';
import { defaultConsensusParams, type ConsensusParamsJson } from '../../../state/genesis.ts';
import { checkHeight, checkPage, checkPerPage } from '../arg-checks.ts';
import { P } from '../params.ts';
import { asJson, type Route } from '../route.ts';

/** types.ConsensusParams as CometBFT prints it: all four sections, missing ones at CometBFT's defaults. */
export function consensusParamsJson(params: Partial<ConsensusParamsJson>): GoJsonValue {
  const d = defaultConsensusParams();
  const block = params.block ?? d.block;
  const evidence = params.evidence ?? d.evidence;
  return {
    block: { max_bytes: block.max_bytes, max_gas: block.max_gas },
    evidence: { max_age_num_blocks: evidence.max_age_num_blocks, max_age_duration: evidence.max_age_duration, max_bytes: evidence.max_bytes },
    validator: { pub_key_types: [...(params.validator ?? d.validator).pub_key_types] },
    version: { app: (params.version ?? d.version).app },
  };
}

const heightParam = { name: 'height', type: P.int64Ptr } as const;

/** Where the engine stands: the next height, its set, the latest block's set and seen commit. */
function roundStateInput(node: Node): RoundStateInput {
  const record = node.height > 0n ? node.block(node.height) : undefined;
  const last = record ? { validators: node.validators(node.height), commit: signedHeaderJson(record).commit, blockTimeNs: record.timeNs } : undefined;
  return { height: node.height + 1n, validators: node.validators(node.height + 1n), timeoutCommitMs: node.timeoutCommitMs, ...(last ? { last } : {}) };
}

export const consensusRoutes: Record<string, Route> = {
  // GetConsensusState: the round state in short (RoundStateSimple)
  consensus_state: {
    params: [],
    run: ({ node }) => ({ round_state: roundStateSimple(roundStateInput(node)) }),
  },
  // DumpConsensusState: the whole round state and the peers' (none: this engine has no peers)
  dump_consensus_state: {
    params: [],
    run: ({ node }) => ({ round_state: roundState(roundStateInput(node)), peers: [] }),
  },
  validators: {
    params: [heightParam, { name: 'page', type: P.intPtr }, { name: 'per_page', type: P.intPtr }],
    cacheable: { unlessZero: ['height'] },
    run: ({ node }, [height, page, perPageArg]) => {
      const h = checkHeight(node.height + 1n, node.earliestHeight(), height as bigint | undefined);
      const all = node.validators(h);
      const perPage = checkPerPage(perPageArg as bigint | undefined);
      const skip = (checkPage(page as bigint | undefined, perPage, all.length) - 1) * perPage;
      const shown = all.slice(skip, skip + perPage);
      return { block_height: h.toString(), validators: shown.map(asJson), count: shown.length.toString(), total: all.length.toString() };
    },
  },
  consensus_params: {
    params: [heightParam],
    cacheable: { unlessZero: ['height'] },
    run: ({ node }, [height]) => {
      const h = checkHeight(node.height + 1n, node.earliestHeight(), height as bigint | undefined);
      return { block_height: h.toString(), consensus_params: consensusParamsJson(node.consensusParams) };
    },
  },
};
