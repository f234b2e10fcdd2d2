/**
 * `validators` and `consensus_params` (rpc/core/consensus.go). Both answer for heights up to the
 * next one (the set and params that will apply to the block being built); this simulator's set and
 * params are static, from genesis.
 */
import type { GoJsonValue } from '../../../codec/go-json.ts';
import { sortValidators } from '../../../consensus/validator-set.ts';
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

export const consensusRoutes: Record<string, Route> = {
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
