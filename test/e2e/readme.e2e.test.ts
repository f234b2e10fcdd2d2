/**
 * The README's commands, as written, so the README cannot drift: `npm start` runs the local network
 * (on free ports and in a temporary home, given the way the README says: `npm start -- --rpc.laddr …`
 * and LOCALNET_HOME), then each `sh` block marked `<!-- readme-test: localnet -->` runs in bash from
 * the checkout with `set -euo pipefail`. Only the home (`.localnet`) and the REST address
 * (`localhost:1317`) are replaced by the ones of this run; blocks marked `standalone` run without a
 * network (`/tmp/demo` replaced by a temporary folder). Every tx a block sends must be accepted
 * (code 0), and what the README's local-network block does is checked through REST afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../cli/node/node-process.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

/** The `sh` blocks of README.md that follow a `<!-- readme-test: <kind> -->` marker. */
async function readmeBlocks(kind: 'localnet' | 'standalone'): Promise<string[]> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const marker = new RegExp(`<!-- readme-test: ${kind} -->\\n\`\`\`sh\\n([\\s\\S]*?)\`\`\``, 'g');
  return [...readme.matchAll(marker)].map((m) => m[1]);
}

function bash(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `set -euo pipefail\n${script}`], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface NpmStart {
  readonly child: ChildProcess;
  readonly banner: Promise<string>;
  stop(): Promise<void>;
}

function npmStart(home: string, args: readonly string[]): NpmStart {
  // its own process group: npm runs a shell that runs node, and Ctrl-C reaches all of them
  const child = spawn('npm', ['start', '--', ...args], { cwd: ROOT, env: { ...process.env, LOCALNET_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const banner = new Promise<string>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      if (/dev4 .*\n {8}mnemonic: .*\n\n/.test(out)) resolve(out);
    });
    void exited.then(() => reject(new Error(`npm start exited before its banner; stdout:\n${out}\nstderr:\n${err}`)));
  });
  return {
    child,
    banner,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGINT');
      await exited;
    },
  };
}

describe('README', () => {
  let net: NpmStart | undefined;
  afterAll(async () => net?.stop());

  it('every command of the local-network section works against npm start', async () => {
    const home = await mkdtemp(join(tmpdir(), 'readme-localnet-'));
    const [rpcPort, restPort, grpcPort] = [await freePort(), await freePort(), await freePort()];
    // the storage network's ports: the meta-node service, the resource nodes' JSON-RPC (n, n+1) and internal ports (m, m+1)
    // consecutive ports below the ephemeral range (and apart from the localnet test's) for the resource nodes and the four gateways
    const base = 10000 + (process.pid % 1000) * 8;
    const [metaPort, ipfsPort, sdsPort, peerPort, gatewayPort] = [await freePort(), await freePort(), base, base + 2, base + 4];
    net = npmStart(home, [
      '--rpc.laddr', `tcp://127.0.0.1:${rpcPort}`, '--api.address', `tcp://127.0.0.1:${restPort}`, '--grpc.address', `127.0.0.1:${grpcPort}`,
      '--json-rpc.address', '127.0.0.1:0', '--json-rpc.ws-address', '127.0.0.1:0',
      '--sds.meta-port', String(metaPort), '--sds.rpc-port', String(sdsPort), '--sds.peer-port', String(peerPort), '--sds.ipfs-port', String(ipfsPort), '--gateway.port', String(gatewayPort),
    ]);
    const banner = await net.banner;
    expect(banner).toContain(`consensus RPC  http://127.0.0.1:${rpcPort}`);
    expect(banner).toContain(`REST           http://127.0.0.1:${restPort}`);
    expect(banner).toContain(`gRPC           127.0.0.1:${grpcPort}`);
    expect(banner).toContain(`meta-node service  http://127.0.0.1:${metaPort}`);
    expect(banner).toContain(`resource node rn1   JSON-RPC http://127.0.0.1:${sdsPort + 1}`);
    expect(banner).toContain(`storage client API http://127.0.0.1:${ipfsPort}/api/v0`);
    expect(banner).toMatch(new RegExp(`ASIA    http://127\\.0\\.0\\.1:${gatewayPort + 3}  token [A-Za-z0-9+]{27}=`));

    const blocks = await readmeBlocks('localnet');
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      const script = block
        .replaceAll('--home .localnet', `--home ${home}`)
        .replaceAll('--keyring-home .localnet', `--keyring-home ${home}`)
        .replaceAll('localhost:1317', `127.0.0.1:${restPort}`)
        .replaceAll('localhost:9400', `127.0.0.1:${metaPort}`)
        .replaceAll('localhost:9301', `127.0.0.1:${sdsPort}`)
        .replaceAll('localhost:9302', `127.0.0.1:${sdsPort + 1}`)
        .replaceAll('localhost:6798', `127.0.0.1:${ipfsPort}`)
        .replaceAll('localhost:8080', `127.0.0.1:${gatewayPort}`)
        .replaceAll('/tmp/sds-demo.bin', join(home, 'sds-demo.bin'))
        .replaceAll('/tmp/hello.txt', join(home, 'hello.txt'));
      const run = await bash(script);
      expect(run.stderr.includes('Error:') ? run.stderr : '', `README block:\n${block}`).toBe('');
      expect(run.code, `README block:\n${block}\nstderr:\n${run.stderr}`).toBe(0);
      // every tx the block sent was accepted: the CLI prints the TxResponse JSON and exits 0 whatever its code
      const codes = [...run.stdout.matchAll(/^\{"height":"\d+","txhash":"[0-9A-F]{64}","codespace":"[^"]*","code":(\d+)/gm)].map((m) => Number(m[1]));
      expect(codes.length, `tx responses in:\n${run.stdout}`).toBe(block.split('\n').filter((l) => l.includes(' tx ')).length);
      expect(codes.every((c) => c === 0), run.stdout).toBe(true);
    }

    // what the block did: carol was created by the first send (5 stos) and paid 1000wei and a fee back
    const carol = (await bash(`bin/chaind keys show carol -a --home ${home} --keyring-backend test`)).stdout.trim();
    const account = (await (await fetch(`http://127.0.0.1:${restPort}/sdk/auth/v1beta1/accounts/${carol}`)).json()) as { account: Record<string, any> };
    expect(account.account['@type']).toBe('/chain.types.v1.EthAccount');
    expect(account.account.base_account.sequence).toBe('1');
    const balances = (await (await fetch(`http://127.0.0.1:${restPort}/sdk/bank/v1beta1/balances/${carol}`)).json()) as { balances: { denom: string; amount: string }[] };
    // 5 stos in, 1000 wei out, and the fee of the default 200000 gas at 1 gwei
    expect(balances.balances).toEqual([{ denom: 'wei', amount: (5n * 10n ** 18n - 1000n - 200_000n * 10n ** 9n).toString() }]);

    // the staking and gov block: dev0 delegated 10 stos to val0 (100 stos of its own); val0 voted yes
    // with all 110 stos on the text proposal, whose 7-day voting period is running
    const rest = async (path: string) => (await fetch(`http://127.0.0.1:${restPort}${path}`)).json() as Promise<any>;
    const dev0 = (await bash(`bin/chaind keys show dev0 -a --home ${home} --keyring-backend test`)).stdout.trim();
    const val0 = (await bash(`bin/chaind keys show val0 --bech val -a --home ${home} --keyring-backend test`)).stdout.trim();
    expect((await rest(`/sdk/staking/v1beta1/validators/${val0}/delegations/${dev0}`)).delegation_response.balance).toEqual({ denom: 'wei', amount: (10n * 10n ** 18n).toString() });
    expect((await rest('/sdk/gov/v1/proposals/1')).proposal.status).toBe('PROPOSAL_STATUS_VOTING_PERIOD');
    expect((await rest('/sdk/gov/v1/proposals/1/tally')).tally).toEqual({ yes_count: (110n * 10n ** 18n).toString(), abstain_count: '0', no_count: '0', no_with_veto_count: '0' });

    // the storage block: dev1's 5,000,000-byte file is on both resource nodes and on chain, and the epoch it closed reported their traffic
    const meta = async (path: string) => (await fetch(`http://127.0.0.1:${metaPort}${path}`)).json() as Promise<any>;
    const dev1 = (await bash(`bin/chaind keys show dev1 -a --home ${home} --keyring-backend test`)).stdout.trim();
    const files = ((await meta('/files')).files as { owner: string; file_hash: string; file_size: number; state: number }[]).filter((f) => f.owner === dev1);
    expect(files.map((f) => [f.owner, f.file_size, f.state])).toEqual([[dev1, 5_000_000, 3]]);
    expect((await rest(`/chain/sds/v1/file_upload/${files[0]!.file_hash}`)).file_info.uploader).toBe(dev1);
    const epochs = (await meta('/epochs')).epochs as { epoch: number; volumes: { volume: string }[] }[];
    // (a later epoch may follow: the local network closes one every 60 s)
    expect(epochs.slice(0, 1).map((e) => [e.epoch, e.volumes.map((v) => v.volume)])).toEqual([[1, ['5000000', '5000000']]]);
    expect((await rest('/chain/pot/v1/volume_report/1')).report_info.epoch).toBe('1');

    // the storage client block: hello.txt got Kubo's CID and is an SDS file of rn0's wallet
    const rn0 = JSON.parse(await readFile(join(home, 'storage', 'storage-network.json'), 'utf8')).resourceNodes[0].wallet as string;
    const helloFiles = ((await meta('/files')).files as { owner: string; file_name: string; file_size: number; state: number }[]).filter((f) => f.owner === rn0);
    expect(helloFiles.map((f) => [f.file_name, f.file_size, f.state])).toEqual([['hello.txt', 12, 3]]);

    // the gateway block: the EU gateway has the banner's token and the README's; both are free-tier and unrevoked, the second one used
    const tokens = JSON.parse((await bash(`bin/gateway --home ${home}/gateways/EU token list`)).stdout) as { tier: string; revoked: boolean }[];
    expect(tokens.map((t) => [t.tier, t.revoked])).toEqual([['free', false], ['free', false]]);
    const regions = (await (await fetch(`http://127.0.0.1:${gatewayPort + 1}/regions/ASIA`)).json()) as unknown;
    expect(regions).toEqual([{ region: 'ASIA', domain: `http://127.0.0.1:${gatewayPort + 3}`, weight: 37 }]);
    // a whole local network and every command of the section: about 45 s alone on 2 cores, more
    // beside another test file
  }, 180_000);

  it('every standalone command works as written', async () => {
    const blocks = await readmeBlocks('standalone');
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      const dir = await mkdtemp(join(tmpdir(), 'readme-demo-'));
      const run = await bash(block.replaceAll('/tmp/demo', dir));
      expect(run.code, `README block:\n${block}\nstderr:\n${run.stderr}`).toBe(0);
    }
  });
});
