/**
 * `chaind status -o json|text`. Given a node serving its consensus RPC, when `status` runs, then
 * without `-o` and with `-o json` it prints the SDK v0.47 form on one line (`NodeInfo`, `SyncInfo`,
 * `ValidatorInfo`), whatever client.toml's `output` says (here `text`), and with `-o text` the same
 * document as YAML with sorted keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAIN_ID } from '../../helpers/fixture.ts';
import { startLocalNode, type LocalNode } from '../tx/local-node.ts';
import { chaindInProcess } from '../tx/tx-cli.ts';

let ln: LocalNode;
beforeAll(async () => {
  ln = await startLocalNode();
}, 30_000);
afterAll(async () => {
  await ln?.close();
});

describe('chaind status', { timeout: 30_000 }, () => {
  it('prints JSON by default and with -o json, YAML with -o text', async () => {
    const plain = await chaindInProcess(['status', '--home', ln.home]);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toBe('');
    const s = JSON.parse(plain.stdout);
    const sync = s.SyncInfo;
    expect(plain.stdout).toBe(
      `{"NodeInfo":{"protocol_version":{"p2p":"8","block":"11","app":"0"},"id":"${'ab'.repeat(20)}","listen_addr":"tcp://127.0.0.1:26656","network":"${CHAIN_ID}","version":"0.37.5","channels":"40202122233038606100","moniker":"txq-test","other":{"tx_index":"on","rpc_address":"tcp://127.0.0.1:0"}},` +
        `"SyncInfo":{"latest_block_hash":"${sync.latest_block_hash}","latest_app_hash":"${sync.latest_app_hash}","latest_block_height":"1","latest_block_time":"${sync.latest_block_time}",` +
        `"earliest_block_hash":"${sync.latest_block_hash}","earliest_app_hash":"${sync.latest_app_hash}","earliest_block_height":"1","earliest_block_time":"${sync.latest_block_time}","catching_up":false},` +
        `"ValidatorInfo":{"Address":"${s.ValidatorInfo.Address}","PubKey":{"type":"consensus/PubKeyEd25519","value":"${s.ValidatorInfo.PubKey.value}"},"VotingPower":"10"}}\n`,
    );
    expect(sync.latest_block_hash).toMatch(/^[0-9A-F]{64}$/);
    expect(s.ValidatorInfo.Address).toMatch(/^[0-9A-F]{40}$/);

    expect(await chaindInProcess(['status', '-o', 'json', '--home', ln.home])).toEqual(plain);
    expect(await chaindInProcess(['status', '--output', 'json', '--node', ln.nodeUri, '--home', ln.home])).toEqual(plain);

    const text = await chaindInProcess(['status', '-o', 'text', '--home', ln.home]);
    expect(text).toEqual({
      code: 0,
      stderr: '',
      stdout:
        'NodeInfo:\n' +
        '  channels: "40202122233038606100"\n' +
        `  id: ${'ab'.repeat(20)}\n` +
        '  listen_addr: tcp://127.0.0.1:26656\n' +
        '  moniker: txq-test\n' +
        `  network: ${CHAIN_ID}\n` +
        '  other:\n' +
        '    rpc_address: tcp://127.0.0.1:0\n' +
        '    tx_index: "on"\n' +
        '  protocol_version:\n' +
        '    app: "0"\n' +
        '    block: "11"\n' +
        '    p2p: "8"\n' +
        '  version: 0.37.5\n' +
        'SyncInfo:\n' +
        '  catching_up: false\n' +
        `  earliest_app_hash: ${sync.latest_app_hash}\n` +
        `  earliest_block_hash: ${sync.latest_block_hash}\n` +
        '  earliest_block_height: "1"\n' +
        `  earliest_block_time: "${sync.latest_block_time}"\n` +
        `  latest_app_hash: ${sync.latest_app_hash}\n` +
        `  latest_block_hash: ${sync.latest_block_hash}\n` +
        '  latest_block_height: "1"\n' +
        `  latest_block_time: "${sync.latest_block_time}"\n` +
        'ValidatorInfo:\n' +
        `  Address: ${s.ValidatorInfo.Address}\n` +
        '  PubKey:\n' +
        '    type: consensus/PubKeyEd25519\n' +
        `    value: ${s.ValidatorInfo.PubKey.value}\n` +
        '  VotingPower: "10"\n',
    });
  });

  it('refuses another format', async () => {
    const r = await chaindInProcess(['status', '-o', 'yaml', '--home', ln.home]);
    expect(r).toEqual({ code: 1, stdout: '', stderr: `Error: invalid argument "yaml" for "-o, --output" flag: Allowed choices are text, json.\nRun 'chaind status --help' for usage.\n` });
  });
});
