/**
 * Issue 6 "Done when", end to end through the CLI against a real `chaind start` process (the
 * default app.toml: the BLS12-381 verifier, the supply restoration): prepay, upload record, volume
 * reports signed by the meta nodes whose owner keys are in the home, the report and reward queries,
 * maturity, withdrawal, balances to the wei.
 *
 * Three bonded meta nodes (alice's, bob's, carol's; 10 stos each), so the BLS threshold is
 * max(1, floor(2·3/3)) = 2; the home's keyring holds alice and bob, whose meta nodes sign. Every
 * expected reward is computed here from reference §1.4 / §3.5 with the SDK's Dec rules (§0.2),
 * not read back from the node.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChaind, tempHome } from '../cli/run-chaind.ts';
import { freePort, startChaind, waitForTx } from '../cli/node/node-process.ts';
import { testKey } from '../helpers/fixture.ts';
import { genesisMetaNode, nodeKeyOf } from '../modules/register/harness.ts';

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const alice = testKey(0);
const bob = testKey(1);
/** carol owns the third meta node; her key is not in the home */
const carol = testKey(2);
/** dave: a resource wallet in the reports; erin: the withdrawal target */
const dave = testKey(3);
const erin = testKey(4);
const MA = nodeKeyOf(41);
const MB = nodeKeyOf(42);
const MC = nodeKeyOf(43);
const STOS = 10n ** 18n;
const ALICE_FUNDS = 1000n * STOS;
const MN_DEPOSIT = 10n * STOS;
const FOUNDATION = 300n * STOS;
const PREPAY = 10n * STOS;
const FEE = 200_000_000_000_000n;
const HASH = 'v05ahm50ugfjrgd3ga8mqi6bqka32ks3dooe1p9g';
const CHAIN = 'pot-e2e';

// ---- the SDK's LegacyDec (reference §0.2): raw = value·10^18, chopPrecisionAndRound = half-even
const P = 10n ** 18n;
const chop = (x: bigint): bigint => {
  const q = x / P;
  const r = x % P;
  if (r < P / 2n) return q;
  if (r > P / 2n) return q + 1n;
  return q % 2n === 0n ? q : q + 1n;
};
const dec = (i: bigint): bigint => i * P;
const mul = (a: bigint, b: bigint): bigint => chop(a * b);
const quo = (a: bigint, b: bigint): bigint => chop((a * P * P) / b);
const trunc = (a: bigint): bigint => a / P;

interface Inputs {
  st: bigint;
  pt: bigint;
  lt: bigint;
  minedBefore: bigint;
}
interface Reward {
  mining: bigint;
  traffic: bigint;
}

/** reference §3.5 with tier 1 (total mined < 16 819 200 stos): 80 stos, bp 2000/6000/2000, tax 0.02 */
function distribute(inp: Inputs, volumes: [string, bigint][], metaPayees: string[]) {
  const y = volumes.reduce((s, [, v]) => s + v, 0n);
  const R = quo(mul(dec(inp.st) + dec(inp.pt), dec(y)), dec(inp.lt) + dec(y));
  const bp = (x: bigint, b: bigint) => trunc(quo(mul(x, dec(b)), dec(10000n)));
  const [stakeTraffic, trn, tmn] = [bp(R, 2000n), bp(R, 6000n), bp(R, 2000n)];
  const M = dec(80n * STOS);
  const [stakeMining, mrn, mmn] = [bp(M, 2000n), bp(M, 6000n), bp(M, 2000n)];
  const tax = dec(2n) / 100n;
  const rewards = new Map<string, Reward>();
  let foundationToReward = 0n;
  let prepayToReward = 0n;
  let taxDec = 0n;
  const credit = (w: string, mining: bigint, beforeTax: bigint) => {
    const t = mul(beforeTax, tax);
    const traffic = trunc(beforeTax - t);
    const cur = rewards.get(w) ?? { mining: 0n, traffic: 0n };
    rewards.set(w, { mining: cur.mining + mining, traffic: cur.traffic + traffic });
    foundationToReward += mining;
    prepayToReward += traffic;
    taxDec += t;
  };
  for (const [w, v] of volumes) {
    const share = quo(dec(v), dec(y));
    credit(w, trunc(mul(dec(mrn), share)), mul(dec(trn), share));
  }
  const cnt = BigInt(metaPayees.length);
  for (const w of metaPayees) credit(w, trunc(quo(dec(mmn), dec(cnt))), quo(dec(tmn), dec(cnt)));
  return {
    y,
    rewards,
    stakeMining,
    stakeTraffic,
    foundationToReward,
    prepayToReward,
    taxInt: trunc(taxDec),
    /** the inputs of the next report (§3.5 steps 6–8) */
    next: { st: inp.st, pt: inp.pt - stakeTraffic - prepayToReward - trunc(taxDec), lt: inp.lt + y, minedBefore: inp.minedBefore + stakeMining + foundationToReward },
  };
}

const coins = (amount: bigint) => (amount === 0n ? [] : [{ denom: 'wei', amount: amount.toString() }]);

describe('pot through the CLI against a node process', () => {
  it('prepay, upload, report signed from the keyring, rewards, maturity, withdraw — to the wei', async () => {
    const home = await tempHome();
    const h = ['--home', home];
    expect((await runChaind(['init', 'pot-node', '--chain-id', CHAIN, ...h])).code).toBe(0);
    for (const [name, index] of [['alice', '0'], ['bob', '1']] as const) {
      expect((await runChaind(['keys', 'add', name, '--recover', '--index', index, '--keyring-backend', 'test', ...h], MNEMONIC + '\n')).code).toBe(0);
    }
    for (const [who, amount] of [[alice, ALICE_FUNDS], [bob, 100n * STOS], [carol, 100n * STOS]] as const) {
      expect((await runChaind(['genesis', 'add-genesis-account', who.address, `${amount}wei`, ...h])).code).toBe(0);
    }
    const genesisPath = join(home, 'config', 'genesis.json');
    const genesis = JSON.parse(await readFile(genesisPath, 'utf8'));
    genesis.app_state.register.meta_nodes = [genesisMetaNode(MA, alice.address, MN_DEPOSIT), genesisMetaNode(MB, bob.address, MN_DEPOSIT), genesisMetaNode(MC, carol.address, MN_DEPOSIT)];
    await writeFile(genesisPath, JSON.stringify(genesis, null, 2));
    const appToml = await readFile(join(home, 'config', 'app.toml'), 'utf8');
    expect(appToml).toContain('[pot]\nbls-verifier = "bls12-381"\nrestore-total-supply = true\n');

    const port = await freePort();
    const node = startChaind([...h, '--rpc.laddr', `tcp://127.0.0.1:${port}`, '--consensus.timeout_commit', '150ms', '--minimum-gas-prices', '0wei', '--grpc.address', '127.0.0.1:0']);
    try {
      await node.waitFor(/committed state .*height=1\b/);
      const client = ['--node', `tcp://127.0.0.1:${port}`, ...h];
      let aliceTxs = 0n;
      const tx = async (module: string, args: string[]) => {
        const r = await runChaind(['tx', module, ...args, '--from', 'alice', '--chain-id', CHAIN, '--keyring-backend', 'test', '--fees', `${FEE}wei`, '-y', '-o', 'json', ...client]);
        expect([r.code, r.stderr]).toEqual([0, '']);
        const res = JSON.parse(r.stdout) as { code: number; txhash: string };
        expect(res.code).toBe(0);
        aliceTxs++;
        const found = await waitForTx(port, res.txhash);
        // the log says why when the code is not 0
        expect(found.tx_result.code === 0 ? 0 : `${found.tx_result.code}: ${found.tx_result.log}`).toBe(0);
        return { height: found.height, hash: res.txhash };
      };
      const query = async (args: string[]) => {
        const r = await runChaind(['query', ...args, '-o', 'json', ...client]);
        expect([r.code, r.stderr]).toEqual([0, '']);
        return JSON.parse(r.stdout);
      };
      const balance = async (address: string) => BigInt(((await query(['bank', 'balances', address])).balances as { amount: string }[])[0]?.amount ?? '0');

      // ozone (§1.4): St = 3 × 10 stos, Lt = St / 10^6; the prepay buys trunc(Lt·X / (St + 0 + X))
      const st = 3n * MN_DEPOSIT;
      const lt0 = st / 1_000_000n;
      const purchased = (lt0 * PREPAY) / (st + PREPAY);
      await tx('pot', ['foundation-deposit', '--amount', `${FOUNDATION}wei`]);
      await tx('sds', ['prepay', 'alice', `${PREPAY}wei`]);
      expect(await query(['register', 'remaining-ozone-limit'])).toEqual({ ozone_limit: (lt0 - purchased).toString() });

      const up = await tx('sds', ['upload', '--file-hash', HASH, '--uploader', dave.address, '--reporter', MA.address]);
      expect(await query(['sds', 'upload', HASH])).toEqual({ file_info: { height: up.height, reporters: 'AQAAAAAAAAA=', uploader: dave.address } });

      // report 1: alice and dave used traffic; every bonded meta node's owner is paid an equal share
      const volumes1: [string, bigint][] = [[alice.address, 3000n], [dave.address, 7000n]];
      const payees = [alice.address, bob.address, carol.address];
      const d1 = distribute({ st, pt: PREPAY, lt: lt0 - purchased, minedBefore: 0n }, volumes1, payees);
      const walletVolumes = (v: [string, bigint][]) => JSON.stringify(v.map(([wallet_address, volume]) => ({ wallet_address, volume: volume.toString() })));
      // no --reporter-addr (alice owns one meta node), no BLS flags: alice's and bob's meta nodes sign
      const r1 = await tx('pot', ['report', '--epoch', '1', '--reference', 'ref-1', '--wallet-volumes', walletVolumes(volumes1)]);

      expect(await query(['pot', 'report', '--epoch', '1'])).toEqual({ report_info: { epoch: '1', reference: 'ref-1', tx_hash: r1.hash, reporter: MA.address } });
      const perEpoch = (await query(['pot', 'rewards', '--epoch', '1'])).rewards as { wallet_address: string; reward_from_mining_pool: unknown; reward_from_traffic_pool: unknown }[];
      const expected1 = [...d1.rewards].map(([w, r]) => ({ wallet_address: w, reward_from_mining_pool: coins(r.mining), reward_from_traffic_pool: coins(r.traffic) }));
      expect([...perEpoch].sort((a, b) => a.wallet_address.localeCompare(b.wallet_address))).toEqual(expected1.sort((a, b) => a.wallet_address.localeCompare(b.wallet_address)));
      const alice1 = d1.rewards.get(alice.address)!.mining + d1.rewards.get(alice.address)!.traffic;
      expect((await query(['pot', 'rewards', alice.address])).rewards).toEqual({ wallet_address: alice.address, mature_total_reward: [], immature_total_reward: coins(alice1) });
      expect(await query(['pot', 'total-reward', '--epoch', '1'])).toEqual({
        total_reward: { mining_reward: coins(d1.stakeMining + d1.foundationToReward), traffic_reward: coins(d1.stakeTraffic + d1.prepayToReward + d1.taxInt) },
        is_legacy: false,
      });
      expect(await query(['pot', 'total-mined-token'])).toEqual({ total_mined_token: { denom: 'wei', amount: d1.next.minedBefore.toString() } });

      // report 2016 (= 1 + mature_epoch − 1) matures nothing; report 2017 matures epoch 1 in its EndBlock
      const volumes2: [string, bigint][] = [[dave.address, 5000n]];
      const d2 = distribute(d1.next, volumes2, payees);
      await tx('pot', ['report', '--epoch', '2016', '--reference', 'ref-2016', '--wallet-volumes', walletVolumes(volumes2)]);
      expect((await query(['pot', 'rewards', alice.address])).rewards.mature_total_reward).toEqual([]);
      const d3 = distribute(d2.next, volumes2, payees);
      await tx('pot', ['report', '--epoch', '2017', '--reference', 'ref-2017', '--wallet-volumes', walletVolumes(volumes2)]);
      const aliceMeta = (d: typeof d2) => d.rewards.get(alice.address)!.mining + d.rewards.get(alice.address)!.traffic;
      expect((await query(['pot', 'rewards', alice.address])).rewards).toEqual({
        wallet_address: alice.address,
        mature_total_reward: coins(alice1),
        immature_total_reward: coins(aliceMeta(d2) + aliceMeta(d3)),
      });

      // withdraw the matured reward to erin, from total_reward_pool
      await tx('pot', ['withdraw', '--amount', `${alice1}wei`, '--target-address', erin.address]);
      expect(await balance(erin.address)).toBe(alice1);
      expect((await query(['pot', 'rewards', alice.address])).rewards.mature_total_reward).toEqual([]);
      // alice: genesis funds − meta node deposit − foundation deposit − prepay − one fee per tx
      expect(aliceTxs).toBe(7n);
      expect(await balance(alice.address)).toBe(ALICE_FUNDS - MN_DEPOSIT - FOUNDATION - PREPAY - aliceTxs * FEE);
      // bob's meta node signed but bob sent nothing: his wallet holds the genesis funds less his deposit
      expect(await balance(bob.address)).toBe(100n * STOS - MN_DEPOSIT);
    } finally {
      await node.stop();
    }
  }, 180_000);
});
