/**
 * The chain's blocks as Ethereum block objects (reference B.3, stratos-chain
 * `EthBlockFromTendermint`): `hash` is the CometBFT block hash, `parentHash` the header's
 * `last_block_id`, `transactionsRoot` its `data_hash`, `stateRoot` its `app_hash`, `miner` the
 * proposer's operator account (or the consensus address when the state of that height is gone),
 * `gasLimit` the consensus `block.max_gas` (-1 → 0xffffffff), `gasUsed` the sum over all tx
 * results, `transactions` every tx's CometBFT hash (or pseudo-transactions with `fullTx`); the
 * fields in the order of the node's `Block` struct. No EVM runs here, so `logsBloom` is the zero
 * bloom (the node reads it from the EVM's block-bloom event) and `baseFeePerGas` the fee market's
 * genesis base fee. A `newHeads` notification is the node's `Header` struct
 * (`EthHeaderFromTendermint`), which has no JSON methods: Go's default encoding, so its numbers are
 * JSON numbers, `extraData` is empty base64 (`""`), `size` 0 and `baseFeePerGas` null.
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

/** What a block and its header share (stratos-chain `EthBlockFromTendermint`, `EthHeaderFromTendermint`). */
interface HeaderValues {
  readonly hash: string;
  readonly parentHash: string;
  readonly miner: string;
  readonly stateRoot: string;
  readonly transactionsRoot: string;
  readonly number: bigint;
  readonly gasLimit: bigint;
  readonly gasUsed: bigint;
  readonly timestamp: bigint;
}

function headerValues(node: Node, record: BlockRecord): HeaderValues {
  const { header } = storedHeaderOf(record);
  return {
    hash: `0x${Buffer.from(record.hash).toString('hex')}`,
    parentHash: hashText(header.last_block_id.hash),
    miner: minerOf(node, record.height, header.proposer_address),
    stateRoot: hashText(header.app_hash),
    transactionsRoot: hashText(header.data_hash),
    number: record.height,
    gasLimit: blockGasLimit(node),
    gasUsed: blockGasUsed(node, record.height),
    timestamp: record.timeNs / 1_000_000_000n,
  };
}

const NONCE = '0x0000000000000000';

/** A `newHeads` notification: the node's `Header` struct in Go's default JSON (numbers as JSON numbers). */
export function ethHeader(node: Node, record: BlockRecord): { [key: string]: EthJson } {
  const h = headerValues(node, record);
  return {
    hash: h.hash,
    parentHash: h.parentHash,
    sha3Uncles: ZERO_HASH,
    miner: h.miner,
    stateRoot: h.stateRoot,
    transactionsRoot: h.transactionsRoot,
    receiptsRoot: ZERO_HASH,
    logsBloom: ZERO_BLOOM,
    difficulty: 1,
    number: Number(h.number),
    gasLimit: Number(h.gasLimit),
    gasUsed: Number(h.gasUsed),
    timestamp: Number(h.timestamp),
    extraData: '',
    mixHash: ZERO_HASH,
    nonce: NONCE,
    size: 0,
    baseFeePerGas: null,
  };
}

/** `eth_getBlockByNumber` / `eth_getBlockByHash`: the block object, in the order of the node's `Block` struct. */
export function ethBlock(node: Node, record: BlockRecord, fullTx: boolean): { [key: string]: EthJson } {
  const h = headerValues(node, record);
  const transactions: EthJson[] = fullTx
    ? record.txs.map((raw, index) => pseudoTransaction(node.chain.app.codec, raw, { blockHash: h.hash, blockNumber: record.height, index }))
    : record.txs.map((raw) => `0x${createHash('sha256').update(raw).digest('hex')}`);
  return {
    number: quantity(h.number),
    hash: h.hash,
    parentHash: h.parentHash,
    nonce: NONCE,
    sha3Uncles: ZERO_HASH,
    logsBloom: ZERO_BLOOM,
    transactionsRoot: h.transactionsRoot,
    stateRoot: h.stateRoot,
    miner: h.miner,
    mixHash: ZERO_HASH,
    difficulty: '0x1',
    totalDifficulty: '0x1',
    extraData: '0x',
    size: quantity(BigInt(blockMetaJson(record).block_size)),
    gasLimit: quantity(h.gasLimit),
    gasUsed: quantity(h.gasUsed),
    timestamp: quantity(h.timestamp),
    uncles: [],
    withdrawals: [],
    receiptsRoot: ZERO_HASH,
    transactions,
    baseFeePerGas: quantity(BASE_FEE),
  };
}
