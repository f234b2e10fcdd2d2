/**
 * The regional gateway on loopback (issue 16): the storage network of test/sds/storage-network.ts
 * (`chaind start`, the compiled `nodeclient meta start` and two `nodeclient start` processes;
 * built first with `npm run build`) and `gateway start` as a process (bin/gateway) in front of
 * resource node 0 only, with a tier whose limits do not bind. For two cheap JSON-RPC requests
 * (`rpc_modules`, answered by the node itself, and `user_requestGetOzone`, which asks the meta
 * node):
 *
 * - latency: GW_REQUESTS sequential requests on one keep-alive connection, direct to the resource
 *   node and through `/private/rpc/<token>`: p50, p99 and the gateway's added latency (the
 *   difference of the percentiles);
 * - throughput: GW_CLIENTS concurrent keep-alive clients for GW_SECONDS, direct and through the
 *   gateway: requests a second and the ratio.
 *
 * Figures only, no pass/fail on timings.
 *
 *   npm run bench -- gateway
 *
 * Knobs (environment): GW_REQUESTS=2000, GW_CLIENTS=16, GW_SECONDS=5
 */
import { execFileSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readGatewayConfig, writeGatewayConfig } from '../src/gateway/config.ts';
import { spawnExecutable, stopProcess } from '../src/node/storage-processes.ts';
import { startStorageNet } from '../test/sds/storage-network.ts';
import { tempDir } from './rpc-driver.ts';

const REQUESTS = Number(process.env.GW_REQUESTS ?? 2000);
const CLIENTS = Number(process.env.GW_CLIENTS ?? 16);
const SECONDS = Number(process.env.GW_SECONDS ?? 5);
const GATEWAY = fileURLToPath(new URL('../bin/gateway', import.meta.url));
const line = (s = '') => console.log(s);

function post(agent: Agent, url: URL, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const r = request(url, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': body.length } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(res.statusCode) : reject(new Error(`${url.pathname.slice(0, 14)}…: HTTP ${res.statusCode}`))));
    });
    r.on('error', reject);
    r.end(body);
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (x: number) => `${x.toFixed(3)} ms`;

async function latency(url: URL, body: Buffer): Promise<{ p50: number; p99: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < 100; i++) await post(agent, url, body); // warm-up
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    await post(agent, url, body);
    times.push(performance.now() - t);
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p99: pct(times, 99) };
}

async function throughput(url: URL, body: Buffer): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const until = performance.now() + SECONDS * 1000;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        await post(agent, url, body);
        done++;
      }
    }),
  );
  agent.destroy();
  return done / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const dir = tempDir('bench-gateway-');
  line(`storage network on 127.0.0.1 and bin/gateway in front of resource node 0; ${REQUESTS} sequential requests, then ${CLIENTS} clients for ${SECONDS} s`);
  const net = await startStorageNet();
  let gw;
  try {
    const home = join(dir, 'gateway');
    execFileSync(process.execPath, [GATEWAY, '--home', home, 'init', '--region', 'EU', '--listen', '127.0.0.1:0', '--rpc-upstream', net.rpcUrl(0)]);
    const c = readGatewayConfig(home);
    writeGatewayConfig(home, { ...c, tiers: [{ name: 'bench', ratePerSecond: 1e6, burst: 1e6, concurrency: 1024, trafficBytes: 1e15, windowSeconds: 86_400, maxUploadBytes: 1024 ** 2 }] });
    const { token } = JSON.parse(execFileSync(process.execPath, [GATEWAY, '--home', home, 'token', 'create', '--tier', 'bench'], { encoding: 'utf8' })) as { token: string };
    gw = await spawnExecutable('gateway', 'gateway', ['--home', home, 'start'], join(dir, 'gateway.log'));
    const direct = new URL(`${net.rpcUrl(0)}/`);
    const via = new URL(`${String(gw.serving.url)}/private/rpc/${token}`);
    const wallet = net.net.accounts[0]!.address;
    const bodies: [string, Buffer][] = [
      ['rpc_modules', Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'rpc_modules', params: [] }))],
      ['user_requestGetOzone', Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'user_requestGetOzone', params: [{ walletaddr: wallet }] }))],
    ];
    line();
    line('| request | direct p50 | direct p99 | gateway p50 | gateway p99 | added p50 | added p99 | direct req/s | gateway req/s | ratio |');
    line('|---|---|---|---|---|---|---|---|---|---|');
    for (const [name, body] of bodies) {
      const d = await latency(direct, body);
      const g = await latency(via, body);
      const dt = await throughput(direct, body);
      const gt = await throughput(via, body);
      line(`| ${name} | ${ms(d.p50)} | ${ms(d.p99)} | ${ms(g.p50)} | ${ms(g.p99)} | ${ms(g.p50 - d.p50)} | ${ms(g.p99 - d.p99)} | ${dt.toFixed(0)} | ${gt.toFixed(0)} | ${(gt / dt).toFixed(2)} |`);
    }
  } finally {
    if (gw) await stopProcess(gw);
    await net.stop();
  }
}

await main();
