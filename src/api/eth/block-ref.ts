/**
 * Block parameters → heights, as the node reads them (reference B.3): `latest` and `pending` are
 * the head; `earliest` and `0x0` are height 1 (there is no block 0); a number above the head is no
 * block. A block hash names the stored block with that CometBFT hash; a block-or-hash that is
 * neither is the node's `types BlockHash and BlockNumber cannot be both nil`. A state read
 * (`eth_getBalance`, `eth_getCode`, `eth_call`, …) at a number above the head answers `null`
 * (reference B.3).
 */
import type { AppState } from '../../state/app-state.ts';
import type { Node } from '../../node/node.ts';
import { EthRpcError, ETH_DEFAULT_ERROR } from './dispatch.ts';
import { data } from './hexutil.ts';
import type { BlockNumber, BlockRef } from './params.ts';

/** The height a block number names, or undefined when it is above the head. */
export function heightOf(node: Node, n: BlockNumber): bigint | undefined {
  if (n === 'latest' || n === 'pending') return node.height;
  const h = n === 'earliest' || n === 0n ? 1n : n;
  return h > node.height ? undefined : h;
}

/** The height a block number or hash names, or undefined when there is no such block. */
export function heightOfRef(node: Node, ref: BlockRef): bigint | undefined {
  if ('neither' in ref) throw new EthRpcError(ETH_DEFAULT_ERROR, 'types BlockHash and BlockNumber cannot be both nil');
  if ('hash' in ref) return node.blockByHash(Buffer.from(ref.hash).toString('hex'))?.height;
  return heightOf(node, ref.number);
}

/**
 * The application state after the block at `height`, as far as the node keeps it (the pruning
 * settings decide how many recent states stay); otherwise the SDK's error for a state it cannot load.
 */
export function stateAtHeight(node: Node, height: bigint): AppState {
  const state = node.chain.app.stateAt(height);
  if (!state) {
    throw new EthRpcError(ETH_DEFAULT_ERROR, `failed to load state at height ${height}; (latest height: ${node.height}): the node keeps the state of recent heights only (see --pruning)`);
  }
  return state;
}

/** -32000 `block not found for hash 0x…` (stratos-chain `HeaderByHash`): a block hash of no stored block. */
export function headerNotFound(hash: Uint8Array): EthRpcError {
  return new EthRpcError(ETH_DEFAULT_ERROR, `block not found for hash ${data(hash)}`);
}

/**
 * The state a state read at a block parameter reads: undefined for a block number above the head
 * (the method then answers `null`, reference B.3); -32000 `block not found for hash 0x…` for a
 * hash of no stored block (stratos-chain `getBlockNumber` → `HeaderByHash`);
 * the pruning error of stateAtHeight for a state the node no longer keeps.
 */
export function stateAtRef(node: Node, ref: BlockRef): AppState | undefined {
  const h = heightOfRef(node, ref);
  if (h === undefined && 'hash' in ref) throw headerNotFound(ref.hash);
  return h === undefined ? undefined : stateAtHeight(node, h);
}
