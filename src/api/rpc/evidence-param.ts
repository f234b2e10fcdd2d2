/**
 * The `evidence` argument of `broadcast_evidence` as CometBFT's JSON decoder (libs/json) reads a
 * `types.Evidence`: the interface form `{"type": "tendermint/DuplicateVoteEvidence", "value": …}`,
 * int64 fields as strings, int32 as numbers, HexBytes as hex, []byte as base64, times as RFC 3339,
 * absent fields and null as zero values. Errors are ParamErrors with the decoder's texts.
 */
import { readGoJson, type GoJsonNode } from '../../codec/go-json-reader.ts';
import { DUPLICATE_VOTE_EVIDENCE, LIGHT_CLIENT_ATTACK_EVIDENCE, type DuplicateVoteEvidence, type Vote } from '../../consensus/evidence.ts';
import { parseTimeNs } from '../../state/block-info.ts';
import { ZERO_TIME } from '../../consensus/vote.ts';
import { decodeJsonParam, P, ParamError, stdlibInt } from './params.ts';

export type DecodedEvidence = { readonly type: typeof DUPLICATE_VOTE_EVIDENCE; readonly evidence: DuplicateVoteEvidence } | { readonly type: typeof LIGHT_CLIENT_ATTACK_EVIDENCE };

const kindOf = (n: GoJsonNode): string => n.kind;
const cannot = (n: GoJsonNode, goType: string) => new ParamError(`json: cannot unmarshal ${kindOf(n)} into Go value of type ${goType}`);

/** A struct's fields by their JSON names (cmtjson matches them exactly); null is the zero struct. */
function fields(n: GoJsonNode, goType: string): Map<string, GoJsonNode> {
  if (n.kind === 'null') return new Map();
  if (n.kind !== 'object') throw cannot(n, goType);
  return new Map(n.entries);
}

const int64Field = (f: Map<string, GoJsonNode>, name: string): bigint => {
  const n = f.get(name);
  return n === undefined ? 0n : (decodeJsonParam(P.int64, n.raw) as bigint);
};
const intField = (f: Map<string, GoJsonNode>, name: string, go: 'int32' | 'uint32'): number => {
  const n = f.get(name);
  return n === undefined || n.kind === 'null' ? 0 : Number(stdlibInt(n.raw, go));
};
const hexField = (f: Map<string, GoJsonNode>, name: string): Uint8Array => {
  const n = f.get(name);
  return n === undefined ? new Uint8Array(0) : (decodeJsonParam(P.hexBytes, n.raw) as Uint8Array);
};
const timeField = (f: Map<string, GoJsonNode>, name: string): bigint => {
  const n = f.get(name);
  if (n === undefined || n.kind === 'null') return parseTimeNs(ZERO_TIME);
  if (n.kind !== 'string') throw cannot(n, 'time.Time');
  try {
    return parseTimeNs(n.value);
  } catch {
    throw new ParamError(`parsing time ${n.raw} as "2006-01-02T15:04:05Z07:00": not an RFC 3339 time`);
  }
};

function decodeVote(n: GoJsonNode | undefined): Vote | null {
  if (n === undefined || n.kind === 'null') return null;
  const f = fields(n, 'types.Vote');
  const blockId = fields(f.get('block_id') ?? { kind: 'null', raw: 'null' }, 'types.BlockID');
  const parts = fields(blockId.get('parts') ?? { kind: 'null', raw: 'null' }, 'types.PartSetHeader');
  const sig = f.get('signature');
  return {
    type: intField(f, 'type', 'int32'),
    height: int64Field(f, 'height'),
    round: intField(f, 'round', 'int32'),
    blockHash: hexField(blockId, 'hash'),
    partsTotal: intField(parts, 'total', 'uint32'),
    partsHash: hexField(parts, 'hash'),
    timeNs: timeField(f, 'timestamp'),
    validatorAddress: hexField(f, 'validator_address'),
    validatorIndex: intField(f, 'validator_index', 'int32'),
    signature: sig === undefined ? new Uint8Array(0) : (decodeJsonParam(P.bytes, sig.raw) as Uint8Array),
  };
}

/**
 * The `evidence` argument (cmtjson's interface form `{"type": …, "value": …}`), or undefined for
 * none; throws ParamError with the decoder's texts.
 */
export function decodeEvidence(raw: string): DecodedEvidence | undefined {
  if (raw === '' || raw === 'null') return undefined;
  const node = readGoJson(raw);
  if (node.kind === 'null') return undefined;
  if (node.kind !== 'object') throw cannot(node, 'json.interfaceWrapper');
  const wrapper = new Map(node.entries);
  const type = wrapper.get('type');
  if (type !== undefined && type.kind !== 'string' && type.kind !== 'null') throw cannot(type, 'string');
  const name = type?.kind === 'string' ? type.value : '';
  if (name === '') throw new ParamError('interface type cannot be empty');
  const value = wrapper.get('value');
  if (value === undefined || value.kind === 'null') throw new ParamError('interface value cannot be empty');
  if (name === LIGHT_CLIENT_ATTACK_EVIDENCE) return { type: LIGHT_CLIENT_ATTACK_EVIDENCE };
  if (name !== DUPLICATE_VOTE_EVIDENCE) throw new ParamError(`unknown type ${JSON.stringify(name)}`);
  const f = fields(value, 'types.DuplicateVoteEvidence');
  return {
    type: DUPLICATE_VOTE_EVIDENCE,
    evidence: {
      voteA: decodeVote(f.get('vote_a')),
      voteB: decodeVote(f.get('vote_b')),
      // no json tags on these fields: cmtjson names them as Go does
      totalVotingPower: int64Field(f, 'TotalVotingPower'),
      validatorPower: int64Field(f, 'ValidatorPower'),
      timeNs: timeField(f, 'Timestamp'),
    },
  };
}

