/**
 * A committed tx as the tx service prints it (SDK v0.47 x/auth/tx/query.go `mkTxResult` →
 * `NewResponseResultTx`; spec part 2 "Transaction record"): `data` uppercase hex of the TxMsgData,
 * `logs` the parsed message logs (none on failure), `events` with `index`, `tx` the Any
 * `/sdk.tx.v1beta1.Tx`, `timestamp` the block time formatted with Go's `time.RFC3339` (seconds).
 */
import type { Codec, ProtoObject } from '../../codec/registry.ts';
import { formatTimeNs } from '../../state/block-info.ts';
import type { TxRecord } from '../../events/block-store.ts';
import { rfc3339Seconds, type TxResponseObject } from '../../client/tx-response.ts';

/**
 * The `Tx` message of stored TxRaw bytes. TxRaw and Tx share field numbers and wire types (bytes
 * vs embedded message), so the raw bytes decode as a Tx (x/auth/tx decoder keeps them the same).
 */
export function txOfRaw(codec: Codec, raw: Uint8Array): ProtoObject {
  return codec.decode('sdk.tx.v1beta1.Tx', raw);
}

export function txResponseOfRecord(codec: Codec, record: TxRecord): TxResponseObject {
  const r = record.result;
  return {
    height: record.height,
    txhash: record.hash,
    codespace: r.codespace,
    code: r.code,
    data: Buffer.from(r.data).toString('hex').toUpperCase(),
    raw_log: r.log,
    logs: r.logs.map((l) => ({ msg_index: l.msg_index, log: l.log, events: l.events.map((e) => ({ type: e.type, attributes: e.attributes.map((a) => ({ key: a.key, value: a.value })) })) })),
    info: r.info,
    gas_wanted: r.gas_wanted,
    gas_used: r.gas_used,
    tx: { type_url: codec.typeUrl('sdk.tx.v1beta1.Tx'), value: record.raw },
    timestamp: rfc3339Seconds(formatTimeNs(record.timeNs)),
    events: r.events.map((e) => ({ type: e.type, attributes: e.attributes.map((a) => ({ key: a.key, value: a.value, index: a.index })) })),
  };
}
