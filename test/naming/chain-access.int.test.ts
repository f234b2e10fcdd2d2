/**
 * The storage network's way to the chain (src/sds/chain: ChainAccess, TxSender) learns the chain's
 * naming profile from the node: against chains initialised neutral and real, it finds the profile,
 * queries, and sends a prepay in the chain's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainAccess, chainNaming } from '../../src/sds/chain/chain-access.ts';
import { TxSender } from '../../src/sds/chain/tx-sender.ts';
import { alice, startProfileChain, type ProfileChain } from './profile-chain.ts';

const chains: Partial<Record<'neutral' | 'real', ProfileChain>> = {};

beforeAll(async () => {
  for (const profile of ['neutral', 'real'] as const) {
    chains[profile] = await startProfileChain(profile, { blockIntervalMs: 50 });
    chains[profile].node.start();
  }
}, 60_000);
afterAll(async () => {
  for (const c of Object.values(chains)) await c?.close();
});

describe('ChainAccess on a chain of each profile', () => {
  it.each(['neutral', 'real'] as const)('%s: learns the profile, queries and sends a prepay in its words', async (profile) => {
    const c = chains[profile]!;
    expect((await chainNaming(new ChainAccess(c.rpcUrl).rpc)).name).toBe(profile);
    const chain = new ChainAccess(c.rpcUrl);
    expect(chain.codec.profile.name).toBe('neutral'); // until it asks
    const balance = (await chain.query('sdk.bank.v1beta1', 'Balance', { address: alice.address, denom: 'wei' })) as { balance: { amount: string } };
    expect(BigInt(balance.balance.amount)).toBeGreaterThan(0n);
    expect(chain.codec.profile.name).toBe(profile);

    const sender = new TxSender(new ChainAccess(c.rpcUrl), alice.address, alice.priv.key, 10n ** 10n);
    const sent = await sender.send([{ typeName: 'chain.sds.v1.MsgPrepay', value: { sender: alice.address, beneficiary: alice.address, amount: [{ denom: 'wei', amount: '1000' }] } }]);
    expect(sent.result.code).toBe(0);
    const prepayEvent = profile === 'real' ? 'stratos.sds.v1.EventPrePay' : 'chain.sds.v1.EventPrePay';
    expect(sent.result.events?.map((e) => e.type)).toContain(prepayEvent);
  });
});
