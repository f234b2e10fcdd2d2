/**
 * A node with the consensus engine's headers, fixed block times and funded test accounts, and its
 * REST server on a free loopback port: the given state of the REST tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appModules } from '../../../src/abci/modules.ts';
import type { Module } from '../../../src/state/module.ts';
import type { RunningServer } from '../../../src/api/http.ts';
import { startRestServer } from '../../../src/api/rest/server.ts';
import { cometBlockMeta } from '../../../src/consensus/block-meta.ts';
import { privValidatorKeyFromJson, validatorFromKey } from '../../../src/consensus/keys.ts';
import { Node } from '../../../src/node/node.ts';
import { defaultConsensusParams } from '../../../src/state/genesis.ts';
import { parseTimeNs } from '../../../src/state/block-info.ts';
import { genesisWith, msgSend, signed, testKey } from '../../helpers/fixture.ts';

/** node0 of the stratos-chain sample network (reference/wire-formats.md §3.3, test/consensus). */
export const validatorKey = privValidatorKeyFromJson({
  address: '0797DA108BD2EAF1BA313E66E8ECACF6FE3808EC',
  pub_key: { type: 'tendermint/PubKeyEd25519', value: 'V77q2IGoiSSNuhpHaBJN89RzQPmlFgqysgX7BRkUQTw=' },
  priv_key: { type: 'tendermint/PrivKeyEd25519', value: 'utkO0KF9Rli/0HBq/JqJjoPz23pqaHXf6ncuxCGktFdXvurYgaiJJI26GkdoEk3z1HNA+aUWCrKyBfsFGRRBPA==' },
});
export const validators = [validatorFromKey(validatorKey, 100)];

export const alice = testKey(0);
export const bob = testKey(1);
export const carol = testKey(2);
export const FEE = [{ denom: 'wei', amount: '200000000000000' }];
export const ALICE_WEI = 10n ** 21n;
export const BOB_WEI = 5n * 10n ** 20n;

/** alice (account 0) sends `amount` wei to bob with the given sequence. */
export const sendTx = (seq: bigint, amount: bigint, memo = '') => signed(alice, 0n, seq, { messages: [msgSend(alice.address, bob.address, amount)], fee: FEE, memo });

/** Block n is made at 2024-01-01T00:00:0n.5Z (well after genesis). */
export const blockTime = (n: number) => parseTimeNs(`2024-01-01T00:00:${String(n).padStart(2, '0')}.5Z`);

export interface RestFixture {
  readonly node: Node;
  readonly server: RunningServer;
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A node with the chain's modules (or `modules`: a node that runs fewer) and its REST server;
 * `keepRecent`: how many past states it keeps for queries at a height (default the App's 100).
 */
export async function restFixture(opts: { enableUnsafeCors?: boolean; modules?: readonly Module[]; keepRecent?: number } = {}): Promise<RestFixture> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rest-'));
  let blocks = 0;
  const node = new Node({
    ...appModules,
    ...(opts.modules ? { modules: opts.modules } : {}),
    ...(opts.keepRecent === undefined ? {} : { keepRecent: opts.keepRecent }),
    dbPath: path.join(dir, 'chain.sqlite'),
    genesis: genesisWith([
      [alice.address, ALICE_WEI],
      [bob.address, BOB_WEI],
    ]),
    identity: { id: '73ce7471e3bd6d3e0e5a9e9f25b34fb1ad3da1be', moniker: 'rest-test', listenAddr: 'tcp://0.0.0.0:26656', rpcAddress: 'tcp://127.0.0.1:26657' },
    validators,
    blockMeta: cometBlockMeta({ privValidatorKeys: [validatorKey], genesisValidators: validators, consensusParams: defaultConsensusParams() }),
    // each block takes the next second, so block times and hashes are the same on every run
    clock: () => blockTime(++blocks),
  });
  const server = await startRestServer(node, { address: '127.0.0.1:0', enableUnsafeCors: opts.enableUnsafeCors });
  return {
    node,
    server,
    url: `http://127.0.0.1:${server.address.port}`,
    async close() {
      await server.close();
      node.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface HttpAnswer {
  readonly status: number;
  readonly text: string;
  readonly headers: Headers;
  json(): any;
}

/** One HTTP exchange with the REST server. */
export async function call(f: RestFixture, pathAndQuery: string, init: RequestInit = {}): Promise<HttpAnswer> {
  const res = await fetch(f.url + pathAndQuery, init);
  const text = await res.text();
  return { status: res.status, text, headers: res.headers, json: () => JSON.parse(text) };
}

export function postJson(f: RestFixture, pathAndQuery: string, body: unknown): Promise<HttpAnswer> {
  return call(f, pathAndQuery, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
}

/** The golden file of a REST answer body (the compact JSON as served, plus a newline). */
export const golden = (name: string) => `../../../snapshots/rest/${name}`;
