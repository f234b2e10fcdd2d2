/**
 * The logs a log filter selects (`eth_getLogs`, `eth_getFilterLogs`), as the node's filter walks the
 * blocks (reference B.5, B.6; stratos-chain rpc/namespaces/ethereum/eth/filters `Filter.Logs`). No
 * EVM runs here, so no block has logs and the answer is `[]`; the node's limits still apply:
 * - a `blockHash` filter reads that one block (a hash of no stored block is -32000 `failed to fetch
 *   header by hash: block not found for hash 0x…`);
 * - a range: `fromBlock`/`toBlock` default to latest; latest, pending, safe and finalized are the
 *   head, earliest and 0 are block 1; `toBlock − fromBlock` over `json-rpc.block-range-cap` is
 *   -32000 `maximum [from, to] blocks distance: N` (checked on the `toBlock` as asked); a `fromBlock`
 *   above the head is `[]`; otherwise each block is read up to `toBlock` (the node cuts it to head +
 *   600 first), and the first block above the head fails as CometBFT's `block_results` does:
 *   `height N must be less than or equal to the current blockchain height M`;
 * - more logs than `json-rpc.logs-cap` is -32000 `query returned more than N results` (with no logs,
 *   never reached).
 * Before the walk, `eth_getLogs` (stratos-chain `GetLogs`) refuses more than 4 topics (`exceed max
 * topics`) and a range of two numbers with `fromBlock` > `toBlock` (`invalid block range params`);
 * `eth_newFilter` (the event system's `SubscribeLogs`) refuses more than 4 topics, a `pending` end
 * (`pending logs are not supported`), and any range other than latest–latest, number–latest or
 * number–number in order (`invalid block range params`). `eth_getFilterLogs` checks neither.
 */
import type { Node } from '../../node/node.ts';
import { headerNotFound } from './block-ref.ts';
import { EthRpcError, ETH_DEFAULT_ERROR, type EthJson } from './dispatch.ts';
import type { FilterCriteria } from './filter-criteria.ts';
import { RPC_LATEST_BLOCK, RPC_PENDING_BLOCK } from './params.ts';

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

/** The topic positions a filter may name (the EVM's LOG0–LOG4). */
const MAX_TOPICS = 4;

const INVALID_BLOCK_RANGE = 'invalid block range params';

const refused = (message: string) => new EthRpcError(ETH_DEFAULT_ERROR, message);

function checkTopics(crit: FilterCriteria): void {
  if (crit.topics.length > MAX_TOPICS) throw refused('exceed max topics');
}

/** stratos-chain `GetLogs`' checks before the walk (`eth_getLogs`). */
export function checkGetLogs(crit: FilterCriteria): void {
  checkTopics(crit);
  const { fromBlock: from, toBlock: to } = crit;
  if (from !== undefined && to !== undefined && from > 0n && to > 0n && from > to) throw refused(INVALID_BLOCK_RANGE);
}

/** stratos-chain `SubscribeLogs`' checks (`eth_newFilter`). */
export function checkLogSubscription(crit: FilterCriteria): void {
  checkTopics(crit);
  const from = crit.fromBlock ?? RPC_LATEST_BLOCK;
  const to = crit.toBlock ?? RPC_LATEST_BLOCK;
  if (from === RPC_PENDING_BLOCK || to === RPC_PENDING_BLOCK) throw refused('pending logs are not supported');
  const inOrder = from >= 0n && to >= 0n && to >= from;
  const sinceBlock = from >= 0n && to === RPC_LATEST_BLOCK;
  if (!(from === RPC_LATEST_BLOCK && to === RPC_LATEST_BLOCK) && !inOrder && !sinceBlock) throw refused(INVALID_BLOCK_RANGE);
}

export function queryLogs(node: Node, crit: FilterCriteria, caps: LogCaps, logsOf: BlockLogs = NO_LOGS): EthJson[] {
  if (crit.blockHash !== undefined && crit.blockHash.some((b) => b !== 0)) {
    const record = node.blockByHash(Buffer.from(crit.blockHash).toString('hex'));
    if (!record) throw refused(`failed to fetch header by hash: ${headerNotFound(crit.blockHash).message}`);
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
  for (let h = from; h <= to; h++) {
    // the node reads each block's bloom from CometBFT's block results, which ends at the head
    if (h > head) throw refused(`height ${h} must be less than or equal to the current blockchain height ${head}`);
    const found = logsOf(h, crit);
    if (logs.length + found.length > caps.logsCap) throw new EthRpcError(ETH_DEFAULT_ERROR, `query returned more than ${caps.logsCap} results`);
    logs.push(...found);
  }
  return logs;
}
