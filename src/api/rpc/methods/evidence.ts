/**
 * `broadcast_evidence` (CometBFT 0.37 rpc/core/evidence.go `BroadcastEvidence`): evidence of a
 * double sign (`tendermint/DuplicateVoteEvidence`, two votes of one validator at one height, round
 * and type for different blocks) is decoded, checked (`ValidateBasic`), verified against the chain as
 * the evidence pool's `AddEvidence` does (src/consensus/evidence.ts) and committed in the next block
 * (its evidence list, the header's evidence_hash) and as ABCI misbehavior, where the evidence module
 * slashes, jails and tombstones. The answer is its hash. Evidence already waiting for the next block,
 * or committed in a block this process made, is taken again without a second entry.
 * Light client attack evidence is refused: one node has no light clients to deceive.
 */
import { evidenceBytes, evidenceHashText, evidenceText, hex, LIGHT_CLIENT_ATTACK_EVIDENCE, validateBasic, verifyDuplicateVote, type EvidenceChain } from '../../../consensus/evidence.ts';
import type { Node } from '../../../node/node.ts';
import { votingPower } from '../../../consensus/validator-set.ts';
import { decodeEvidence, type DecodedEvidence } from '../evidence-param.ts';
import { RpcError } from '../jsonrpc.ts';
import type { ParamType } from '../params.ts';
import type { Route } from '../route.ts';

const EVIDENCE: ParamType = { kind: 'json', go: 'types.Evidence', decode: decodeEvidence };

function chainOf(node: Node): EvidenceChain {
  const evidence = node.consensusParams.evidence;
  return {
    chainId: node.chainId,
    lastHeight: node.height,
    lastBlockTimeNs: node.block(node.height)?.timeNs ?? 0n,
    blockTimeNs: (h) => (h >= 1n && h <= node.height ? node.block(h)?.timeNs : undefined),
    validators: (h) => node.validators(h),
    maxAgeNumBlocks: BigInt(evidence?.max_age_num_blocks ?? '100000'),
    maxAgeDurationNs: BigInt(evidence?.max_age_duration ?? '172800000000000'),
  };
}

export const evidenceRoutes: Record<string, Route> = {
  broadcast_evidence: {
    params: [{ name: 'evidence', type: EVIDENCE }],
    run: ({ node }, [evidence]) => {
      const decoded = evidence as DecodedEvidence | undefined;
      if (decoded === undefined) throw RpcError.internal('no evidence was provided');
      if (decoded.type === LIGHT_CLIENT_ATTACK_EVIDENCE) {
        throw RpcError.internal('light client attack evidence is not supported by this simulator: its one node has no light clients to deceive');
      }
      const ev = decoded.evidence;
      const basic = validateBasic(ev);
      if (basic !== undefined) throw RpcError.internal(`evidence.ValidateBasic failed: ${basic}`);
      const control = node.consensusControl;
      if (!control) throw RpcError.internal('this node has no consensus engine to take evidence');
      const bytes = evidenceBytes(ev);
      const hash = evidenceHashText(bytes);
      // the pool's AddEvidence: evidence pending or already committed is taken without a second entry
      if (!control.isPendingEvidence(hash) && !control.isCommittedEvidence(hash)) {
        const verified = verifyDuplicateVote(ev, chainOf(node));
        if ('error' in verified) throw RpcError.internal(`failed to add evidence: Invalid evidence: ${verified.error}. Evidence: ${evidenceText(ev)}`);
        control.injectEvidence(
          { type: 'DUPLICATE_VOTE', address: verified.validator.address, power: votingPower(verified.validator), height: ev.voteA!.height, timeNs: ev.timeNs, totalVotingPower: ev.totalVotingPower },
          { bytes, hash },
        );
      }
      // ResultBroadcastEvidence.Hash is a []byte: base64
      return { hash: Buffer.from(hash, 'hex').toString('base64') };
    },
  },
};
