/**
 * `sdsim audit` on a chain home built with real signed txs (fixture.ts): the per-wallet figures
 * equal the chain's own reward queries for every epoch, the arithmetic is exact, every wei is
 * accounted for, and the options' errors name the problem.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accAddress } from '../../../src/crypto/address.ts';
import { BlockStore } from '../../../src/events/block-store.ts';
import { Dec } from '../../../src/math/dec.ts';
import { setDistributionObserver } from '../../../src/modules/pot/distribute.ts';
import { setMaturationObserver } from '../../../src/modules/pot/mature.ts';
import { initHome } from '../../../src/node/init.ts';
import { auditHome, epochRanges } from '../../../src/sim/audit/audit.ts';
import { parseAuditArgs, runAuditCommand } from '../../../src/sim/audit/cli.ts';
import { renderAudit, renderAuditChunks } from '../../../src/sim/audit/render.ts';
import { App } from '../../../src/abci/app.ts';
import type { Audit } from '../../../src/sim/audit/types.ts';
import { CHAIN_ID } from '../../helpers/fixture.ts';
import { runBin } from '../../cli/run-chaind.ts';
import { buildAuditHome, INVALID_WALLET, owners, SIX_WALLETS, WALLET_A, WALLET_B, type AuditHome } from './fixture.ts';

let fx: AuditHome;
let audit: Audit;
const dirs: string[] = [];
beforeAll(async () => {
  fx = buildAuditHome();
  dirs.push(fx.home);
  audit = await auditHome(fx.home);
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const o3 = owners[3]!.address;
const metaPayees = [owners[0]!.address, owners[1]!.address, owners[2]!.address];
const epochOf = (e: bigint) => audit.epochs.find((x) => x.epoch === e)!;

describe('sdsim audit: figures', () => {
  it('lists the five committed reports (the one whose tx failed after distributing is not among them) and says every wei is accounted for', () => {
    expect(audit.epochs.map((e) => [e.epoch, e.height])).toEqual([
      [1n, 3n],
      [2n, 4n],
      [3n, 7n],
      [4n, 8n],
      [5n, 10n],
    ]);
    expect(audit.verdict).toEqual({
      ok: true,
      epochsChecked: 5,
      failures: [],
      text: 'every wei accounted for: 5 report epoch(s) checked; the replay of 10 block(s) matched every stored app hash',
    });
    expect(audit.epochs.every((e) => e.check.ok)).toBe(true);
    expect(audit.settings).toEqual({ blsVerifier: 'accept-any', restoreTotalSupply: true });
    expect([audit.chainId, audit.latestHeight, audit.latestTime]).toEqual([CHAIN_ID, 10n, '2024-01-01T01:40:00Z']);
  });

  it('per wallet and epoch, the mining and traffic rewards equal RewardsByWalletAndEpoch at the report height; the totals equal TotalRewardByEpoch', () => {
    for (const [epoch, wallets] of fx.answers.rewards) {
      const e = epochOf(epoch);
      expect(e.height).toBe(fx.answers.heights.get(epoch));
      const audited = new Map(e.wallets.map((w) => [w.wallet, { mining: w.miningReward, traffic: w.trafficReward }]));
      expect(audited).toEqual(wallets);
      const total = fx.answers.totals.get(epoch)!;
      expect({ mining: e.splits.stakeMining + e.foundationToReward, traffic: e.splits.stakeTraffic + e.prepayToReward + e.communityTax.truncated }).toEqual(total);
    }
  });

  it('mature and immature totals follow from the maturities and withdrawals the audit lists (RewardsByWallet at the last height)', () => {
    for (const [wallet, totals] of fx.answers.walletTotals) {
      let mature = 0n;
      let immature = 0n;
      for (const e of audit.epochs) {
        const w = e.wallets.find((x) => x.wallet === wallet);
        if (!w) continue;
        if (w.maturity) mature += w.maturity.matured;
        else immature += w.miningReward + w.trafficReward;
      }
      for (const wd of audit.withdrawals) if (wd.wallet === wallet) mature -= BigInt(wd.amount.replace(/wei$/, ''));
      expect({ wallet, mature, immature }).toEqual({ wallet, ...totals });
    }
  });

  it('epoch 1: inputs, tier and why, R, splits, tax, dust and moves, exactly', () => {
    const e = epochOf(1n);
    expect(e.inputs).toEqual({
      st: 3_001_000_000_000_000_000_000n,
      pt: 20_000_000_000_000_000_000n,
      lt: 2_981_132_406_487_918n,
      y: 151_000n,
      depositNozRate: '1000000.000000000000000000',
      ozonePrice: '1013373.305199499724492838',
    });
    // R = quo(mul(St + Pt, Y), Lt + Y), recomputed here with the reference's Dec steps
    const { st, pt, lt, y } = e.inputs;
    expect(e.r).toBe(Dec.fromInt(st).add(Dec.fromInt(pt)).mul(Dec.fromInt(y)).quo(Dec.fromInt(lt).add(Dec.fromInt(y))).toString());
    expect(e.r).toBe('153019369077.373737672161122478');
    expect(e.tier).toEqual({
      index: 1,
      valveStart: 0n,
      valveEnd: 16_819_200n * 10n ** 18n,
      miningReward: 80n * 10n ** 18n,
      chainBp: 2000n,
      resourceBp: 6000n,
      metaBp: 2000n,
      totalMinedBefore: 0n,
      outOfIssuance: false,
      reason: 'total mined 0 is in [0, 16819200000000000000000000) of tier 1',
    });
    expect(e.splits).toEqual({ stakeTraffic: 30603873815n, trn: 91811621446n, tmn: 30603873815n, stakeMining: 16n * 10n ** 18n, mrn: 48n * 10n ** 18n, mmn: 16n * 10n ** 18n });
    expect(e.communityTax).toEqual({ rate: '0.020000000000000000', dec: '2436149425.558278145196784571', truncated: 2436149425n });
    expect([e.foundationToReward, e.prepayToReward]).toEqual([63682119205298013231n, 119371321851n]);
    // traffic dust = R − stakeTraffic − Σtraffic − trunc(tax); mining dust = M − stakeMining − Σmining
    expect(e.dust).toEqual({ traffic: '608023986.373737672161122478', mining: 317880794701986769n });
    expect(Dec.fromString(e.r).sub(Dec.fromInt(e.splits.stakeTraffic + e.prepayToReward + e.communityTax.truncated)).toString()).toBe(e.dust.traffic);
    expect(80n * 10n ** 18n - e.splits.stakeMining - e.foundationToReward).toBe(e.dust.mining);
    expect(e.skipped).toEqual([{ wallet: INVALID_WALLET, volume: 1000n }]);
    expect(e.moves).toEqual([
      { from: 'foundation_account', to: 'fee_collector', denom: 'wei', amount: 16n * 10n ** 18n },
      { from: 'total_unissued_prepay', to: 'fee_collector', denom: 'wei', amount: 30603873815n },
      { from: 'foundation_account', to: 'total_reward_pool', denom: 'wei', amount: 63682119205298013231n },
      { from: 'total_unissued_prepay', to: 'total_reward_pool', denom: 'wei', amount: 119371321851n },
      { from: 'total_unissued_prepay', to: 'distribution', denom: 'wei', amount: 2436149425n },
    ]);
    expect(e.totalMinedAfter).toBe(16n * 10n ** 18n + 63682119205298013231n);
    expect(e.roleTotals).toEqual({
      resource: { mining: 31788079470198675504n + 15894039735099337728n, traffic: 59586350342n + 29793175171n, credits: 2 },
      meta: { mining: 3n * 5333333333333333333n, traffic: 3n * 9997265446n, credits: 3 },
    });
  });

  it('epoch 1, resource wallet: the Dec steps, the truncations, and the maturity with the slashing debt taken', () => {
    const w = epochOf(1n).wallets.find((x) => x.wallet === o3)!;
    expect(w).toEqual({
      wallet: o3,
      role: 'resource',
      volume: 100000n,
      miningReward: 31788079470198675504n,
      trafficReward: 59586350342n,
      tax: '1216047966.172185430743267191',
      credits: [
        {
          role: 'resource',
          volume: 100000n,
          share: '0.662251655629139073',
          miningDec: '31788079470198675504.000000000000000000',
          mining: 31788079470198675504n,
          beforeTax: '60802398308.609271537163359558',
          tax: '1216047966.172185430743267191',
          afterTax: '59586350342.437086106420092367',
          traffic: 59586350342n,
        },
      ],
      maturity: { height: 7n, time: '2024-01-01T01:10:00Z', matureEpoch: 3n, matured: 31788079470198675504n + 59586350342n - fx.answers.slashingDebt, slashingDeducted: fx.answers.slashingDebt },
    });
    expect(fx.answers.slashingDebt).toBe(1013373305n);
  });

  it('epoch 1, meta payee: the equal share quo(MMN, cnt) and quo(TMN, cnt)', () => {
    const w = epochOf(1n).wallets.find((x) => x.wallet === owners[0]!.address)!;
    expect(w.role).toBe('meta');
    expect(w.credits).toEqual([
      {
        role: 'meta',
        metaNode: w.credits[0]!.metaNode,
        miningDec: '5333333333333333333.333333333333333333',
        mining: 5333333333333333333n,
        beforeTax: '10201291271.666666666666666667',
        tax: '204025825.433333333333333333',
        afterTax: '9997265446.233333333333333334',
        traffic: 9997265446n,
      },
    ]);
    expect(w.credits[0]!.metaNode).toMatch(/^stsds1/);
  });

  it('epoch 2: a wallet reported twice gets one merged record with both credits', () => {
    const w = epochOf(2n).wallets.find((x) => x.wallet === o3)!;
    expect(w.volume).toBe(70001n);
    expect(w.credits.map((c) => [c.volume, c.mining, c.traffic])).toEqual([
      [70000n, 33599664003359966400n, 41710445235n],
      [1n, 479995200048000n, 595863n],
    ]);
    // each credit's traffic is trunc(beforeTax − tax), its mining trunc(miningDec)
    for (const c of w.credits) {
      expect(c.traffic.toString()).toBe(c.afterTax.split('.')[0]);
      expect(c.mining.toString()).toBe(c.miningDec.split('.')[0]);
      expect(Dec.fromString(c.beforeTax).sub(Dec.fromString(c.tax)).toString()).toBe(c.afterTax);
    }
    expect(w.credits.reduce((s, c) => s + c.mining, 0n)).toBe(w.miningReward);
    expect(w.credits.reduce((s, c) => s + c.traffic, 0n)).toBe(w.trafficReward);
  });

  it('epoch 5: six shares of 1/6 round up; the wallets get 96 wei more than MRN, noted as negative dust and not a failure', () => {
    const e = epochOf(5n);
    expect(e.wallets.filter((w) => w.role === 'resource').map((w) => w.wallet)).toEqual([...SIX_WALLETS].sort());
    for (const w of e.wallets.filter((x) => x.role === 'resource')) expect([w.credits[0]!.share, w.miningReward]).toEqual(['0.166666666666666667', 8000000000000000016n]);
    expect(e.roleTotals.resource.mining).toBe(e.splits.mrn + 96n);
    expect(e.dust.mining).toBe(80n * 10n ** 18n - e.splits.stakeMining - e.foundationToReward);
    // 96 wei over on the resource side, 1 wei left by the meta side's truncation
    expect(e.dust.mining).toBe(-95n);
    expect(e.notes).toEqual([
      'the resource wallets got 96 wei more mining reward than their split 48000000000000000000 (shares rounded up); foundation_account paid it',
      "the resource wallets' traffic reward before tax 3648143.000000000007296286 exceeds their split 3648143 by 0.000000000007296286 (shares rounded up); total_unissued_prepay paid it",
    ]);
    expect(e.check).toEqual({ ok: true, failures: [] });
  });

  it('lists the withdrawal from the stored events', () => {
    expect(audit.withdrawals.map((w) => ({ ...w, txHash: w.txHash.length }))).toEqual([{ height: 9n, time: '2024-01-01T01:30:00Z', txHash: 64, wallet: o3, target: o3, amount: '1000000000000000000wei' }]);
  });

  it('removes its observers when done', () => {
    expect(setDistributionObserver(undefined)).toBeUndefined();
    expect(setMaturationObserver(undefined)).toBeUndefined();
  });
});

describe('sdsim audit: filters and formats', () => {
  it('--epochs 2..3 lists those reports only', async () => {
    const a = await auditHome(fx.home, { epochs: [2n, 3n] });
    expect(a.epochs.map((e) => e.epoch)).toEqual([2n, 3n]);
    expect(a.verdict.text).toBe('every wei accounted for: 2 report epoch(s) checked; the replay of 10 block(s) matched every stored app hash');
    expect(a.filter).toEqual({ epochs: [2n, 3n] });
  });

  it('--wallet lists that wallet only; the CSV is its header and one row per epoch', async () => {
    let out = '';
    const a = await runAuditCommand(['--home', fx.home, '--format', 'csv', '--wallet', WALLET_A], { write: (t) => (out += t) });
    expect(a.epochs.map((e) => e.wallets.length)).toEqual([1, 0, 0, 1, 0]);
    expect(out).toBe(
      [
        'epoch,height,time,tier,role,wallet,volume,share,mining_dec,mining_reward,traffic_before_tax,tax,traffic_reward,mature_epoch,matured_at_height,matured_at_time,matured,slashing_deducted',
        `1,3,2024-01-01T00:30:00Z,1,resource,${WALLET_A},50000,0.331125827814569536,15894039735099337728.000000000000000000,15894039735099337728,30401199154.304635722675869056,608023983.086092714453517381,29793175171,3,7,2024-01-01T01:10:00Z,15894039764892512899,0`,
        `4,8,2024-01-01T01:20:00Z,1,resource,${WALLET_A},5,1.000000000000000000,48000000000000000000.000000000000000000,48000000000000000000,3040119.000000000000000000,60802.380000000000000000,2979316,6,,,,`,
        '',
      ].join('\n'),
    );
  });

  it('the CSV of the whole chain has one row per epoch × wallet; a twice-reported wallet shows both credits joined by +', () => {
    const lines = renderAudit(audit, 'csv').trimEnd().split('\n');
    expect(lines.length).toBe(1 + 5 + 5 + 4 + 4 + 9);
    expect(lines.filter((l) => l.startsWith('2,') && l.includes(o3))).toEqual([
      `2,4,2024-01-01T00:40:00Z,1,resource,${o3},70001,0.699993000069999300+0.000009999900001000,33599664003359966400.000000000000000000+479995200048000.000000000000000000,33600143998560014400,42561678812.111878880785571100+608023.983030170306327000,851245736.721898181021837962,41711041098,4,8,2024-01-01T01:20:00Z,33600144040271055498,0`,
    ]);
  });

  it('JSON has bigints as strings and goes to --out', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'audit-out-')), 'audit.json');
    dirs.push(join(out, '..'));
    await runAuditCommand({ home: fx.home, out });
    const json = JSON.parse(readFileSync(out, 'utf8'));
    expect(json.epochs[0].splits.stakeMining).toBe('16000000000000000000');
    expect(json.epochs[0].wallets[0].credits[0].share).toBe('0.662251655629139073');
    expect(json.verdict.ok).toBe(true);
    expect(json.epochs.map((e: { epoch: string }) => e.epoch)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('parses --flag value and --flag=value', () => {
    expect(parseAuditArgs(['--home', '/h', '--epochs=1..2', '--wallet', WALLET_B, '--format=html', '--out', 'r.html'])).toEqual({ home: '/h', epochs: '1..2', wallet: WALLET_B, format: 'html', out: 'r.html' });
  });
});

describe('sdsim audit: errors', () => {
  const fails = (args: string[]) => runAuditCommand(args, { write: () => undefined });
  const unpaid = accAddress(new Uint8Array(20).fill(0xcc));

  it.each([
    [['--epochs', '5..2'], 'invalid --epochs 5..2: the first epoch (5) is after the last (2)'],
    [['--epochs', '5-2'], 'invalid --epochs "5-2": expected A..B with whole numbers A ≤ B, e.g. 1..100'],
    [['--format', 'pdf'], 'invalid --format "pdf": expected one of json, csv, html'],
    [['--wallet', 'bogus'], 'invalid --wallet "bogus": not a st1… wallet address (invalid bech32 string "bogus": too short)'],
    [['--wallet', unpaid], `wallet ${unpaid} has no rewards in this chain: no volume report paid it`],
    [['--wallet', WALLET_B, '--epochs', '3..4'], `wallet ${WALLET_B} has no rewards in epochs 3..4 of this chain: no volume report paid it`],
    [['--epochs', '100..200'], 'no volume report in epochs 100..200 of this chain: its reports are in epochs 1..5'],
    [['--epochs', '0..0'], 'no volume report in epochs 0..0 of this chain: its reports are in epochs 1..5'],
    [['--epochs', '6..9', '--wallet', WALLET_A], 'no volume report in epochs 6..9 of this chain: its reports are in epochs 1..5'],
  ])('%j → %s', async (args, message) => {
    await expect(fails(['--home', fx.home, ...args])).rejects.toThrow(new Error(message));
  });

  it('an epoch range with no report: sdsim audit exits 1 with the message on stderr and nothing on stdout', async () => {
    const r = await runBin('sdsim', ['audit', '--home', fx.home, '--epochs', '100..200']);
    expect([r.code, r.stdout, r.stderr]).toStrictEqual([1, '', 'Error: no volume report in epochs 100..200 of this chain: its reports are in epochs 1..5\n']);
  }, 60_000);

  it('names the runs of epochs that have reports, and cuts a long list', () => {
    expect(epochRanges([1n, 2n, 3n, 5n, 7n, 8n, 9n])).toBe('1..3, 5, 7..9');
    expect(epochRanges([4n])).toBe('4');
    expect(epochRanges(Array.from({ length: 10 }, (_, i) => BigInt(2 * i)))).toBe('0, 2, 4, 6, 8, 10, 12, 14, … (10 runs of epochs in all, the last ending at 18)');
  });

  it('--out in a folder that does not exist, or a folder: named before the replay', async () => {
    const missing = join(tmpdir(), 'audit-no-such-dir-7c2e', 'x.json');
    // the home does not exist either: the --out check comes first, before the replay
    await expect(fails(['--home', join(tmpdir(), 'audit-no-such-home-4b1d'), '--out', missing])).rejects.toThrow(
      new Error(`cannot write the report to ${missing}: the folder ${join(tmpdir(), 'audit-no-such-dir-7c2e')} does not exist`),
    );
    await expect(fails(['--home', fx.home, '--out', tmpdir()])).rejects.toThrow(new Error(`cannot write the report to ${tmpdir()}: it is a folder; give --out a file name`));
    const file = join(mkdtempSync(join(tmpdir(), 'audit-file-')), 'f');
    dirs.push(join(file, '..'));
    writeFileSync(file, '');
    await expect(fails(['--home', fx.home, '--out', join(file, 'x.json')])).rejects.toThrow(new Error(`cannot write the report to ${join(file, 'x.json')}: ${file} is not a folder`));
  });

  it('names a missing --home, an unknown flag, a missing value', async () => {
    const usage = 'usage: sdsim audit --home DIR [--epochs A..B] [--wallet W] [--format html|csv|json] [--out FILE]';
    await expect(fails([])).rejects.toThrow(new Error(`sdsim audit: --home DIR is required; ${usage}`));
    await expect(fails(['--home', fx.home, '--seed', '1'])).rejects.toThrow(new Error(`sdsim audit: unknown flag --seed; ${usage}`));
    await expect(fails(['--home'])).rejects.toThrow(new Error(`sdsim audit: --home needs a value; ${usage}`));
  });

  it('a directory that does not exist, and a home without a chain', async () => {
    const missing = join(tmpdir(), 'audit-no-such-home-4b1d');
    await expect(fails(['--home', missing])).rejects.toThrow(new Error(`no chain home at ${missing}: the directory does not exist`));
    const empty = mkdtempSync(join(tmpdir(), 'audit-empty-'));
    dirs.push(empty);
    initHome(empty, { moniker: 'empty', chainId: CHAIN_ID });
    await expect(fails(['--home', empty])).rejects.toThrow(
      new Error(`no chain in ${empty}: ${join(empty, 'data', 'chain.sqlite')} does not exist (a home gets its chain from "chaind start" or "sdsim run")`),
    );
  });

  it('too many per-wallet rewards for one audit: asks to narrow it', async () => {
    await expect(auditHome(fx.home, { maxWalletRecords: 3 })).rejects.toThrow(
      new Error(`cannot audit ${fx.home} in one go: more than 3 per-wallet rewards to list; narrow it with --epochs A..B or --wallet W`),
    );
    // the same limit is enough for one wallet
    expect((await auditHome(fx.home, { maxWalletRecords: 3, wallet: WALLET_A })).verdict.ok).toBe(true);
  });

  it('the replay stops at the block where the records pass the limit, not at the chain\'s end', async () => {
    const replayed: bigint[] = [];
    const original = App.prototype.finalizeBlock;
    const finalize = vi.spyOn(App.prototype, 'finalizeBlock').mockImplementation(function (this: App, ...args: Parameters<App['finalizeBlock']>) {
      replayed.push(args[0].height);
      return original.apply(this, args);
    });
    try {
      await expect(auditHome(fx.home, { maxWalletRecords: 3 })).rejects.toThrow('more than 3 per-wallet rewards to list');
    } finally {
      finalize.mockRestore();
    }
    const store = new BlockStore(join(fx.home, 'data', 'chain.sqlite'));
    const latest = store.latestHeight();
    store.close();
    expect(replayed.length).toBeGreaterThan(0);
    expect(BigInt(replayed.length)).toBeLessThan(latest);
  });

  it('a JSON or CSV report is written in pieces, the same bytes as whole', async () => {
    const audit = await auditHome(fx.home);
    for (const format of ['json', 'csv'] as const) {
      const pieces = [...renderAuditChunks(audit, format)];
      expect(pieces.length).toBeGreaterThan(2);
      expect(pieces.join('')).toBe(format === 'json' ? `${JSON.stringify(audit, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2)}\n` : renderAudit(audit, 'csv'));
    }
    const out = join(mkdtempSync(join(tmpdir(), 'audit-out-')), 'a.json');
    dirs.push(dirname(out));
    await runAuditCommand(['--home', fx.home, '--out', out]);
    expect(readFileSync(out, 'utf8')).toBe(renderAudit(audit, 'json'));
  });

  it('a home whose first blocks were pruned: the audit replays from genesis, so it says it cannot', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'audit-pruned-'));
    dirs.push(copy);
    cpSync(fx.home, copy, { recursive: true });
    const store = new BlockStore(join(copy, 'data', 'chain.sqlite'));
    store.pruneBlocksBelow(4n);
    store.close();
    await expect(fails(['--home', copy])).rejects.toThrow(
      new Error(`cannot audit ${copy}: blocks before 4 were pruned, and the audit replays every block from the genesis (a node keeps every block with min-retain-blocks = 0 in app.toml)`),
    );
  });

  it('other [pot] settings than the blocks were made with: the replay stops at the first report and says why', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'audit-copy-'));
    dirs.push(copy);
    cpSync(fx.home, copy, { recursive: true });
    const appToml = join(copy, 'config', 'app.toml');
    writeFileSync(appToml, readFileSync(appToml, 'utf8').replace('bls-verifier = "accept-any"', 'bls-verifier = "bls12-381"'));
    const err = await fails(['--home', copy]).catch((e: Error) => e);
    expect((err as Error).message).toMatch(
      new RegExp(
        `^cannot audit ${copy}: replay: app hash mismatch at height 3: stored [0-9a-f]{64}, recomputed [0-9a-f]{64}; the blocks were made with other \\[pot\\] settings than ${appToml} has \\(bls-verifier = "bls12-381", restore-total-supply = true\\) or by another version of the chain$`,
      ),
    );
    expect(setDistributionObserver(undefined)).toBeUndefined();
  });
});
