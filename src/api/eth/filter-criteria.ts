/**
 * The log filter of `eth_getLogs` and `eth_newFilter`: go-ethereum 1.10.26 `filters.FilterCriteria`
 * (which the node uses as is), decoded with its texts: `blockHash` or a `fromBlock`/`toBlock`
 * range (`cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other`), block
 * numbers as geth's `rpc.BlockNumber` (tags or hex; no decimal text), `address` one address or an
 * array of them (`invalid address: …`, `invalid address at index N: …`, `non-string address at index
 * N`, `invalid addresses in query`), `topics` an array of topics, nulls, or arrays of them
 * (`invalid topic(s)`, `hex has invalid length N after decoding; expected 32 for topic`). Errors
 * are answered as -32602 `invalid argument 0: …`.
 */
import { jsonKind } from '../geth-rpc/dispatch.ts';
import { rawArrayElements, rawObjectMembers } from '../geth-rpc/json-stream.ts';
import { decodeData } from './hexutil.ts';
import { rpcBlockNumber, type ArgType } from './params.ts';
import { fieldError, fixedField } from './transaction-args.ts';

/** A log filter; block numbers as go-ethereum's `rpc.BlockNumber.Int64()` (src/api/eth/params.ts). */
export interface FilterCriteria {
  readonly blockHash?: Uint8Array;
  readonly fromBlock?: bigint;
  readonly toBlock?: bigint;
  readonly addresses: readonly Uint8Array[];
  /** per position: the topics matched there, or undefined for any */
  readonly topics: readonly (readonly Uint8Array[] | undefined)[];
}

const STRUCT = 'input';

/** eth/filters `decodeAddress` / `decodeTopic`: hexutil.Decode, then the length. */
function decodeLength(text: string, length: number, what: string): Uint8Array {
  const bytes = decodeData(text);
  if (bytes.length !== length) throw new Error(`hex has invalid length ${bytes.length} after decoding; expected ${length} for ${what}`);
  return bytes;
}

function addressesOf(raw: string): Uint8Array[] {
  if (raw.startsWith('"')) {
    try {
      return [decodeLength(JSON.parse(raw) as string, 20, 'address')];
    } catch (e) {
      throw new Error(`invalid address: ${(e as Error).message}`);
    }
  }
  if (!raw.startsWith('[')) throw new Error('invalid addresses in query');
  return rawArrayElements(raw).map((element, i) => {
    if (!element.startsWith('"')) throw new Error(`non-string address at index ${i}`);
    try {
      return decodeLength(JSON.parse(element) as string, 20, 'address');
    } catch (e) {
      throw new Error(`invalid address at index ${i}: ${(e as Error).message}`);
    }
  });
}

const INVALID_TOPIC = 'invalid topic(s)';

function topicsOf(elements: readonly string[]): (Uint8Array[] | undefined)[] {
  return elements.map((t) => {
    if (t === 'null') return undefined;
    if (t.startsWith('"')) return [decodeLength(JSON.parse(t) as string, 32, 'topic')];
    if (!t.startsWith('[')) throw new Error(INVALID_TOPIC);
    const alternatives: Uint8Array[] = [];
    for (const e of rawArrayElements(t)) {
      // a null alternative matches anything: the rest is not read
      if (e === 'null') return undefined;
      if (!e.startsWith('"')) throw new Error(INVALID_TOPIC);
      alternatives.push(decodeLength(JSON.parse(e) as string, 32, 'topic'));
    }
    return alternatives;
  });
}

export const filterCriteria: ArgType<FilterCriteria> = {
  goType: 'filters.FilterCriteria',
  decode(raw) {
    if (raw !== 'null' && !raw.startsWith('{')) throw new Error(`json: cannot unmarshal ${jsonKind(raw)} into Go value of type filters.input`);
    let blockHash: Uint8Array | undefined;
    let fromBlock: bigint | undefined;
    let toBlock: bigint | undefined;
    let addresses: string | undefined;
    let topics: string[] | undefined;
    let saved: Error | undefined;
    // encoding/json into geth's `input` struct: keys case-insensitive, the last one wins
    for (const [key, value] of raw === 'null' ? [] : rawObjectMembers(raw)) {
      const k = key.toLowerCase();
      const isNull = value === 'null';
      if (k === 'blockhash') blockHash = isNull ? undefined : fixedField(STRUCT, 'blockHash', value, 32, 'common.Hash');
      else if (k === 'fromblock') fromBlock = isNull ? undefined : rpcBlockNumber.decode(value);
      else if (k === 'toblock') toBlock = isNull ? undefined : rpcBlockNumber.decode(value);
      else if (k === 'address') addresses = isNull ? undefined : value;
      else if (k === 'topics') {
        if (isNull) topics = undefined;
        else if (value.startsWith('[')) topics = rawArrayElements(value);
        else saved ??= fieldError(STRUCT, 'topics', '[]interface {}', jsonKind(value));
      }
    }
    if (saved) throw saved;
    if (blockHash !== undefined && (fromBlock !== undefined || toBlock !== undefined)) {
      throw new Error('cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other');
    }
    return {
      ...(blockHash !== undefined ? { blockHash } : { fromBlock, toBlock }),
      addresses: addresses === undefined ? [] : addressesOf(addresses),
      topics: topicsOf(topics ?? []),
    };
  },
};
