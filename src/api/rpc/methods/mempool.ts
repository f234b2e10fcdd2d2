/**
 * Tx submission and the mempool (rpc/core/mempool.go): `broadcast_tx_sync|async|commit`,
 * `check_tx`, `unconfirmed_txs`, `num_unconfirmed_txs`. A refusal before CheckTx (cache, size) is
 * a JSON-RPC error; a CheckTx failure is a normal answer with a non-zero code.
 */
import type { GoJsonValue } from '../../../codec/go-json.ts';
import { base64 } from '../../../codec/go-json.ts';
import { MempoolError, Node } from '../../../node/node.ts';
import { checkTxJson, deliverTxJson, EMPTY_DELIVER_TX } from '../abci-json.ts';
import { checkPerPage } from '../arg-checks.ts';
import { RpcError } from '../jsonrpc.ts';
import { P } from '../params.ts';
import { hexUpper, type Route } from '../route.ts';

/** CometBFT's `timeout_broadcast_tx_commit` default. */
export const BROADCAST_TX_COMMIT_TIMEOUT_MS = 10_000;

/** The timeout text of broadcast_tx_commit, which CometBFT returns without a prefix. */
const COMMIT_TIMEOUT_TEXT = 'timed out waiting for tx to be included in a block';

const txParam = [{ name: 'tx', type: P.tx }] as const;

/** Runs a mempool call; MempoolError becomes the JSON-RPC error CometBFT gives (prefixed as `prefix` says). */
async function mempoolCall<T>(call: () => T | Promise<T>, prefix = ''): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof MempoolError) throw RpcError.internal(e.message === COMMIT_TIMEOUT_TEXT ? e.message : prefix + e.message);
    throw e;
  }
}

export const mempoolRoutes: Record<string, Route> = {
  broadcast_tx_sync: {
    params: txParam,
    run: async ({ node }, [tx]) => {
      const r = await mempoolCall(() => node.broadcastTxSync(tx as Uint8Array));
      // ResultBroadcastTx: data is HexBytes (uppercase hex, "" when empty)
      return { code: r.code, data: hexUpper(r.data), log: r.log, codespace: r.codespace, hash: r.hash };
    },
  },
  broadcast_tx_async: {
    params: txParam,
    run: async ({ node }, [tx]) => {
      const r = await mempoolCall(() => node.broadcastTxAsync(tx as Uint8Array));
      // CometBFT answers before CheckTx: only the hash
      return { code: 0, data: '', log: '', codespace: '', hash: r.hash };
    },
  },
  broadcast_tx_commit: {
    params: txParam,
    run: async ({ node, events, ws }, [tx]) => {
      const bytes = tx as Uint8Array;
      // the wait for the tx is a subscription in CometBFT, within the event limits: checked before CheckTx
      let release: (() => void) | undefined;
      try {
        release = events?.holdCommitWait(ws?.subscriber ?? {});
      } catch (e) {
        throw RpcError.internal((e as Error).message);
      }
      const r = await mempoolCall(() => {
        // refusals first: Node.broadcastTxCommit would leave its wait for the block pending when the mempool refuses
        node.mempool.precheck(Node.txHash(bytes), bytes);
        return node.broadcastTxCommit(bytes, BROADCAST_TX_COMMIT_TIMEOUT_MS);
      }, 'error on broadcastTxCommit: ').finally(() => release?.());
      return {
        check_tx: checkTxJson(r.checkTx),
        deliver_tx: r.txResult ? deliverTxJson(r.txResult) : EMPTY_DELIVER_TX,
        hash: r.hash,
        height: r.height.toString(),
      };
    },
  },
  check_tx: {
    params: txParam,
    // CheckTx on the app's check state without entering the mempool (the app keeps its check-state effects, as over ABCI)
    run: ({ node }, [tx]) => checkTxJson(node.chain.app.checkTx(tx as Uint8Array)),
  },
  unconfirmed_txs: {
    params: [{ name: 'limit', type: P.intPtr }],
    run: ({ node }, [limit]) => {
      const txs = node.mempool.all().slice(0, checkPerPage(limit as bigint | undefined));
      return {
        n_txs: txs.length.toString(),
        total: node.mempool.size.toString(),
        total_bytes: node.mempool.totalBytes.toString(),
        txs: txs.map((t) => base64(t.bytes)) as GoJsonValue[],
      };
    },
  },
  num_unconfirmed_txs: {
    params: [],
    run: ({ node }) => ({
      n_txs: node.mempool.size.toString(),
      total: node.mempool.size.toString(),
      total_bytes: node.mempool.totalBytes.toString(),
      txs: null,
    }),
  },
};
