/**
 * `npm start` (the compiled src/node/localnet.ts, as package.json runs it): the banner lists every
 * server the node really started, with the ports given to `npm start -- …`, and the home's
 * client.toml follows the consensus RPC, so the CLI reaches the node with only `--home`. While it
 * runs, another `npm start` (even with `--reset`) is refused and deletes nothing. A later
 * start with other flags (another RPC port, no REST, no gRPC) prints and points at what it serves then;
 * `--naming real` on a neutral home is refused until `--reset`.
 */
import { describe, expect, it, afterAll } from 'vitest';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runChaind, tempHome } from '../cli/run-chaind.ts';
import { freePort } from '../cli/node/node-process.ts';
import { addressFromBech32, toEthAddress } from '../../src/crypto/address.ts';
import { localnetFlags, localnetOtherFlags, localnetPorts, startLocalnet, type Localnet } from '../helpers/localnet.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

/** localnet run to its end. */
function runLocalnet(home: string, args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(ROOT, 'dist/bundle/localnet.js'), ...args], { cwd: ROOT, env: { ...process.env, LOCALNET_HOME: home } }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr });
    });
  });
}

describe('npm start', () => {
  let net: Localnet | undefined;
  afterAll(async () => {
    await net?.stop();
  });

  it('prints the servers it started and points client.toml at its RPC', async () => {
    const home = await tempHome();
    const ports = await localnetPorts();
    const { rpc: rpcPort, rest: restPort, grpc: grpcPort, ethRpc: ethRpcPort, ethWs: ethWsPort, meta: metaPort, ipfs: ipfsPort, sds: sdsPort, gateway: gatewayPort } = ports;
    // the storage network's, gateways' and Ethereum JSON-RPC's flags (the chain's servers change below)
    const storageFlags = localnetOtherFlags(ports);
    net = startLocalnet(home, [...localnetFlags(ports), '--consensus.timeout_commit', '200ms']);
    // the gateways' tokens are new at each start
    const banner = (await net.banner).replace(/token [A-Za-z0-9+]{27}=/g, 'token <token>');
    const storage = JSON.parse(readFileSync(join(home, 'storage', 'storage-network.json'), 'utf8')) as {
      metaNodes: { networkAddress: string }[];
      resourceNodes: { home: string; wallet: string; networkAddress: string }[];
    };
    const network = JSON.parse(readFileSync(join(home, 'dev-accounts.json'), 'utf8')) as {
      accounts: { name: string; address: string; mnemonic: string }[];
      validators: { name: string; operator: string; consensusAddress: string }[];
    };
    const accounts = network.accounts;
    expect(network.validators.map((v) => v.name)).toEqual(['val0']);
    expect(banner).toBe(
      [
        `local network "stratos-localnet" in ${home}`,
        `  consensus RPC  http://127.0.0.1:${rpcPort}`,
        `  REST           http://127.0.0.1:${restPort}`,
        `  gRPC           127.0.0.1:${grpcPort}`,
        `  Ethereum RPC   http://127.0.0.1:${ethRpcPort}`,
        `  Ethereum WS    ws://127.0.0.1:${ethWsPort}`,
        `  pot settings   ${home}/config/app.toml [pot] (defaults: bls-verifier "bls12-381", restore-total-supply true)`,
        `  CLI            bin/chaind --home ${home} … (client.toml: node tcp://127.0.0.1:${rpcPort}, keyring-backend test, chain-id stratos-localnet)`,
        '',
        'dev accounts (keyring-backend test), each funded with 1000000stos:',
        ...accounts.flatMap((a) => [`  ${a.name}  ${a.address}`, `        mnemonic: ${a.mnemonic}`]),
        '',
        'validators (keys in the test keyring; each self-delegates 100stos; consensus keys signed by this node):',
        ...network.validators.map((v) => `  ${v.name}  ${v.operator}  consensus ${v.consensusAddress}`),
        '',
        `storage network (nodeclient; logs: ${home}/storage/*/*.log):`,
        `  meta-node service  http://127.0.0.1:${metaPort}  (meta nodes ${storage.metaNodes.map((m) => m.networkAddress).join(', ')}; epochs of 60 s, POST /epochs/close ends one now)`,
        ...storage.resourceNodes.map(
          (r, i) => `  resource node rn${i}   JSON-RPC http://127.0.0.1:${sdsPort + i}  IPC ${r.home}/sds.ipc  (${r.networkAddress}, wallet ${r.wallet})`,
        ),
        `  storage client API http://127.0.0.1:${ipfsPort}/api/v0  (nodeclient ipfs on rn0's home over IPC, wallet ${storage.resourceNodes[0]!.wallet})`,
        '',
        `regional gateways (a new free-tier token each start; bin/gateway --home ${home}/gateways/<region> token create … for more; public reads: GET <url>/ipfs/<cid>):`,
        ...['EU', 'USEAST', 'USWEST', 'ASIA'].map((r, i) => {
          const url = `http://127.0.0.1:${gatewayPort + i}`;
          return `  ${r.padEnd(6)}  ${url}  token <token>  (${url}/private/rpc/<token>, ${url}/spfs/<token>/api/v0)`;
        }),
        '',
        '',
      ].join('\n'),
    );
    // the banner follows what the node logged once bound
    expect(net.stderr()).toContain(`INF serving the consensus RPC laddr=tcp://127.0.0.1:${rpcPort} module=rpc-server\n`);
    expect(net.stderr()).toContain(`INF serving the REST API address=tcp://127.0.0.1:${restPort} module=api-server\n`);
    expect(net.stderr()).toContain(`INF starting gRPC server... address=127.0.0.1:${grpcPort} module=grpc-server\n`);
    expect(net.stderr()).toContain(`INF starting Web3 RPC server on 127.0.0.1:${ethRpcPort} module=geth\n`);

    // the Ethereum JSON-RPC: the coinbase and the blocks' miner are val0's operator account
    const eth = async (method: string, params: unknown[] = []) =>
      ((await (await fetch(`http://127.0.0.1:${ethRpcPort}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result: any }).result;
    const operator = `0x${Buffer.from(addressFromBech32(network.validators[0]!.operator, 'stvaloper')).toString('hex')}`;
    // eth_coinbase is common.Address.Hex(): EIP-55 mixed case; a block's miner field lowercase
    expect(await eth('eth_coinbase')).toBe(toEthAddress(addressFromBech32(network.validators[0]!.operator, 'stvaloper')));
    expect((await eth('eth_getBlockByNumber', ['latest', false])).miner).toBe(operator);

    // the printed CLI line works without --node
    const balance = await runChaind(['query', 'bank', 'balances', accounts[0]!.address, '--home', home, '-o', 'json']);
    expect(balance.code).toBe(0);
    expect(JSON.parse(balance.stdout).balances).toEqual([{ denom: 'wei', amount: '1000000000000000000000000' }]);

    // a second npm start, even with --reset, is refused by the home's lock and deletes nothing
    const owner = JSON.parse(readFileSync(join(home, 'data', 'LOCK'), 'utf8')) as { pid: number; started: string };
    expect(owner.pid).toBe(net.child.pid);
    const refusal = `Error: ${join(home, 'data', 'LOCK')} is held by a running "chaind start" (pid ${owner.pid}, started ${owner.started}): one node owns a home; stop that process first (docs/node.md "One node per home")\n`;
    for (const args of [[], ['--reset']]) {
      const second = await runLocalnet(home, args);
      expect(second, args.join(' ')).toEqual({ code: 1, stdout: '', stderr: refusal });
    }
    expect(JSON.parse(readFileSync(join(home, 'dev-accounts.json'), 'utf8'))).toEqual(network);
    expect(await net.stop()).toBe(0);

    // the home's chain is neutral: asking for the real words is refused until --reset, and nothing changes
    const genesisBefore = readFileSync(join(home, 'config', 'genesis.json'), 'utf8');
    expect(await runLocalnet(home, ['--naming', 'real'])).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: the local network in ${home} uses the neutral naming profile, not real: add --reset to begin a new one\n`,
    });
    expect(await runLocalnet(home, ['--naming', 'klingon'])).toEqual({ code: 1, stdout: '', stderr: 'Error: --naming: expected neutral or real, got "klingon"\n' });
    expect(readFileSync(join(home, 'config', 'genesis.json'), 'utf8')).toBe(genesisBefore);

    // again with another RPC port and without REST, gRPC and the Ethereum JSON-RPC
    const rpcPort2 = await freePort();
    net = startLocalnet(home, ['--rpc.laddr', `tcp://127.0.0.1:${rpcPort2}`, '--api.enable=false', '--grpc.enable=false', '--json-rpc.enable=false', '--consensus.timeout_commit', '200ms', ...storageFlags]);
    const lines = (await net.banner).split('\n');
    expect(lines.slice(0, 4)).toEqual([
      `local network "stratos-localnet" in ${home}`,
      `  consensus RPC  http://127.0.0.1:${rpcPort2}`,
      `  pot settings   ${home}/config/app.toml [pot] (defaults: bls-verifier "bls12-381", restore-total-supply true)`,
      `  CLI            bin/chaind --home ${home} … (client.toml: node tcp://127.0.0.1:${rpcPort2}, keyring-backend test, chain-id stratos-localnet)`,
    ]);
    const status = await runChaind(['status', '--home', home]);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout).NodeInfo.other.rpc_address).toBe(`tcp://127.0.0.1:${rpcPort2}`);
    expect(await net.stop()).toBe(0);
    net = undefined;
  }, 120_000);
});
