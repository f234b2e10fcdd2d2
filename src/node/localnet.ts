/**
 * `npm start`: a one-validator local network with every interface of this build and funded dev
 * accounts, like a developer chain. The home is `./.localnet` (override with LOCALNET_HOME);
 * a second start continues the same chain, `npm start -- --reset` begins a new one.
 *
 * Everything goes through the `chaind` commands themselves (init, keys add,
 * genesis add-genesis-account, start), so the local network is what a user would build by hand.
 * Flags after `npm start --` go to `chaind start` after localnet's own, so they win.
 *
 * The banner is printed once the node serves, from the servers it really bound
 * (`observeNodeStarts`), and the home's client.toml `node` is set to the consensus RPC, so the
 * printed CLI lines reach this node without `--node`.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { main } from '../cli/chaind.ts';
import { bufferOutput } from '../cli/output.ts';
import { scriptedPrompter } from '../cli/prompt.ts';
import { homeLayout, readClientConfig, readConsensusConfig, writeClientConfig } from './home.ts';
import { refuseIfLocked } from './home-lock.ts';
import { observeNodeStarts, type RunningNode, type ServingAddress } from './start.ts';

const CHAIN_ID = 'stratos-localnet';
const DEV_ACCOUNTS = 5;
/** 1,000,000 stos per dev account */
const DEV_FUNDS = '1000000000000000000000000wei';

interface DevAccount {
  readonly name: string;
  readonly address: string;
  readonly mnemonic: string;
}

async function run(args: string[]): Promise<string> {
  const out = bufferOutput();
  const code = await main(args, { out, prompt: scriptedPrompter([]) });
  if (code !== 0) throw new Error(`chaind ${args.join(' ')} failed (exit ${code}): ${out.err.trim()}`);
  return out.out;
}

async function createNetwork(home: string): Promise<DevAccount[]> {
  await run(['init', 'localnet', '--chain-id', CHAIN_ID, '--home', home]);
  const accounts: DevAccount[] = [];
  for (let i = 0; i < DEV_ACCOUNTS; i++) {
    const name = `dev${i}`;
    const key = JSON.parse(await run(['keys', 'add', name, '--keyring-backend', 'test', '--home', home, '--output', 'json'])) as { address: string; mnemonic: string };
    await run(['genesis', 'add-genesis-account', name, DEV_FUNDS, '--keyring-backend', 'test', '--home', home]);
    accounts.push({ name, address: key.address, mnemonic: key.mnemonic });
  }
  await run(['config', 'keyring-backend', 'test', '--home', home]);
  await run(['config', 'chain-id', CHAIN_ID, '--home', home]);
  writeFileSync(join(home, 'dev-accounts.json'), JSON.stringify(accounts, null, 2) + '\n', { mode: 0o600 });
  return accounts;
}

/** Where a client on this machine reaches a server listening on all interfaces. */
function reachable(url: string): string {
  return url.replace('//0.0.0.0:', '//127.0.0.1:').replace(/^0\.0\.0\.0:/, '127.0.0.1:').replace('[::]:', '[::1]:');
}

/** client.toml `node` follows the consensus RPC the node bound. */
function pointClientAt(home: string, rpc: ServingAddress): string {
  const layout = homeLayout(home, readConsensusConfig(home));
  const node = reachable(rpc.url).replace(/^http:/, 'tcp:');
  const config = readClientConfig(layout);
  if (config.node !== node) writeClientConfig(layout, { ...config, node });
  return node;
}

function banner(home: string, running: RunningNode, accounts: readonly DevAccount[]): string {
  const rpc = running.serving.find((s) => s.name === 'consensus RPC');
  const node = rpc ? pointClientAt(home, rpc) : undefined;
  const rows: [string, string][] = [
    ...running.serving.map((s): [string, string] => [s.name, reachable(s.url) === s.url ? s.url : `${reachable(s.url)} (listening on ${s.url})`]),
    ['pot settings', `${join(home, 'config', 'app.toml')} [pot] (defaults: bls-verifier "bls12-381", restore-total-supply true)`],
    ['CLI', `bin/chaind --home ${home} …${node ? ` (client.toml: node ${node}, keyring-backend test, chain-id ${CHAIN_ID})` : ''}`],
  ];
  const width = Math.max(...rows.map(([name]) => name.length)) + 2;
  return [
    `local network "${CHAIN_ID}" in ${home}`,
    ...rows.map(([name, value]) => `  ${name.padEnd(width)}${value}`),
    '',
    'dev accounts (keyring-backend test), each funded with 1000000stos:',
    ...accounts.flatMap((a) => [`  ${a.name}  ${a.address}`, `        mnemonic: ${a.mnemonic}`]),
    '',
  ].join('\n');
}

async function localnet(argv: string[]): Promise<number> {
  const home = resolve(process.env.LOCALNET_HOME ?? '.localnet');
  if (argv.includes('--reset')) {
    // never under a running node
    try {
      refuseIfLocked(homeLayout(home, readConsensusConfig(home)).dbDir);
    } catch (e) {
      process.stderr.write(`Error: ${(e as Error).message}\n`);
      return 1;
    }
    rmSync(home, { recursive: true, force: true });
  }
  const accountsFile = join(home, 'dev-accounts.json');
  const accounts: DevAccount[] = existsSync(accountsFile) ? JSON.parse(readFileSync(accountsFile, 'utf8')) : await createNetwork(home);

  const stopObserving = observeNodeStarts((running) => void process.stdout.write(banner(home, running, accounts) + '\n'));
  try {
    return await main(['start', '--home', home, '--api.enable', '--rpc.laddr', 'tcp://127.0.0.1:26657', '--api.address', 'tcp://127.0.0.1:1317', '--grpc.address', '127.0.0.1:9090', '--consensus.timeout_commit', '1s', ...argv.filter((a) => a !== '--reset')]);
  } finally {
    stopObserving();
  }
}

process.exitCode = await localnet(process.argv.slice(2));
