/**
 * What a tx leaves behind (ABCI ExecTxResult / ResponseCheckTx as CometBFT 0.37 reports them,
 * reference/wire-formats.md §2.8, §4.3), and the SDK's message-log text (raw_log).
 */
import { ChainError, SdkErrors } from '../errors.ts';
import type { AbciEvent } from '../events/event.ts';

export interface TxResult {
  readonly code: number;
  readonly codespace: string;
  /** raw_log: JSON of the message logs on success, the error text on failure */
  readonly log: string;
  readonly info: string;
  readonly gas_wanted: bigint;
  readonly gas_used: bigint;
  readonly events: readonly AbciEvent[];
  /** protobuf TxMsgData bytes (empty on failure) */
  readonly data: Uint8Array;
  /** per-message logs (`logs` of a tx record); empty on failure */
  readonly logs: readonly MessageLog[];
}

export interface StringEvent {
  readonly type: string;
  readonly attributes: readonly { readonly key: string; readonly value: string }[];
}

export interface MessageLog {
  readonly msg_index: number;
  readonly log: string;
  readonly events: readonly StringEvent[];
}

/**
 * SDK `StringifyEvents`: events of one type are merged (attributes concatenated in order) and the
 * merged events sorted by type.
 */
export function stringifyEvents(events: readonly AbciEvent[]): StringEvent[] {
  const byType = new Map<string, { key: string; value: string }[]>();
  for (const e of events) {
    const list = byType.get(e.type) ?? [];
    for (const a of e.attributes) list.push({ key: a.key, value: a.value });
    byType.set(e.type, list);
  }
  return [...byType.keys()].sort().map((type) => ({ type, attributes: byType.get(type)! }));
}

/** `ABCIMessageLogs.String()`: `log` is omitted when empty (`omitempty`), `msg_index` always written. */
export function messageLogsText(logs: readonly MessageLog[]): string {
  return JSON.stringify(logs.map((l) => (l.log ? { msg_index: l.msg_index, log: l.log, events: l.events } : { msg_index: l.msg_index, events: l.events })));
}

/**
 * Re-derives the per-message logs of a successful tx from its events: each message's events start
 * with its `message` event that has an `action` attribute; what precedes the first one is the ante's.
 */
export function logsFromEvents(events: readonly AbciEvent[]): MessageLog[] {
  const logs: MessageLog[] = [];
  let current: AbciEvent[] | null = null;
  const flush = () => {
    if (current) logs.push({ msg_index: logs.length, log: '', events: stringifyEvents(current) });
  };
  for (const e of events) {
    if (e.type === 'message' && e.attributes.some((a) => a.key === 'action')) {
      flush();
      current = [];
    }
    current?.push(e);
  }
  flush();
  return logs;
}

/** A ChainError (or anything thrown) as an ABCI failure; unexpected throws are the SDK's recovered panic. */
export function errorResult(err: unknown, gasWanted: bigint, gasUsed: bigint, events: readonly AbciEvent[] = []): TxResult {
  const e = asChainError(err);
  return { code: e.code, codespace: e.codespace, log: e.message, info: '', gas_wanted: gasWanted, gas_used: gasUsed, events, data: new Uint8Array(0), logs: [] };
}

export function asChainError(err: unknown): ChainError {
  if (err instanceof ChainError) return err;
  const text = err instanceof Error ? err.message : String(err);
  return SdkErrors.Panic.wrap(`recovered: ${text}`);
}
