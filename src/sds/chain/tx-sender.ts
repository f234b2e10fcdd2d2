/**
 * Signs and sends the txs of one account (a resource node's wallet, a meta node's owner) through a
 * node's RPC: SIGN_MODE_DIRECT, the account number and sequence read from the node once and then
 * counted here, one tx at a time (a queue), each awaited until committed. A sequence mismatch
 * (code 32) re-reads the sequence and signs again, once.
 */
import { queryAccountInfo } from '../../client/account.ts';
import type { RpcClient, TxResultJson } from '../../client/rpc-client.ts';
import { signTx, type TxMessage } from '../../client/sign-tx.ts';
import { makePrivKey, type PrivKey } from '../../crypto/keys.ts';
import { ETH_SECP256K1 } from '../../crypto/ethsecp256k1.ts';
import type { ChainAccess } from './chain-access.ts';

const SEQUENCE_MISMATCH = 32;
/** wei per gas paid by default: the localnet's and a default node's minimum-gas-prices (1gwei) */
export const DEFAULT_GAS_PRICE = 1_000_000_000n;
const COMMIT_WAIT_MS = 60_000;
/** the gas limit of a tx when none is given */
export const DEFAULT_GAS_LIMIT = 400_000n;

export interface SentTx {
  readonly hash: string;
  readonly height: bigint;
  readonly result: TxResultJson;
}

/** A tx the chain refused (CheckTx or DeliverTx), with its code and log. */
export class TxFailedError extends Error {
  constructor(
    readonly code: number,
    readonly codespace: string,
    readonly log: string,
    readonly hash: string,
  ) {
    super(`tx ${hash} failed with code ${code} (codespace ${codespace || 'sdk'}): ${log}`);
    this.name = 'TxFailedError';
  }
}

export class TxSender {
  private readonly privKey: PrivKey;
  private accountNumber: bigint | undefined;
  private sequence = 0n;
  private chainId: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly chain: ChainAccess,
    readonly address: string,
    privateKey: Uint8Array,
    /** the fee is gas limit × this, in `denom` */
    readonly gasPrice: bigint = DEFAULT_GAS_PRICE,
    readonly denom = 'wei',
  ) {
    this.privKey = makePrivKey(ETH_SECP256K1, privateKey);
  }

  /** The fee (in `denom`) of a tx with this gas limit. */
  fee(gasLimit: bigint = DEFAULT_GAS_LIMIT): bigint {
    return gasLimit * this.gasPrice;
  }

  /** Sends one tx with `messages`; resolves once committed successfully, else rejects with TxFailedError. */
  send(messages: readonly TxMessage[], opts: { gasLimit?: bigint; memo?: string } = {}): Promise<SentTx> {
    const next = this.queue.then(() => this.sendNow(messages, opts, true));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async refreshAccount(): Promise<void> {
    const info = await queryAccountInfo(this.chain.rpc, this.address, this.chain.codec);
    this.accountNumber = info.accountNumber;
    this.sequence = info.sequence;
  }

  private async sendNow(messages: readonly TxMessage[], opts: { gasLimit?: bigint; memo?: string }, retry: boolean): Promise<SentTx> {
    this.chainId ??= await this.chain.chainId();
    // the codec in the chain's words (learned from the node once)
    await this.chain.ready();
    if (this.accountNumber === undefined) await this.refreshAccount();
    const gasLimit = opts.gasLimit ?? DEFAULT_GAS_LIMIT;
    const fee = this.fee(gasLimit);
    const bytes = signTx(
      { messages, gasLimit, memo: opts.memo ?? '', fee: fee > 0n ? [{ denom: this.denom, amount: fee.toString() }] : [] },
      { chainId: this.chainId, signers: [{ privKey: this.privKey, accountNumber: this.accountNumber!, sequence: this.sequence }], codec: this.chain.codec },
    );
    const res = await this.chain.rpc.broadcastTxSync(bytes);
    if (res.code !== 0) {
      if (res.code === SEQUENCE_MISMATCH && retry) {
        await this.refreshAccount();
        return this.sendNow(messages, opts, false);
      }
      // a refused tx does not use its sequence
      throw new TxFailedError(res.code, res.codespace, res.log, res.hash);
    }
    this.sequence++;
    return waitCommitted(this.chain.rpc, res.hash);
  }
}

/** Polls `tx` until the tx is in a block; rejects with TxFailedError when it failed there. */
export async function waitCommitted(rpc: RpcClient, hash: string, timeoutMs = COMMIT_WAIT_MS): Promise<SentTx> {
  const deadline = Date.now() + timeoutMs;
  const hashBytes = Buffer.from(hash, 'hex');
  for (;;) {
    try {
      const r = await rpc.tx(hashBytes);
      if (r.tx_result.code !== 0) throw new TxFailedError(r.tx_result.code, r.tx_result.codespace, r.tx_result.log, hash);
      return { hash, height: BigInt(r.height), result: r.tx_result };
    } catch (e) {
      if (e instanceof TxFailedError) throw e;
      if (Date.now() > deadline) throw new Error(`tx ${hash} was not committed within ${timeoutMs / 1000} s: ${(e as Error).message}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
