/**
 * The logs a log filter selects (`eth_getLogs`, `eth_getFilterLogs`), as the node's filter walks the
 * blocks (reference B.5, B.6; stratos-chain rpc/namespaces/ethereum/eth/filters `Filter.Logs`). No
 * EVM runs here, so no block has logs and the answer is `[]`; the node's limits still apply:
 * - a `blockHash` filter reads that one block (a hash of no stored block is -32000 `header for hash
 *   0x… not found`, the answer of the state reads; the reference does not say);
 * - a range: `fromBlock`/`toBlock` default to latest; latest, pending, safe and finalized are the
 *   head, earliest and 0 are block 1; `toBlock − fromBlock` over `json-rpc.block-range-cap` is
 *   -32000 `maximum [from, to] blocks distance: N` (checked on the `toBlock` as asked); a `fromBlock`
 *   above the head is `[]`; blocks above the head are not read (the node then cuts a `toBlock` more
 *   than 600 above the head to head + 600, after the range check: blocks not yet made have no logs,
 *   so that cut changes no answer here);
 * - more logs than `json-rpc.logs-cap` is -32000 `query returned more than N results` (with no logs,
 *   never reached).
 */
import type { Node } from '../../node/node.ts';
import { headerNotFound } from './block-ref.ts';
import { EthRpcError, ETH_DEFAULT_ERROR, type EthJson } from './dispatch.ts';
import type { FilterCriteria } from './filter-criteria.ts';

/** app.toml `json-rpc.logs-cap` and `json-rpc.block-range-cap` (10,000 each by default). */
export interface LogCaps {
  readonly logsCap: number;
  readonly blockRangeCap: number;
}

export const DEFAULT_LOG_CAPS: LogCaps = { logsCap: 10_000, blockRangeCap: 10_000 };

/** The logs of one block that the criteria match. */
export type BlockLogs = (height: bigint, crit: FilterCriteria) => readonly EthJson[];

/** Without an EVM, no block has logs. */
const NO_LOGS: BlockLogs = () => [];

export function queryLogs(node: Node, crit: FilterCriteria, caps: LogCaps, logsOf: BlockLogs = NO_LOGS): EthJson[] {
  if (crit.blockHash !== undefined && crit.blockHash.some((b) => b !== 0)) {
    const record = node.blockByHash(Buffer.from(crit.blockHash).toString('hex'));
    if (!record) throw headerNotFound(crit.blockHash);
    return [...logsOf(record.height, crit)];
  }
  const head = node.height;
  const resolve = (n: bigint | undefined) => {
    const h = n ?? -2n;
    return h < 0n ? head : h === 0n ? 1n : h;
  };
  const from = resolve(crit.fromBlock);
  const to = resolve(crit.toBlock);
  if (to - from > BigInt(caps.blockRangeCap)) throw new EthRpcError(ETH_DEFAULT_ERROR, `maximum [from, to] blocks distance: ${caps.blockRangeCap}`);
  if (from > head) return [];
  const logs: EthJson[] = [];
  // blocks above the head do not exist yet: they have no logs
  for (let h = from; h <= to && h <= head; h++) {
    const found = logsOf(h, crit);
    if (logs.length + found.length > caps.logsCap) throw new EthRpcError(ETH_DEFAULT_ERROR, `query returned more than ${caps.logsCap} results`);
    logs.push(...found);
  }
  return logs;
}
