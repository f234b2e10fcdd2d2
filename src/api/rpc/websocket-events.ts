/**
 * The messages CometBFT 0.37 publishes on its event bus after each committed block
 * (state/execution.go `fireEvents`, types/event_bus.go), in that order: NewBlock, NewBlockHeader,
 * then one Tx per tx of the block (failed ones too). Each has
 * - its events map (`validateAndStringifyEvents`): `type.key` → values of the begin/end block events
 *   (blocks) or of the tx result's events (txs), events with an empty type and attributes with an
 *   empty key left out, plus `tm.event`, and for txs `tx.hash` and `tx.height`;
 * - its data as cmtjson prints it inside a subscription answer (types/events.go), made only when a
 *   subscription matches:
 *   - `tendermint/event/NewBlock` {block, result_begin_block, result_end_block};
 *   - `tendermint/event/NewBlockHeader` {header, num_txs, result_begin_block, result_end_block};
 *   - `tendermint/event/Tx` {TxResult: {height, index, tx, result}} — abci.TxResult is embedded, and
 *     it and its ResponseDeliverTx are not addressable there, so they go through cmtjson's struct
 *     encoder with their `omitempty` tags (index, code, data, log, … left out when zero), not
 *     through jsonpb as in `tx` answers; attributes still go through jsonpb (`{key, value, index}`).
 * ResponseEndBlock carries `validator_updates: null` and the consensus params the SDK returns in
 * every EndBlock (as `block_results` shows them).
 */
import type { GoJsonValue } from '../../codec/go-json.ts';
import { base64 } from '../../codec/go-json.ts';
import { blockJson, rpcHeaderJson, storedHeaderOf } from '../../consensus/json.ts';
import type { BlockRecord, TxRecord } from '../../events/block-store.ts';
import type { AbciEvent } from '../../events/event.ts';
import type { ConsensusParamsJson } from '../../state/genesis.ts';
import type { TxResult } from '../../abci/tx-result.ts';
import { blockEventJson, consensusParamUpdatesJson, validatorUpdatesJson } from './abci-json.ts';
import type { EventMap } from './event-query.ts';

export const EVENT_NEW_BLOCK = 'NewBlock';
export const EVENT_NEW_BLOCK_HEADER = 'NewBlockHeader';
export const EVENT_TX = 'Tx';

/** One message of the event bus: what queries match against, and its data, made on demand. */
export interface BusMessage {
  readonly events: EventMap;
  /** the `data` value of the subscription answer, as JSON text */
  readonly dataText: () => string;
}

/** `validateAndStringifyEvents` plus the reserved keys. */
export function eventMapOf(events: readonly AbciEvent[], reserved: readonly (readonly [string, string])[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (key: string, value: string) => {
    const list = out.get(key);
    if (list) list.push(value);
    else out.set(key, [value]);
  };
  for (const e of events) {
    if (e.type === '') continue;
    for (const a of e.attributes) if (a.key !== '') add(`${e.type}.${a.key}`, a.value);
  }
  for (const [key, value] of reserved) add(key, value);
  return out;
}

/** The `events` object of a subscription answer (a Go map: its key order is not defined). */
export function eventMapJson(events: EventMap): GoJsonValue {
  // fromEntries makes own properties even of names such as `__proto__`
  return Object.fromEntries([...events].map(([k, v]) => [k, [...v]]));
}

const typed = (type: string, value: GoJsonValue): GoJsonValue => ({ type: `tendermint/event/${type}`, value });

function beginBlockJson(record: BlockRecord): GoJsonValue {
  return record.beginBlockEvents.length ? { events: record.beginBlockEvents.map(blockEventJson) } : {};
}

function endBlockJson(record: BlockRecord, params: ConsensusParamsJson): GoJsonValue {
  const out: { [k: string]: GoJsonValue } = { validator_updates: validatorUpdatesJson(record), consensus_param_updates: consensusParamUpdatesJson(params) };
  if (record.endBlockEvents.length) out.events = record.endBlockEvents.map(blockEventJson);
  return out;
}

/** EventDataNewBlock. */
export function newBlockEventJson(record: BlockRecord, params: ConsensusParamsJson): GoJsonValue {
  return typed(EVENT_NEW_BLOCK, {
    block: blockJson(record).block as unknown as GoJsonValue,
    result_begin_block: beginBlockJson(record),
    result_end_block: endBlockJson(record, params),
  });
}

/** EventDataNewBlockHeader. */
export function newBlockHeaderEventJson(record: BlockRecord, params: ConsensusParamsJson): GoJsonValue {
  return typed(EVENT_NEW_BLOCK_HEADER, {
    header: rpcHeaderJson(storedHeaderOf(record).header) as unknown as GoJsonValue,
    num_txs: record.txs.length.toString(),
    result_begin_block: beginBlockJson(record),
    result_end_block: endBlockJson(record, params),
  });
}

/** ResponseDeliverTx through cmtjson's struct encoder: every field `omitempty`. */
export function deliverTxStructJson(r: TxResult): GoJsonValue {
  const out: { [k: string]: GoJsonValue } = {};
  if (r.code !== 0) out.code = r.code;
  if (r.data.length) out.data = base64(r.data);
  if (r.log !== '') out.log = r.log;
  if (r.info !== '') out.info = r.info;
  if (r.gas_wanted !== 0n) out.gas_wanted = r.gas_wanted.toString();
  if (r.gas_used !== 0n) out.gas_used = r.gas_used.toString();
  if (r.events.length) out.events = r.events.map(blockEventJson);
  if (r.codespace !== '') out.codespace = r.codespace;
  return out;
}

/** EventDataTx {TxResult: {height, index, tx, result}}. */
export function txEventJson(tx: TxRecord): GoJsonValue {
  const result: { [k: string]: GoJsonValue } = {};
  if (tx.height !== 0n) result.height = tx.height.toString();
  if (tx.index !== 0) result.index = tx.index;
  if (tx.raw.length) result.tx = base64(tx.raw);
  result.result = deliverTxStructJson(tx.result);
  return typed(EVENT_TX, { TxResult: result });
}
