// A node as `chaind init` + `chaind start` make it (its own block producer, write-behind store,
// verify pool): `/genesis` lists the validator `init` wrote into genesis.json, and CosmJS's
// Tendermint37Client over a WebsocketClient receives the node's blocks and txs as they are made.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256 } from '@noble/hashes/sha2.js';
import { toHex } from '@cosmjs/encoding';
import { Tendermint37Client, WebsocketClient } from '@cosmjs/tendermint-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGenesisAccount } from '../../../src/node/genesis-accounts.ts';
import { readGenesisJson, writeGenesisJson } from '../../../src/node/genesis-file.ts';
import { homeLayout } from '../../../src/node/home.ts';
import { initHome } from '../../../src/node/init.ts';
import { createLogger, parseLogLevel } from '../../../src/node/logger.ts';
import { resolveStartSettings } from '../../../src/node/settings.ts';
import { startNode, type RunningNode } from '../../../src/node/start.ts';
import { msgSend, signed } from '../../helpers/fixture.ts';
import { alice, bob, FEE } from './rpc-fixture.ts';

let dir: string;
let home: string;
let running: RunningNode;
let tm: Tendermint37Client;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ws-start-'));
  home = join(dir, 'home');
  initHome(home, { moniker: 'ws-node', chainId: 'stratos-test' });
  const genesisFile = homeLayout(home).genesisFile;
  writeGenesisJson(genesisFile, addGenesisAccount(readGenesisJson(genesisFile), alice.address, [{ denom: 'wei', amount: 10n ** 21n }]));
  const settings = resolveStartSettings(
    home,
    new Map([
      ['rpc.laddr', 'tcp://127.0.0.1:0'],
      ['consensus.timeout_commit', '100ms'],
      ['api.enable', 'false'],
      ['grpc.enable', 'false'],
      ['json-rpc.enable', 'false'],
    ]),
  );
  running = await startNode(home, { settings, logger: createLogger({ format: 'json', filter: parseLogLevel('error'), write: () => undefined }) });
  tm = Tendermint37Client.create(new WebsocketClient(`ws://127.0.0.1:${running.rpc!.address.port}`));
  // CosmJS 0.39's queueing socket sends nothing if its queue was empty when it connected: a first
  // request must be queued before the connection is open (tendermint-rpc's own connect() does so)
  await tm.health();
});
afterAll(async () => {
  tm?.disconnect();
  await running?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The first `count` values of a CosmJS stream. */
function take<T>(stream: { subscribe(l: { next: (v: T) => void; error: (e: unknown) => void; complete: () => void }): { unsubscribe(): void } }, count: number): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const got: T[] = [];
    const sub = stream.subscribe({
      next: (v) => {
        // blocks written while the writer thread starts arrive together: keep the first `count`
        if (got.length === count) return;
        got.push(v);
        if (got.length === count) {
          queueMicrotask(() => sub.unsubscribe());
          resolve(got);
        }
      },
      error: reject,
      complete: () => reject(new Error('stream completed')),
    });
  });
}

describe('a started node over the websocket', { timeout: 30_000 }, () => {
  it('/genesis lists the validator chaind init wrote (address, pub_key, power 10, the moniker)', async () => {
    const file = JSON.parse(await readFile(homeLayout(home).genesisFile, 'utf8'));
    const key = JSON.parse(await readFile(homeLayout(home).privValidatorKeyFile, 'utf8'));
    const genesis = await tm.genesis();
    expect(genesis.validators.map((v) => [toHex(v.address).toUpperCase(), v.votingPower])).toEqual([[key.address, 10n]]);
    const raw: any = await (await fetch(`http://127.0.0.1:${running.rpc!.address.port}/genesis`)).json();
    expect(raw.result.genesis.validators).toEqual([{ address: key.address, pub_key: key.pub_key, power: '10', name: 'ws-node' }]);
    expect(raw.result.genesis.validators).toEqual(file.validators);
  });

  it('subscribeNewBlock delivers consecutive blocks; subscribeTx(query) the tx sent', async () => {
    const blocks = take(tm.subscribeNewBlock(), 3);
    const txs = take(tm.subscribeTx(`message.sender='${alice.address}'`), 1);
    // answers come in request order: once this one is answered, the subscriptions are in place
    await tm.health();
    const tx = signed(alice, 0n, 0n, { messages: [msgSend(alice.address, bob.address, 1000n)], fee: FEE, memo: 'over the websocket' });
    expect((await tm.broadcastTxSync({ tx })).code).toBe(0);
    const got = await blocks;
    const heights = got.map((b) => b.header.height);
    expect(heights).toEqual([heights[0]!, heights[0]! + 1, heights[0]! + 2]);
    const [event] = await txs;
    expect(toHex(event!.hash).toUpperCase()).toBe(toHex(sha256(tx)).toUpperCase());
    expect(event!.result.code).toBe(0);
    expect((await tm.block(event!.height)).block.txs).toEqual([tx]);
  });
});
