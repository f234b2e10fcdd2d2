/**
 * `sdsim check --node` against a running local network (`npm start`, compiled, in a child process,
 * 100 ms blocks): the storage network's traffic is reported on chain (a file added through the
 * storage client API, its epoch closed, while the check runs), and
 *
 * - 200 generated runs through `bin/sdsim` find no divergence: every CheckTx answer, block result,
 *   app hash and queried balance, delegation, reward and deposit agree with the in-process model,
 *   and the runs exercised accepted and refused txs at both stages;
 * - a model told the wrong minimum gas price diverges at the first CheckTx, reported with both sides;
 * - a model with a planted bug (the ozone a prepay buys, one noz more) diverges at the first
 *   generated prepay's block, named with its run, step and op, both sides' events shown.
 *
 * And against `npm start -- --naming real`: the generated txs, the model and the queries speak that
 * chain's words (`/cosmos.…`, `/stratos.…`), the meta nodes report traffic in them, and 100 runs agree.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBin, tempHome } from '../../cli/run-chaind.ts';
import { rpc } from '../../cli/node/node-process.ts';
import { localnetFlags, localnetPorts, startLocalnet, type Localnet, type LocalnetPorts } from '../../helpers/localnet.ts';
import { nodeCheckOptions } from '../../../src/sim/check/node/cli.ts';
import { runNodeCheck } from '../../../src/sim/check/node/differential.ts';
import { RpcClient } from '../../../src/client/rpc-client.ts';

const planted = vi.hoisted(() => ({ on: false }));
vi.mock('../../../src/modules/sds/prepay.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/modules/sds/prepay.ts')>();
  return { ...real, prepay: (...args: Parameters<typeof real.prepay>) => real.prepay(...args) + (planted.on ? 1n : 0n) };
});

interface CheckOutput {
  ok: boolean;
  runs: number;
  seed: number;
  txs: number;
  blocks: string;
  results: { checkTx: Record<string, number>; deliverTx: Record<string, number> };
}

/**
 * `sdsim check --node` of `runs` runs while the storage network has traffic to report: a file
 * added through the storage client API before, its epoch closed while the runs go. Asserts that
 * the check passed and that the volume report's block was among those the model compared.
 */
async function checkWhileReporting(ports: LocalnetPorts, home: string, dev0: string, runs: number, seed: number): Promise<{ out: CheckOutput; report: Awaited<ReturnType<RpcClient['tx']>> }> {
  const node = `tcp://127.0.0.1:${ports.rpc}`;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(150_000).map((_, i) => (i * seed) % 251)]), 'traffic.bin');
  expect((await fetch(`http://127.0.0.1:${ports.ipfs}/api/v0/add`, { method: 'POST', body: form })).status).toBe(200);
  const sent = async () => Number((await rpc<{ total_count: string }>(ports.rpc, 'tx_search', { query: `message.sender='${dev0}'`, per_page: '1' })).total_count);
  const before = await sent();
  const check = runBin('sdsim', ['check', '--node', node, '--from', 'dev0', '--home', home, '--runs', String(runs), '--seed', String(seed)]);
  // the epoch closes once the check's txs reach the chain (its start takes its time on a busy machine)
  for (let i = 0; i < 600 && (await sent()) === before; i++) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 500));
  const closed = (await (await fetch(`http://127.0.0.1:${ports.meta}/epochs/close`, { method: 'POST' })).json()) as { epoch: string | null; tx_hash?: string };
  expect(closed.epoch).toBe('1');
  const r = await check;
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout) as CheckOutput;
  expect(out).toMatchObject({ ok: true, runs, seed });
  const report = await new RpcClient(node).tx(Buffer.from(closed.tx_hash!, 'hex'));
  expect(report.tx_result.code).toBe(0);
  const [first, last] = out.blocks.split('..').map(BigInt) as [bigint, bigint];
  expect(BigInt(report.height)).toBeGreaterThanOrEqual(first);
  expect(BigInt(report.height)).toBeLessThanOrEqual(last);
  return { out, report };
}

describe('sdsim check --node against npm start', () => {
  let net: Localnet;
  let home: string;
  let ports: LocalnetPorts;
  let node: string;
  let dev0: string;

  beforeAll(async () => {
    home = await tempHome();
    ports = await localnetPorts();
    net = startLocalnet(home, [...localnetFlags(ports), '--consensus.timeout_commit', '100ms']);
    dev0 = /dev0 +(st1[0-9a-z]+)/.exec(await net.banner)![1]!;
    node = `tcp://127.0.0.1:${ports.rpc}`;
  }, 120_000);
  afterAll(async () => {
    await net?.stop();
  });

  it('200 generated runs find no divergence, with the storage network reporting traffic meanwhile', async () => {
    const { out } = await checkWhileReporting(ports, home, dev0, 200, 11);
    expect(out.txs).toBeGreaterThan(400);
    // both stages answered both ways: accepted, and refused with several codes
    for (const stage of [out.results.checkTx, out.results.deliverTx]) {
      expect(stage['0']).toBeGreaterThan(0);
      expect(Object.keys(stage).filter((k) => k !== '0').length).toBeGreaterThanOrEqual(4);
    }
    expect(Object.values(out.results.checkTx).reduce((a, b) => a + b, 0)).toBe(out.txs);
  }, 300_000);

  it('reports the first CheckTx that differs when the model is told another minimum gas price', async () => {
    const r = await runBin('sdsim', ['check', '--node', node, '--from', 'dev1', '--home', home, '--runs', '3', '--seed', '12', '--min-gas-prices', '2gwei']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { ok: boolean; runs: number; op: string; divergence: { height: string; where: string; node: unknown; model: unknown; context: { node: { code: number; log: string }; model: { code: number; codespace: string; log: string } } } };
    expect(out.ok).toBe(false);
    expect(out.runs).toBe(0);
    expect(out.op).toMatch(/^the funder funds \d+ users with 100000000000000000000 wei each$/);
    expect(out.divergence.where).toMatch(/^CheckTx of [0-9A-F]{64}: code$/);
    expect([out.divergence.node, out.divergence.model]).toEqual([0, 13]);
    expect(out.divergence.context.model.log).toMatch(/^insufficient fees; got: (\d+)wei required: (\d+)wei: insufficient fee$/);
    const [, got, required] = /got: (\d+)wei required: (\d+)wei/.exec(out.divergence.context.model.log)!;
    expect(BigInt(required!)).toBe(2n * BigInt(got!));
    expect(r.stderr).toBe(`Error: the node diverges from the model (seed 12) at height ${out.divergence.height}: ${out.divergence.where}\n`);
  }, 120_000);

  it('finds a bug planted in the model at the first generated prepay, with both sides', async () => {
    const o = await nodeCheckOptions({ node, runs: 50, seed: 13, from: 'dev2', home, keyringBackend: 'test', fund: '100stos', parallel: 5, gasPrices: '1gwei', minGasPrices: '1gwei', appHash: true, bls: 'full', commitTimeout: 60 });
    planted.on = false;
    // the bug is switched on after the model has caught up with the chain (whose own prepays it must not see)
    const r = await runNodeCheck({ ...o, onRun: () => void (planted.on = true) }).finally(() => void (planted.on = false));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.op).toMatch(/^user-\d+ prepays \d+ wei$/);
    expect(r.run).toBeGreaterThanOrEqual(5);
    expect(r.divergence.where).toMatch(/^tx \d+ of block \d+ \([0-9A-F]{64}\): events\[\d+\]\.attributes\[\d+\]\.value$/);
    const ctx = r.divergence.context as { node: { events: { type: string; attributes: { key: string; value: string }[] }[] }; model: typeof ctx.node };
    const purchased = (side: typeof ctx.node) => side.events.find((e) => e.type === 'chain.sds.v1.EventPrePay')!.attributes.find((a) => a.key === 'purchased_noz')!.value;
    const nodeNoz = BigInt(JSON.parse(purchased(ctx.node)).replace(/noz$/, ''));
    const modelNoz = BigInt(JSON.parse(purchased(ctx.model)).replace(/noz$/, ''));
    expect(modelNoz - nodeNoz).toBe(1n);
  }, 120_000);

  it('refuses a funder that cannot fund the runs before sending anything', async () => {
    const dev3 = (JSON.parse(readFileSync(join(home, 'dev-accounts.json'), 'utf8')) as { accounts: { name: string; address: string }[] }).accounts.find((a) => a.name === 'dev3')!.address;
    const account = async () => (await (await fetch(`http://127.0.0.1:${ports.rest}/sdk/auth/v1beta1/accounts/${dev3}`)).json()) as unknown;
    const before = await account();
    const r = await runBin('sdsim', ['check', '--node', node, '--from', 'dev3', '--home', home, '--runs', '5', '--seed', '14', '--fund', '1000000000stos']);
    expect([r.code, r.stdout]).toEqual([1, '']);
    expect(r.stderr).toMatch(new RegExp(`^Error: the funder ${dev3} holds 1000000000000000000000000 wei at height \\d+; 5 runs with \\d+ users need \\d+ wei \\(--fund 1000000000000000000000000000 wei each\\)\\n$`));
    // nothing was signed or sent: dev3's account (and sequence) as it was
    expect(await account()).toEqual(before);
  }, 60_000);

  it('refuses a --from the keyring does not hold, naming it', async () => {
    const r = await runBin('sdsim', ['check', '--node', node, '--from', 'nobody', '--home', home, '--runs', '1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^Error: --from "nobody": .*nobody.* \(keyring-backend test in .*\)\n$/);
    expect(JSON.parse(readFileSync(join(home, 'dev-accounts.json'), 'utf8')).accounts.length).toBe(5);
  }, 60_000);
});

describe('sdsim check --node against npm start -- --naming real', () => {
  let net: Localnet | undefined;
  afterAll(async () => {
    await net?.stop();
  });

  it('sends and compares in the chain’s own words, the storage network reporting meanwhile: 100 runs, no divergence', async () => {
    const home = await tempHome();
    const ports = await localnetPorts(1);
    net = startLocalnet(home, [...localnetFlags(ports), '--naming', 'real', '--consensus.timeout_commit', '100ms']);
    const dev0 = /dev0 +(st1[0-9a-z]+)/.exec(await net.banner)![1]!;
    const { out, report } = await checkWhileReporting(ports, home, dev0, 100, 21);
    // every generated message decodes on that chain (no type URL refused) and proposals go through
    expect(out.results.checkTx['sdk/2']).toBeUndefined();
    expect(out.results.deliverTx['0']).toBeGreaterThan(100);
    const proposals = await rpc<{ response: { code: number; value: string } }>(ports.rpc, 'abci_query', { path: '/cosmos.gov.v1.Query/Proposals', data: '' });
    expect(proposals.response.code).toBe(0);
    expect(Buffer.from(proposals.response.value, 'base64').toString('latin1')).toContain('sdsim check --node');
    // the meta nodes reported in the real words
    expect(Buffer.from(report.tx_result.data!, 'base64').toString('latin1')).toContain('/stratos.pot.v1.MsgVolumeReport');
  }, 180_000);
});
