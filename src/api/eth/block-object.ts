/**
 * The chain's blocks as Ethereum block objects (reference B.3, stratos-chain
 * `EthBlockFromTendermint`): `hash` is the CometBFT block hash, `parentHash` the header's
 * `last_block_id`, `transactionsRoot` its `data_hash`, `stateRoot` its `app_hash`, `miner` the
 * proposer's operator account (or the consensus address when the state of that height is gone),
 * `gasLimit` the consensus `block.max_gas` (-1 → 0xffffffff), `gasUsed` the sum over all tx
 * results, `transactions` every tx's CometBFT hash (or pseudo-transactions with `fullTx`). Keys
 * are sorted, as Go marshals the node's map. No EVM runs here, so `logsBloom` is the zero bloom
 * (the node reads it from the EVM's block-bloom event) and `baseFeePerGas` the fee market's
 * genesis base fee.
 */
import { createHash } from 'node:crypto';
import { blockMetaJson, storedHeaderOf } from '../../consensus/json.ts';
import type { BlockRecord } from '../../events/block-store.ts';
import { validatorByConsAddr } from '../../modules/staking/state.ts';
import { addressFromBech32, Hrp } from '../../crypto/address.ts';
import type { Node } from '../../node/node.ts';
import type { EthJson } from './dispatch.ts';
import { quantity, ZERO_HASH } from './hexutil.ts';
import { pseudoTransaction, ZERO_BLOOM } from './pseudo-tx.ts';

/** x/feemarket genesis `base_fee` (1 gwei): the base fee of every block, since no EVM fee market runs. */
export const BASE_FEE = 1_000_000_000n;

const hashText = (hex: string) => (hex === '' ? ZERO_HASH : `0x${hex.toLowerCase()}`);

/** The consensus `block.max_gas` as Ethereum's gas limit (-1, no limit, → 0xffffffff). */
export function blockGasLimit(node: Node): bigint {
  const maxGas = BigInt(node.consensusParams.block.max_gas);
  return maxGas < 0n ? 0xffffffffn : maxGas;
}

/** Gas used by every tx of the block. */
export function blockGasUsed(node: Node, height: bigint): bigint {
  return node.blockResults(height).reduce((sum, t) => sum + t.result.gas_used, 0n);
}

/** `0x` + the 20 bytes of the proposer's operator account, else of its consensus address. */
function minerOf(node: Node, height: bigint, proposerHex: string): string {
  const state = node.chain.app.stateAt(height) ?? node.chain.app.stateAt(node.height);
  const validator = state ? validatorByConsAddr(state, proposerHex) : undefined;
  if (validator) return `0x${Buffer.from(addressFromBech32(validator.operator_address, Hrp.validator)).toString('hex')}`;
  return `0x${proposerHex.toLowerCase()}`;
}

/** The header fields shared by blocks and `newHeads` notifications. */
export function ethHeader(node: Node, record: BlockRecord): { [key: string]: EthJson } {
  const { header } = storedHeaderOf(record);
  return {
    baseFeePerGas: quantity(BASE_FEE),
    difficulty: '0x1',
    extraData: '0x',
    gasLimit: quantity(blockGasLimit(node)),
    gasUsed: quantity(blockGasUsed(node, record.height)),
    hash: `0x${Buffer.from(record.hash).toString('hex')}`,
    logsBloom: ZERO_BLOOM,
    miner: minerOf(node, record.height, header.proposer_address),
    mixHash: ZERO_HASH,
    nonce: '0x0000000000000000',
    number: quantity(record.height),
    parentHash: hashText(header.last_block_id.hash),
    receiptsRoot: ZERO_HASH,
    sha3Uncles: ZERO_HASH,
    stateRoot: hashText(header.app_hash),
    timestamp: quantity(record.timeNs / 1_000_000_000n),
    transactionsRoot: hashText(header.data_hash),
  };
}

/** `eth_getBlockByNumber` / `eth_getBlockByHash`: the block object, keys sorted. */
export function ethBlock(node: Node, record: BlockRecord, fullTx: boolean): { [key: string]: EthJson } {
  const head = ethHeader(node, record);
  const blockHash = head.hash as string;
  const transactions: EthJson[] = fullTx
    ? record.txs.map((raw, index) => pseudoTransaction(node.chain.app.codec, raw, { blockHash, blockNumber: record.height, index }))
    : record.txs.map((raw) => `0x${createHash('sha256').update(raw).digest('hex')}`);
  const block: { [key: string]: EthJson } = {
    ...head,
    size: quantity(BigInt(blockMetaJson(record).block_size)),
    totalDifficulty: '0x1',
    transactions,
    uncles: [],
    withdrawals: [],
  };
  return Object.fromEntries(Object.keys(block).sort().map((k) => [k, block[k]!]));
}
