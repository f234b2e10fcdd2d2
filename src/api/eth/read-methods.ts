/**
 * The read methods of the `eth`, `net` and `web3` namespaces, answered from the chain (reference
 * B.3): chain id, blocks, balances and nonces at a block, fees, and the node's constants. Balances
 * are the bank balance in the EVM denom (`wei`) of the account with the same 20 bytes as the 0x
 * address (its `st1…` spelling); nonces are the account's sequence. A state read at a block number
 * above the head answers `null` (reference B.3).
 */
import { keccak256 } from '../../crypto/keccak.ts';
import { accAddress } from '../../crypto/address.ts';
import { addressFromBech32, Hrp, toEthAddress } from '../../crypto/address.ts';
import { BASE_DENOM } from '../../math/denoms.ts';
import { getAccount } from '../../modules/auth/state.ts';
import { balanceOf } from '../../modules/bank/state.ts';
import { validatorByConsAddr } from '../../modules/staking/state.ts';
import type { Node } from '../../node/node.ts';
import { BASE_FEE, blockGasLimit, blockGasUsed, ethBlock } from './block-object.ts';
import { heightOf, stateAtHeight, stateAtRef } from './block-ref.ts';
import { EthRpcError, ETH_DEFAULT_ERROR, type EthJson, type EthMethod } from './dispatch.ts';
import type { EthFilters } from './filters.ts';
import { data, quantity } from './hexutil.ts';
import { address, blockNumber, blockNumberOrHash, bool, decimalOrHex, floats, hash, optional, rpcBlockNumber, string, uint, type BlockRef } from './params.ts';
import { pseudoReceipt, pseudoTransaction } from './pseudo-tx.ts';

export interface ReadMethodsOptions {
  readonly node: Node;
  /** the EVM chain id (src/api/eth/evm-chain-id.ts) */
  readonly chainId: bigint;
  /** `web3_clientVersion` */
  readonly clientVersion: string;
  /** app.toml `json-rpc.feehistory-cap` */
  readonly feeHistoryCap: bigint;
  readonly filters: EthFilters;
}

/** The Ethereum protocol version the node reports (`eth_protocolVersion`). */
const PROTOCOL_VERSION = 65n;

const method = (args: EthMethod['args'], run: EthMethod['run']): EthMethod => ({ args, run });

const hashKey = (h: Uint8Array) => Buffer.from(h).toString('hex');

export function readMethods(o: ReadMethodsOptions): Map<string, EthMethod> {
  const { node, chainId } = o;

  const blockAt = (height: bigint | undefined, fullTx: boolean): EthJson => {
    const record = height === undefined ? undefined : node.block(height);
    return record ? ethBlock(node, record, fullTx) : null;
  };

  const txAt = (height: bigint | undefined, index: bigint): EthJson => {
    const record = height === undefined ? undefined : node.block(height);
    if (!record || index >= BigInt(record.txs.length)) return null;
    return pseudoTransaction(node.chain.app.codec, record.txs[Number(index)]!, { blockHash: data(record.hash), blockNumber: record.height, index: Number(index) });
  };

  const txRecord = (h: Uint8Array) => node.tx(hashKey(h).toUpperCase());

  const placeOf = (height: bigint, index: number) => ({ blockHash: data(node.block(height)!.hash), blockNumber: height, index });

  const methods: [string, EthMethod][] = [
    ['web3_clientVersion', method([], () => o.clientVersion)],
    // the node's quirk: the parameter's characters are hashed, not the bytes its hex spells
    ['web3_sha3', method([string], ([input]) => data(keccak256(Buffer.from(input as string, 'utf8'))))],
    ['net_version', method([], () => chainId.toString())],
    ['net_listening', method([], () => true)],
    // one node: no peers
    ['net_peerCount', method([], () => '0x0')],
    ['eth_chainId', method([], () => quantity(chainId))],
    ['eth_protocolVersion', method([], () => quantity(PROTOCOL_VERSION))],
    ['eth_syncing', method([], () => false)],
    ['eth_mining', method([], () => false)],
    ['eth_hashrate', method([], () => '0x0')],
    ['eth_accounts', method([], () => [])],
    [
      'eth_coinbase',
      method([], () => {
        const own = node.ownValidator();
        const validator = own ? validatorByConsAddr(stateAtHeight(node, node.height), own.address) : undefined;
        if (!validator) throw new EthRpcError(ETH_DEFAULT_ERROR, `no x/staking validator has this node's consensus address ${own?.address ?? '(none)'}: the node has no coinbase`);
        // stratos-chain answers `common.Address.Hex()`: the EIP-55 mixed-case spelling
        return toEthAddress(addressFromBech32(validator.operator_address, Hrp.validator));
      }),
    ],
    ['eth_blockNumber', method([], () => quantity(node.height))],
    [
      'eth_getBalance',
      method([address, blockNumberOrHash], ([addr, ref]) => {
        const state = stateAtRef(node, ref as BlockRef);
        return state ? quantity(balanceOf(state, accAddress(addr as Uint8Array), BASE_DENOM)) : null;
      }),
    ],
    [
      'eth_getTransactionCount',
      method([address, blockNumberOrHash], ([addr, ref]) => {
        const state = stateAtRef(node, ref as BlockRef);
        return state ? quantity(getAccount(state, accAddress(addr as Uint8Array))?.sequence ?? 0n) : null;
      }),
    ],
    ['eth_getBlockByNumber', method([blockNumber, bool], ([n, full]) => blockAt(heightOf(node, n as bigint), full as boolean))],
    ['eth_getBlockByHash', method([hash, bool], ([h, full]) => blockAt(node.blockByHash(hashKey(h as Uint8Array))?.height, full as boolean))],
    [
      'eth_getBlockTransactionCountByNumber',
      method([blockNumber], ([n]) => {
        const h = heightOf(node, n as bigint);
        const record = h === undefined ? undefined : node.block(h);
        return record ? quantity(record.txs.length) : null;
      }),
    ],
    [
      'eth_getBlockTransactionCountByHash',
      method([hash], ([h]) => {
        const record = node.blockByHash(hashKey(h as Uint8Array));
        return record ? quantity(record.txs.length) : null;
      }),
    ],
    ['eth_getTransactionByBlockNumberAndIndex', method([blockNumber, uint], ([n, i]) => txAt(heightOf(node, n as bigint), i as bigint))],
    ['eth_getTransactionByBlockHashAndIndex', method([hash, uint], ([h, i]) => txAt(node.blockByHash(hashKey(h as Uint8Array))?.height, i as bigint))],
    [
      'eth_getTransactionByHash',
      method([hash], ([h]) => {
        const tx = txRecord(h as Uint8Array);
        if (tx) return pseudoTransaction(node.chain.app.codec, tx.raw, placeOf(tx.height, tx.index));
        // stratos-chain GetPendingTx: a tx still in the mempool, without its block
        const key = hashKey(h as Uint8Array).toUpperCase();
        const pending = node.mempool.all().find((t) => t.hash === key);
        return pending ? pseudoTransaction(node.chain.app.codec, pending.bytes, null) : null;
      }),
    ],
    [
      'eth_getTransactionReceipt',
      method([hash], ([h]) => {
        const tx = txRecord(h as Uint8Array);
        if (!tx) return null;
        const earlier = node.blockResults(tx.height).slice(0, tx.index);
        return pseudoReceipt(node.chain.app.codec, tx, placeOf(tx.height, tx.index), earlier);
      }),
    ],
    ['eth_getUncleCountByBlockHash', method([hash], () => '0x0')],
    ['eth_getUncleCountByBlockNumber', method([blockNumber], () => '0x0')],
    ['eth_getUncleByBlockHashAndIndex', method([hash, uint], () => null)],
    ['eth_getUncleByBlockNumberAndIndex', method([blockNumber, uint], () => null)],
    // the base fee plus a tip that is always 0
    ['eth_gasPrice', method([], () => quantity(BASE_FEE))],
    ['eth_maxPriorityFeePerGas', method([], () => '0x0')],
    ['eth_feeHistory', method([decimalOrHex, rpcBlockNumber, floats], ([count, last, percentiles]) => feeHistory(o, count as bigint, last as bigint, percentiles as number[]))],
    ['eth_newBlockFilter', method([], () => o.filters.newBlockFilter())],
    ['eth_newPendingTransactionFilter', method([optional(bool)], ([fullTx]) => o.filters.newPendingTxFilter(fullTx === true))],
    ['eth_getFilterChanges', method([string], ([id]) => o.filters.changes(id as string))],
    ['eth_uninstallFilter', method([string], ([id]) => o.filters.uninstall(id as string))],
  ];
  return new Map(methods);
}

/**
 * `eth_feeHistory` as stratos-chain's backend answers it (`FeeHistory`, `processBlock`): the last
 * block is `lastBlock` when above 0, else (a tag, 0) the head; the blocks are the `count` before it
 * — `lastBlock` itself is not among them — from `max(0, last − count)` (block 0 reads block 1);
 * for each, the base fee, gas used ÷ gas limit and, with percentiles, the tips of its EVM txs at
 * those percentiles: 0, as no EVM tx exists (the percentiles are not checked). No base fee of a
 * next block; `baseFeePerGas` and `reward` are left out when empty. A block above the head makes
 * the whole answer `null`.
 */
function feeHistory(o: ReadMethodsOptions, count: bigint, lastBlock: bigint, percentiles: readonly number[]): EthJson {
  if (count > o.feeHistoryCap) throw new EthRpcError(ETH_DEFAULT_ERROR, `FeeHistory user block count ${count} higher than ${o.feeHistoryCap}`);
  const { node } = o;
  const end = lastBlock > 0n ? lastBlock : node.height;
  const start = end - count < 0n ? 0n : end - count;
  const limit = blockGasLimit(node);
  const baseFees: EthJson[] = [];
  const ratios: EthJson[] = [];
  const rewards: EthJson[] = [];
  for (let id = start; id < end; id++) {
    const height = heightOf(node, id);
    if (height === undefined) return null;
    if (limit <= 0n) throw new EthRpcError(ETH_DEFAULT_ERROR, `gasLimit of block height ${height} should be bigger than 0 , current gaslimit ${limit}`);
    baseFees.push(quantity(BASE_FEE));
    ratios.push(Number(blockGasUsed(node, height)) / Number(limit));
    rewards.push(percentiles.map(() => '0x0'));
  }
  return {
    oldestBlock: quantity(start),
    ...(percentiles.length > 0 && rewards.length > 0 ? { reward: rewards } : {}),
    ...(baseFees.length > 0 ? { baseFeePerGas: baseFees } : {}),
    gasUsedRatio: ratios,
  };
}
