/**
 * Governance end to end on a 3-validator local network (the home `npm start -- --validators 3`
 * builds, with short deposit and voting periods patched into genesis) run by the compiled
 * `chaind start`, driven by the CLI:
 *
 * - a proposal that changes pot's `mature_epoch` from 2016 to 3 passes with validator and delegator
 *   votes (a delegator voting against its validator moves its own stake only); the tally is computed
 *   here from the stakes; the new value holds from the block whose EndBlock ended the vote, and
 *   reward maturity follows it (a report's rewards mature three epochs later, not 2016);
 * - a text proposal vetoed by a third of the power burns its deposit (burn_vote_veto) and shows
 *   in the v1beta1 views as a TextProposal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempHome } from '../cli/run-chaind.ts';
import { chaind } from '../cli/node/in-process.ts';
import { freePort, rpc, startChaind, type NodeProcess } from '../cli/node/node-process.ts';
import { attr, networkClient, sleep } from './network-client.ts';
import { createLocalNetwork, type LocalNetwork } from '../../src/node/localnet-network.ts';
import { genesisMetaNode, nodeKeyOf } from '../modules/register/harness.ts';

const STOS = 10n ** 18n;
const GOV = 'st10d07y265gmmuvt4z0w9aw880jnsr700jx08hhw';
const VOTING_S = 8;
const DEPOSIT = 10n * STOS;
const MA = nodeKeyOf(51);
const MB = nodeKeyOf(52);
const MC = nodeKeyOf(53);

let home: string;
let net: LocalNetwork;
let node: NodeProcess;
let rpcPort: number;
let restPort: number;

const { rest, tx } = networkClient({ home: () => home, rpcPort: () => rpcPort, restPort: () => restPort });

/** Waits until the proposal has left the voting period; returns its final record. */
async function ended(id: string): Promise<any> {
  for (;;) {
    const p = (await rest(`/sdk/gov/v1/proposals/${id}`)).proposal;
    if (p.status !== 'PROPOSAL_STATUS_VOTING_PERIOD' && p.status !== 'PROPOSAL_STATUS_DEPOSIT_PERIOD') return p;
    await sleep(200);
  }
}

/** The height of the block whose EndBlock emitted `active_proposal` for proposal `id`. */
async function endHeight(id: string, from: bigint): Promise<bigint> {
  for (let h = from; ; h++) {
    const r = await rpc(rpcPort, 'block_results', { height: h.toString() });
    const events = (r.end_block_events ?? []) as { type: string; attributes: { key: string; value: string }[] }[];
    if (attr(events, 'active_proposal', 'proposal_id').includes(id)) return h;
  }
}

beforeAll(async () => {
  home = await tempHome();
  net = await createLocalNetwork(home, {
    validators: 3,
    patchGenesis: (g) => {
      Object.assign(g.app_state.gov.params, {
        min_deposit: [{ denom: 'wei', amount: DEPOSIT.toString() }],
        max_deposit_period: '20s',
        voting_period: `${VOTING_S}s`,
      });
    },
  });
  // three bonded meta nodes owned by dev0..dev2, whose keys are in the home's keyring: reports are signed from it
  const genesisFile = join(home, 'config', 'genesis.json');
  const genesis = JSON.parse(await readFile(genesisFile, 'utf8'));
  genesis.app_state.register.meta_nodes = [MA, MB, MC].map((m, i) => genesisMetaNode(m, net.accounts[i]!.address, 10n * STOS));
  await writeFile(genesisFile, JSON.stringify(genesis, null, 2));
  [rpcPort, restPort] = [await freePort(), await freePort()];
  node = startChaind([
    '--home', home, '--rpc.laddr', `tcp://127.0.0.1:${rpcPort}`, '--api.enable', '--api.address', `tcp://127.0.0.1:${restPort}`,
    '--grpc.address', '127.0.0.1:0', '--consensus.timeout_commit', '150ms',
  ]);
  await node.waitFor(/height=3 module=state/);
  expect((await chaind(['config', 'node', `tcp://127.0.0.1:${rpcPort}`, '--home', home])).code).toBe(0);
}, 90_000);

afterAll(async () => {
  await node?.stop();
});

describe('governance on a 3-validator network', { timeout: 180_000 }, () => {
  it("a proposal changing pot's mature_epoch passes with a delegator overriding its validator; maturity follows the new value", async () => {
    const [v0, v1, v2] = net.validators as [LocalNetwork['validators'][number], LocalNetwork['validators'][number], LocalNetwork['validators'][number]];
    const delegator = net.accounts[3]!;
    // dev3 delegates 30 STOS to val0, then votes no while val0 votes yes
    await tx('dev3', ['staking', 'delegate', v0.operator, '30stos']);

    const potParams = (await rest('/chain/pot/v1/params')).params;
    expect(potParams.mature_epoch).toBe('2016');
    const proposalFile = join(home, 'mature-epoch.json');
    await writeFile(
      proposalFile,
      JSON.stringify({
        messages: [{ '@type': '/chain.pot.v1.MsgUpdateParams', authority: GOV, params: { ...potParams, mature_epoch: '3' } }],
        metadata: 'ipfs://mature-epoch',
        deposit: `${DEPOSIT}wei`,
        title: 'Mature in 3 epochs',
        summary: 'pot rewards mature three epochs after their report',
      }),
    );
    const submitted = await tx('dev0', ['gov', 'submit-proposal', proposalFile]);
    const id = attr(submitted.events, 'submit_proposal', 'proposal_id')[0]!;
    expect(id).toBe('1');
    expect((await rest(`/sdk/gov/v1/proposals/${id}`)).proposal.status).toBe('PROPOSAL_STATUS_VOTING_PERIOD');

    await tx('val0', ['gov', 'vote', id, 'yes']);
    await tx('val1', ['gov', 'vote', id, 'yes']);
    await tx('val2', ['gov', 'vote', id, 'no']);
    await tx('dev3', ['gov', 'vote', id, 'no']);
    // the live tally by bonded stake: val0's yes counts its stake less dev3's, which counts as no
    const stake = (v: { operator: string }) => rest(`/sdk/staking/v1beta1/validators/${v.operator}`).then((r) => BigInt(r.validator.tokens));
    const [t0, t1, t2] = [await stake(v0), await stake(v1), await stake(v2)];
    const dev3 = 30n * STOS;
    expect((await rest(`/sdk/gov/v1/proposals/${id}/tally`)).tally).toEqual({
      yes_count: (t0 - dev3 + t1).toString(),
      abstain_count: '0',
      no_count: (t2 + dev3).toString(),
      no_with_veto_count: '0',
    });

    const final = await ended(id);
    expect(final.status).toBe('PROPOSAL_STATUS_PASSED');
    const end = await endHeight(id, submitted.height);
    // the new value holds from the block that ended the vote
    expect((await rest('/chain/pot/v1/params', end - 1n)).params.mature_epoch).toBe('2016');
    expect((await rest('/chain/pot/v1/params', end)).params.mature_epoch).toBe('3');
    // votes are deleted after the tally; the deposit is refunded
    expect((await rest(`/sdk/gov/v1/proposals/${id}/votes`)).votes).toEqual([]);

    // reward maturity follows it: a report at epoch 2017 (after the first EndBlock set MaturedEpoch to 2016)
    // stores its rewards under 2017 + 3 and they mature when a report of epoch 2020 is processed
    // each report pays 80 STOS of mining rewards out of the foundation account (tier 1)
    await tx('dev0', ['pot', 'foundation-deposit', '--amount', '500stos']);
    // ozone for the reported traffic (reference/chain-semantics.md §1.4)
    await tx('dev0', ['sds', 'prepay', 'dev0', '10stos']);
    const volumes = JSON.stringify([{ wallet_address: delegator.address, volume: '1000' }]);
    const report = (epoch: number) => tx('dev0', ['pot', 'report', '--epoch', String(epoch), '--reference', `ref-${epoch}`, '--wallet-volumes', volumes]);
    await report(2017);
    const rewards = async () => (await rest(`/chain/pot/v1/rewards/wallet/${delegator.address}`)).rewards;
    const before = await rewards();
    expect(before.mature_total_reward).toEqual([]);
    expect(before.immature_total_reward).not.toEqual([]);
    await report(2019);
    expect((await rewards()).mature_total_reward).toEqual([]);
    await report(2020);
    const after = await rewards();
    expect(after.mature_total_reward).toEqual(before.immature_total_reward);
  });

  it('a vetoed text proposal burns its deposit; the v1beta1 views show it as a TextProposal', async () => {
    const supply = async () => BigInt((await rest('/sdk/bank/v1beta1/supply/by_denom?denom=wei')).amount.amount);
    const submitted = await tx('dev1', ['gov', 'submit-legacy-proposal', '--title', 'Signal', '--description', 'A text proposal', '--type', 'Text', '--deposit', `${DEPOSIT}wei`]);
    const id = attr(submitted.events, 'submit_proposal', 'proposal_id')[0]!;
    const legacy = (await rest(`/sdk/gov/v1beta1/proposals/${id}`)).proposal;
    expect(legacy.content).toEqual({ '@type': '/sdk.gov.v1beta1.TextProposal', title: 'Signal', description: 'A text proposal' });
    expect(legacy.status).toBe('PROPOSAL_STATUS_VOTING_PERIOD');
    await tx('val0', ['gov', 'vote', id, 'no_with_veto']);
    await tx('val1', ['gov', 'vote', id, 'yes']);
    const supplyBefore = await supply();
    const final = await ended(id);
    expect(final.status).toBe('PROPOSAL_STATUS_REJECTED');
    // the deposit left the gov account by a burn: the supply fell by it (fees stay in supply)
    await sleep(500);
    expect(await supply()).toBe(supplyBefore - DEPOSIT);
    expect((await rest(`/sdk/gov/v1beta1/proposals/${id}`)).proposal.status).toBe('PROPOSAL_STATUS_REJECTED');
  });
});
