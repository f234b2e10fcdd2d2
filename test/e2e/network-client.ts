/**
 * What the end-to-end tests of a running local network use: REST GETs (optionally at a height),
 * the latest height, and tx commands sent through the CLI from a keyring key and waited for.
 */
import { expect } from 'vitest';
import { chaind } from '../cli/node/in-process.ts';
import { rpc, waitForTx } from '../cli/node/node-process.ts';

export type TxEvents = { type: string; attributes: { key: string; value: string }[] }[];

/** 200000 gas × 1 gwei: the fee every tx command pays */
export const FEE = 200000n * 1_000_000_000n;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `f` every 100 ms until `ok` holds (at most `tries` times); the last value. */
export async function until<T>(f: () => Promise<T> | T, ok: (v: T) => boolean, what: string, tries = 300): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await f();
    if (ok(v)) return v;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The values of attribute `key` in the events of `type`. */
export const attr = (events: TxEvents, type: string, key: string): string[] =>
  events.filter((e) => e.type === type).map((e) => e.attributes.find((a) => a.key === key)?.value ?? '');

export function networkClient(at: { home: () => string; rpcPort: () => number; restPort: () => number }) {
  const rest = async <T = any>(path: string, height?: bigint): Promise<T> => {
    const res = await fetch(`http://127.0.0.1:${at.restPort()}${path}`, height ? { headers: { 'x-cosmos-block-height': height.toString() } } : {});
    const body = await res.json();
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(body)}`);
    return body as T;
  };
  const height = async (): Promise<bigint> => BigInt((await rpc(at.rpcPort(), 'status')).sync_info.latest_block_height);
  return {
    rest,
    height,
    async waitHeight(h: bigint): Promise<void> {
      while ((await height()) < h) await sleep(50);
    },
    async balance(address: string): Promise<bigint> {
      return BigInt((await rest(`/sdk/bank/v1beta1/balances/${address}/by_denom?denom=wei`)).balance.amount);
    },
    /** Sends `chaind tx <args>` from a keyring key and waits for its block; the tx must succeed. */
    async tx(from: string, args: string[]): Promise<{ height: bigint; events: TxEvents }> {
      const r = await chaind(['tx', ...args, '--from', from, '--fees', `${FEE}wei`, '-y', '-o', 'json', '--home', at.home()]);
      expect([r.code, r.stderr]).toEqual([0, '']);
      const sent = JSON.parse(r.stdout) as { code: number; txhash: string; raw_log: string };
      expect([sent.code, sent.raw_log]).toEqual([0, '[]']);
      const done = (await waitForTx(at.rpcPort(), sent.txhash)) as unknown as { height: string; tx_result: { code: number; log: string; events: TxEvents } };
      // the log says why when the code is not 0
      expect(done.tx_result.code === 0 ? 0 : done.tx_result.log).toBe(0);
      return { height: BigInt(done.height), events: done.tx_result.events };
    },
  };
}
