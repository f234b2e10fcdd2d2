/**
 * ABCI objects in the JSON CometBFT 0.37's RPC prints (reference/wire-formats.md §4.3).
 * ResponseDeliverTx, ResponseCheckTx, ResponseQuery and EventAttribute go through gogoproto jsonpb
 * with defaults emitted (abci/types/types.go): every field present, int64 as strings, bytes base64
 * with nil as null, proto field order. Events outside those (block_results' begin/end block events)
 * go through CometBFT's own JSON encoder, which omits empty fields (`omitempty`).
 */
import type { GoJsonValue } from '../../codec/go-json.ts';
import { base64 } from '../../codec/go-json.ts';
import type { QueryResponse } from '../../abci/app.ts';
import type { TxResult } from '../../abci/tx-result.ts';
import type { AbciEvent } from '../../events/event.ts';
import type { ConsensusParamsJson } from '../../state/genesis.ts';
import type { BlockRecord } from '../../events/block-store.ts';

/** gogoproto jsonpb of `bytes`: nil (empty here) as null. */
export const jsonpbBytes = (bytes: Uint8Array): string | null => (bytes.length === 0 ? null : base64(bytes));

/** An event as jsonpb prints it inside a tx result. */
export function eventJson(e: AbciEvent): GoJsonValue {
  return { type: e.type, attributes: e.attributes.map((a) => ({ key: a.key, value: a.value, index: a.index })) };
}

/** A begin/end block event as CometBFT's encoder prints it: empty type or attributes left out. */
export function blockEventJson(e: AbciEvent): GoJsonValue {
  const out: { [k: string]: GoJsonValue } = {};
  if (e.type !== '') out.type = e.type;
  if (e.attributes.length > 0) out.attributes = e.attributes.map((a) => ({ key: a.key, value: a.value, index: a.index }));
  return out;
}

/** ResponseDeliverTx: {code, data, log, info, gas_wanted, gas_used, events, codespace}. */
export function deliverTxJson(r: TxResult): GoJsonValue {
  return {
    code: r.code,
    data: jsonpbBytes(r.data),
    log: r.log,
    info: r.info,
    gas_wanted: r.gas_wanted.toString(),
    gas_used: r.gas_used.toString(),
    events: r.events.map(eventJson),
    codespace: r.codespace,
  };
}

/** The zero ResponseDeliverTx (broadcast_tx_commit when CheckTx failed). */
export const EMPTY_DELIVER_TX: GoJsonValue = Object.freeze({
  code: 0,
  data: null,
  log: '',
  info: '',
  gas_wanted: '0',
  gas_used: '0',
  events: [],
  codespace: '',
}) as GoJsonValue;

/** ResponseCheckTx: the DeliverTx fields plus sender, priority and mempoolError (empty here: no app-side mempool). */
export function checkTxJson(r: TxResult): GoJsonValue {
  return { ...(deliverTxJson(r) as { [k: string]: GoJsonValue }), sender: '', priority: '0', mempoolError: '' };
}

/**
 * ResponseQuery: {code, log, info, index, key, value, proofOps, height, codespace}. A failed query
 * carries no value (null); a successful one its protobuf bytes, even when empty.
 */
export function queryResponseJson(r: QueryResponse): GoJsonValue {
  return {
    code: r.code,
    log: r.log,
    info: '',
    index: '0',
    key: null,
    value: r.code === 0 ? base64(r.value) : null,
    proofOps: null,
    height: r.height.toString(),
    codespace: r.codespace,
  };
}

/**
 * ResponseEndBlock's `consensus_param_updates` through CometBFT's encoder: the SDK's EndBlock returns
 * the current consensus params every block (x/consensus store); proto ConsensusParams, int64 as
 * strings, `version.app` omitted when 0.
 */
export function consensusParamUpdatesJson(params: ConsensusParamsJson): GoJsonValue {
  return {
    block: { max_bytes: params.block.max_bytes, max_gas: params.block.max_gas },
    evidence: { ...params.evidence },
    validator: { pub_key_types: [...params.validator.pub_key_types] },
    version: params.version && params.version.app !== '0' ? { app: params.version.app } : ({} as GoJsonValue),
  };
}

/**
 * EndBlock's validator updates as CometBFT's JSON prints `abci.ValidatorUpdate` (the proto oneof of
 * `crypto.PublicKey` under `Sum`, power as a string); null when there are none.
 */
export function validatorUpdatesJson(record: BlockRecord): GoJsonValue {
  const updates = record.consensus?.validator_updates ?? [];
  if (updates.length === 0) return null;
  return updates.map((u) => ({ pub_key: { Sum: { type: 'tendermint.crypto.PublicKey_Ed25519', value: { ed25519: u.pub_key } } }, power: u.power }));
}
