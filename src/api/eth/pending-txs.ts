/**
 * What the node's pending-transaction filters (`eth_newPendingTransactionFilter`) and
 * `eth_subscribe("newPendingTransactions")` receive (stratos-chain filters `handleTxsEvent`): not a
 * mempool, but every tx CometBFT reports committed (its `Tx` event), as TmTxToEthTx's
 * pseudo-transaction (src/api/eth/pseudo-tx.ts) with its block's hash and height and index 0 (the
 * node does not know the index then). A subscriber gets the CometBFT tx hash, or with `fullTx` the
 * whole object. The txs are read after the commit has returned, so a subscriber never slows block
 * production.
 */
import type { Node } from '../../node/node.ts';
import type { EthJson, EthSubscriptionKind } from './dispatch.ts';
import { data } from './hexutil.ts';
import { bool, optional } from './params.ts';
import { pseudoTransaction } from './pseudo-tx.ts';

export type PendingTx = { readonly [key: string]: EthJson };

/** Calls `deliver` with the txs of each block committed from now on; returns the stop. */
export function onCommittedTxs(node: Node, deliver: (txs: readonly PendingTx[]) => void): () => void {
  let open = true;
  const subscription = node.blocks$.subscribe((block) => {
    setImmediate(() => {
      if (!open) return;
      let txs: PendingTx[];
      try {
        const record = node.block(block.height);
        if (!record || record.txs.length === 0) return;
        txs = record.txs.map((raw) => pseudoTransaction(node.chain.app.codec, raw, { blockHash: data(record.hash), blockNumber: record.height, index: 0 }));
      } catch {
        // the node is closing (its store is gone): no more txs
        return;
      }
      deliver(txs);
    });
  });
  return () => {
    open = false;
    subscription.unsubscribe();
  };
}

/** What a subscriber or a filter gets of one tx: its hash, or with `fullTx` the object. */
export const pendingTxAnswer = (tx: PendingTx, fullTx: boolean): EthJson => (fullTx ? tx : tx['hash']!);

/** `eth_subscribe("newPendingTransactions", fullTx?)`: one notification per committed tx. */
export function newPendingTransactions(node: Node): EthSubscriptionKind {
  return {
    args: [optional(bool)],
    start([fullTx], notify) {
      return onCommittedTxs(node, (txs) => {
        for (const tx of txs) notify(pendingTxAnswer(tx, fullTx === true));
      });
    },
  };
}
