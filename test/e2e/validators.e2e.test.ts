/**
 * A 4-validator local network (the home `npm start -- --validators 4` builds, with short unbonding
 * and slashing windows patched into genesis), run by the compiled `chaind start`: a dev account
 * delegates, redelegates and unbonds (completed after the unbonding time, paid to the wei),
 * withdraws rewards (the amount the rewards query showed), a validator switched offline is jailed
 * and slashed for downtime, then unjails; injected double-sign evidence slashes and tombstones
 * another. Figures are computed here from the genesis parameters, not read from the code under test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bech32 } from 'bech32';
import { tempHome } from '../cli/run-chaind.ts';
import { chaind } from '../cli/node/in-process.ts';
import { freePort, rpc, startChaind, type NodeProcess } from '../cli/node/node-process.ts';
import { attr, FEE, networkClient, sleep } from './network-client.ts';
import { createLocalNetwork, type LocalNetwork } from '../../src/node/localnet-network.ts';

const STOS = 10n ** 18n;
const UNBONDING_S = 6;
/** the SDK's genesis validation allows no less than a minute */
const JAIL_S = 60;

let home: string;
let net: LocalNetwork;
let node: NodeProcess;
let rpcPort: number;
let restPort: number;

const { rest, height, waitHeight, balance, tx } = networkClient({ home: () => home, rpcPort: () => rpcPort, restPort: () => restPort });

beforeAll(async () => {
  home = await tempHome();
  net = await createLocalNetwork(home, {
    validators: 4,
    patchGenesis: (g) => {
      g.app_state.staking.params.unbonding_time = `${UNBONDING_S}s`;
      Object.assign(g.app_state.slashing.params, {
        signed_blocks_window: '10',
        min_signed_per_window: '0.500000000000000000',
        downtime_jail_duration: `${JAIL_S}s`,
        slash_fraction_downtime: '0.010000000000000000',
        slash_fraction_double_sign: '0.050000000000000000',
      });
    },
  });
  [rpcPort, restPort] = [await freePort(), await freePort()];
  node = startChaind([
    '--home', home, '--rpc.laddr', `tcp://127.0.0.1:${rpcPort}`, '--rpc.unsafe', '--api.enable', '--api.address', `tcp://127.0.0.1:${restPort}`,
    '--grpc.address', '127.0.0.1:0', '--consensus.timeout_commit', '150ms',
  ]);
  await node.waitFor(/height=3 module=state/);
  expect((await chaind(['config', 'node', `tcp://127.0.0.1:${rpcPort}`, '--home', home])).code).toBe(0);
}, 60_000);

afterAll(async () => {
  await node?.stop();
});

describe('a 4-validator local network', { timeout: 180_000 }, () => {
  it('starts with the four gentx validators bonded, power 100000 each, all signing', async () => {
    const vals = await rest('/sdk/staking/v1beta1/validators?status=BOND_STATUS_BONDED');
    expect(vals.validators.map((v: any) => [v.description.moniker, v.tokens, v.jailed]).sort()).toEqual(
      net.validators.map((v) => [v.name, (100n * STOS).toString(), false]).sort(),
    );
    const block = await rpc(rpcPort, 'block');
    expect(block.block.last_commit.signatures.map((s: any) => s.block_id_flag)).toEqual([2, 2, 2, 2]);
    expect((await rpc(rpcPort, 'validators')).total).toBe('4');
  });

  it('a validator switched offline is jailed and slashed for downtime', async () => {
    const v3 = net.validators[3]!;
    const off = await chaind(['consensus', 'validator-offline', v3.operator, '--home', home]);
    expect([off.code, off.stderr]).toEqual([0, '']);
    expect(JSON.parse(off.stdout)).toEqual({ offline_validators: [v3.consensusAddress] });
    let val: any;
    for (;;) {
      val = (await rest(`/sdk/staking/v1beta1/validators/${v3.operator}`)).validator;
      if (val.jailed) break;
      await sleep(200);
    }
    // power 100000 at the infraction: 100 STOS × 0.01
    expect(val.tokens).toBe((99n * STOS).toString());
    expect((await chaind(['consensus', 'validator-offline', v3.operator, '--online', '--home', home])).code).toBe(0);
    // jailed, it leaves the consensus set two blocks later (CometBFT applies validator updates at
    // H+2): waited for, as a slow machine may take more than two blocks to get here and a fast one less
    while ((await rpc(rpcPort, 'validators')).total !== '3') await sleep(100);
    // a second validator cannot go: the other two would hold 2/3 of the power, not more
    const refused = await chaind(['consensus', 'validator-offline', net.validators[2]!.operator, '--home', home]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/cannot switch [0-9A-F]{40} offline: the validators still signing would hold 200000 of 300000 voting power, not more than 2\/3, and the chain would halt/);
  });

  it('delegate, withdraw rewards (what the query showed), redelegate and unbond with completion after the unbonding time', async () => {
    const dev = net.accounts[0]!;
    const [v1, v2] = [net.validators[1]!, net.validators[2]!];
    const before = await balance(dev.address);
    const delegated = await tx('dev0', ['staking', 'delegate', v1.operator, '10stos']);
    expect(await balance(dev.address)).toBe(before - 10n * STOS - FEE);
    const d = await rest(`/sdk/staking/v1beta1/validators/${v1.operator}/delegations/${dev.address}`);
    expect(d.delegation_response.balance).toEqual({ denom: 'wei', amount: (10n * STOS).toString() });

    // rewards accrue from the fees of later blocks: the withdrawal pays what the query showed
    // at the block before it (that block holds no tx, so BeginBlock allocates nothing more)
    await waitHeight(delegated.height + 3n);
    const beforeWithdraw = await balance(dev.address);
    const w = await tx('dev0', ['distribution', 'withdraw-rewards', v1.operator]);
    const shown = (await rest(`/sdk/distribution/v1beta1/delegators/${dev.address}/rewards/${v1.operator}`, w.height - 1n)).rewards as { denom: string; amount: string }[];
    const expected = shown.length ? BigInt(shown[0]!.amount.split('.')[0]!) : 0n;
    expect(attr(w.events, 'withdraw_rewards', 'amount')).toEqual([`${expected}wei`]);
    expect(await balance(dev.address)).toBe(beforeWithdraw - FEE + expected);

    const r = await tx('dev0', ['staking', 'redelegate', v1.operator, v2.operator, '4stos']);
    const reds = await rest(`/sdk/staking/v1beta1/delegators/${dev.address}/redelegations`);
    expect(reds.redelegation_responses).toHaveLength(1);
    expect(reds.redelegation_responses[0].entries[0].balance).toBe((4n * STOS).toString());

    const u = await tx('dev0', ['staking', 'unbond', v1.operator, '3stos']);
    const ub = await rest(`/sdk/staking/v1beta1/validators/${v1.operator}/delegations/${dev.address}/unbonding_delegation`);
    expect(ub.unbond.entries.map((e: any) => [e.initial_balance, e.balance])).toEqual([[(3n * STOS).toString(), (3n * STOS).toString()]]);
    const afterUnbond = await balance(dev.address);
    const completion = Date.parse(ub.unbond.entries[0].completion_time);
    while (Date.now() < completion + 1500) await sleep(200);
    expect(await balance(dev.address)).toBe(afterUnbond + 3n * STOS);
    await expect(rest(`/sdk/staking/v1beta1/validators/${v1.operator}/delegations/${dev.address}/unbonding_delegation`)).rejects.toThrow(/404/);
    expect((await rest(`/sdk/staking/v1beta1/delegators/${dev.address}/redelegations`)).redelegation_responses).toEqual([]);
    expect(r.height).toBeLessThan(u.height);
    const rest3 = await rest(`/sdk/staking/v1beta1/validators/${v1.operator}/delegations/${dev.address}`);
    expect(rest3.delegation_response.balance.amount).toBe((3n * STOS).toString());
  });

  it('injected double-sign evidence slashes 5% and tombstones the validator', async () => {
    const v0 = net.validators[0]!;
    const before = BigInt((await rest(`/sdk/staking/v1beta1/validators/${v0.operator}`)).validator.tokens);
    const r = await chaind(['consensus', 'inject-double-sign', v0.operator, '--home', home]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const evidence = JSON.parse(r.stdout).evidence as { power: string };
    let val: any;
    for (;;) {
      val = (await rest(`/sdk/staking/v1beta1/validators/${v0.operator}`)).validator;
      if (val.jailed) break;
      await sleep(200);
    }
    const slashed = (BigInt(evidence.power) * 10n ** 15n * 5n) / 100n;
    expect(BigInt(val.tokens)).toBe(before - slashed);
    const consAddress = bech32.encode('stvalcons', bech32.toWords(Buffer.from(v0.consensusAddress, 'hex')));
    const info = (await rest(`/sdk/slashing/v1beta1/signing_infos/${consAddress}`)).val_signing_info;
    expect([info.address, info.tombstoned, info.jailed_until]).toEqual([consAddress, true, '9999-12-31T23:59:59Z']);
    // the evidence stored, as `query evidence` lists it and finds it by hash
    const all = await chaind(['query', 'evidence', '--home', home, '-o', 'json']);
    expect(all.code).toBe(0);
    const listed = JSON.parse(all.stdout) as { evidence: { '@type': string; consensus_address: string; power: string }[]; pagination: { total: string } };
    expect(listed.evidence).toEqual([expect.objectContaining({ '@type': '/sdk.evidence.v1beta1.Equivocation', consensus_address: consAddress, power: evidence.power })]);
    const stored = (await rest('/sdk/evidence/v1beta1/evidence')).evidence as { '@type': string }[];
    expect(stored).toEqual(listed.evidence);
  });
  it('the jailed validator unjails once the jail time has passed, and is bonded again', async () => {
    const v3 = net.validators[3]!;
    const info = (await rest('/sdk/slashing/v1beta1/signing_infos')).info as { address: string; jailed_until: string }[];
    const until = Math.max(...info.map((i) => Date.parse(i.jailed_until)).filter((t) => t < Date.parse('9000-01-01')));
    while (Date.now() < until + 1000) await sleep(500);
    await tx('val3', ['slashing', 'unjail']);
    await waitHeight((await height()) + 2n);
    const back = (await rest(`/sdk/staking/v1beta1/validators/${v3.operator}`)).validator;
    expect([back.jailed, back.status]).toEqual([false, 'BOND_STATUS_BONDED']);
  });
});
