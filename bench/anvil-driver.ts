/**
 * Anvil (Foundry's local EVM node, from its npm package @foundry-rs/anvil-linux-amd64) as the
 * side-by-side reference of the RPC benchmark (bench/rpc.bench.ts): started on a free loopback
 * port, 200 senders funded with `anvil_setBalance`, value transfers pre-signed with ethers v6
 * (the signature itself by the project's secp256k1 backend, as for the node's txs), `eth_sendRawTransaction` in the
 * same driver shapes; committed txs watched through the block number and `txpool_status`, then
 * counted from the blocks' transaction counts.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { Signature, Transaction, computeAddress, hexlify } from 'ethers';
import { secp256k1 } from '../src/crypto/secp256k1-backend.ts';
import { freePort } from '../test/helpers/free-port.ts';
import { JsonRpcHttp, startProcess, stderrTail, waitUntil, type CommitSource, type RpcAnswer, type TxServer } from './rpc-driver.ts';

export const ANVIL = fileURLToPath(new URL('../node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil', import.meta.url));
export const anvilInstalled = () => existsSync(ANVIL);

const CHAIN_ID = 31337n;
/** above any base fee the runs reach (Anvil starts at 1 gwei; full blocks raise it by at most 12.5 % each) */
const MAX_FEE = 100n * 10n ** 9n;
const PRIORITY_FEE = 10n ** 9n;

export interface EthSender {
  readonly priv: Uint8Array;
  readonly address: string;
}

export function ethSenders(n: number): EthSender[] {
  return Array.from({ length: n }, (_, i) => {
    const priv = createHash('sha256').update(`rpc-bench eth sender ${i}`).digest();
    return { priv: new Uint8Array(priv), address: computeAddress(hexlify(priv)) };
  });
}

/** A fresh recipient for tx `j` (each transfer creates an account, as on the node's side). */
export function ethRecipient(j: number): string {
  return hexlify(createHash('sha256').update(`rpc-bench recipient ${j}`).digest().subarray(0, 20));
}

/** A signed EIP-1559 transfer of 1 wei, as the raw transaction's 0x-hex. */
export function signTransfer(from: EthSender, nonce: number, to: string): string {
  const tx = Transaction.from({ type: 2, chainId: CHAIN_ID, nonce, to, value: 1n, gasLimit: 21000n, maxFeePerGas: MAX_FEE, maxPriorityFeePerGas: PRIORITY_FEE });
  const { signature, recovery } = secp256k1().signDigest(Buffer.from(tx.unsignedHash.slice(2), 'hex'), from.priv);
  tx.signature = Signature.from({ r: hexlify(signature.subarray(0, 32)), s: hexlify(signature.subarray(32, 64)), v: 27 + recovery });
  return tx.serialized;
}

export interface AnvilMode {
  readonly name: string;
  /** extra anvil flags */
  readonly args: readonly string[];
}

export interface RunningAnvil extends TxServer, CommitSource {
  readonly child: ChildProcess;
  readonly port: number;
  /** ms from spawn to the first answer (`eth_chainId`) */
  readonly firstAnswerMs: number;
  blockNumber(): Promise<number>;
}

/** Starts Anvil on a free port; resolves once it answers and the senders are funded. */
export async function startAnvil(mode: AnvilMode, senders: readonly EthSender[]): Promise<RunningAnvil> {
  const port = await freePort();
  const started = performance.now();
  // a block gas limit for 5,000 transfers in one block (the default is 30M: 1,428 transfers)
  const child = startProcess(ANVIL, ['--host', '127.0.0.1', '--port', String(port), '--accounts', '1', '--gas-limit', '1000000000', '--silent', ...mode.args]);
  const rpc = new JsonRpcHttp(`http://127.0.0.1:${port}/`);
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`anvil exited (${code}) before answering: ${stderrTail(child)}`))));
  await Promise.race([waitUntil(async () => (await rpc.call<string>('eth_chainId', [])) === '0x7a69', 20_000, 2, 'anvil answers'), exited]);
  const firstAnswerMs = performance.now() - started;
  exited.catch(() => undefined);
  await rpc.batch(senders.map((s) => ['anvil_setBalance', [s.address, '0x' + (10n ** 24n).toString(16)]] as [string, unknown]));
  const blockNumber = async () => Number(await rpc.call<string>('eth_blockNumber', []));
  return {
    child,
    port,
    rpc,
    firstAnswerMs,
    blockNumber,
    single: (tx, id) => `{"jsonrpc":"2.0","id":${id},"method":"eth_sendRawTransaction","params":["${tx}"]}`,
    accepted: (a: RpcAnswer) => {
      if (a.error || typeof a.result !== 'string') throw new Error(`anvil refused a tx: ${JSON.stringify(a.error ?? a)}`);
    },
    answered: 0,
    async poll() {
      const [height, pool] = await rpc.batch<string | { pending: string; queued: string }>([
        ['eth_blockNumber', []],
        ['txpool_status', []],
      ]);
      const { pending, queued } = pool as { pending: string; queued: string };
      return { height: Number(height), pending: Number(pending) + Number(queued) };
    },
    async txCounts(from, to) {
      const out: number[] = [];
      for (let lo = from; lo <= to; lo += 500) {
        const heights = Array.from({ length: Math.min(500, to - lo + 1) }, (_, i) => lo + i);
        const counts = await rpc.batch<string>(heights.map((h) => ['eth_getBlockTransactionCountByNumber', ['0x' + h.toString(16)]] as [string, unknown]));
        out.push(...counts.map(Number));
      }
      return out;
    },
  };
}
