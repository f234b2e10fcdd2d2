/**
 * Given/when/then for the pot messages through the App (reference/chain-semantics.md §3.3–3.9).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bech32 } from 'bech32';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { pubKeyOf } from '../../../src/crypto/keys.ts';
import { moduleAccountAddress } from '../../../src/modules/auth/account.ts';
import { bls12381Sign, bls12381Verifier, setBlsVerifier, acceptingBlsVerifier } from '../../../src/modules/pot/bls.ts';
import { volumeReportTxData } from '../../../src/modules/pot/tx-data.ts';
import { typedEvents } from '../register/harness.ts';
import { FAIL, MN, owners, P, potChain, potQuery, report, RN, STOS } from './harness.ts';

const [o0, o1, , o3, o4] = [owners[0]!, owners[1]!, owners[2]!, owners[3]!, owners[4]!];

afterEach(() => {
  setBlsVerifier(acceptingBlsVerifier);
});

function fundedChain() {
  const c = potChain();
  c.ok(o4, [P.foundationDeposit(o4.address, 1000n * STOS)]);
  c.ok(o4, [P.prepay(o4.address, 20n * STOS)]);
  return c;
}

describe('MsgFoundationDeposit', () => {
  it('given a funded sender, when it deposits, then the foundation account receives the coins and EventFoundationDeposit is emitted', () => {
    const c = potChain();
    const before = c.balance(o4.address);
    const r = c.ok(o4, [P.foundationDeposit(o4.address, 1000n * STOS)]);
    expect(c.pool('foundation_account')).toBe(1000n * STOS);
    expect(before - c.balance(o4.address)).toBe(1000n * STOS + 2_000_000_000_000_000n);
    expect(typedEvents(r.events, 'chain.pot.v1.')).toEqual([{ type: 'EventFoundationDeposit', attrs: { amount: '1000000000000000000000wei' } }]);
  });

  it('given more than the balance, then it fails with 30 wrapping the bank error', () => {
    const c = potChain();
    c.fails(o4, [P.foundationDeposit(o4.address, 10n ** 30n)], 'pot', 30);
  });

  it('given an invalid amount, then ValidateBasic fails with 19', () => {
    const c = potChain();
    c.fails(o4, [P.foundationDeposit(o4.address, 0n)], 'pot', 19, 'foundation deposit amount is invalid');
  });
});

describe('MsgVolumeReport', () => {
  it('given a valid report, then the record, rewards and event are stored', () => {
    const c = fundedChain();
    const r = c.ok(o0, [report(1n)]);
    expect(typedEvents(r.events, 'chain.pot.v1.')).toEqual([{ type: 'EventVolumeReport', attrs: { epoch: '1', report_reference: 'ref-1' } }]);
    expect(c.app.state.pot.last_distributed_epoch).toBe(1n);
    const info = potQuery(c, 'VolumeReport', { epoch: 0n }).report_info;
    expect(info).toMatchObject({ epoch: 1n, reference: 'ref-1', reporter: MN[0]!.address, tx_hash: r.hash });
    expect(r.hash).toMatch(/^[0-9A-F]{64}$/);
    const byWallet = potQuery(c, 'RewardsByWallet', { wallet_address: o3.address }).rewards;
    expect(byWallet.mature_total_reward).toEqual([]);
    expect(BigInt(byWallet.immature_total_reward[0].amount)).toBeGreaterThan(48n * STOS);
    const byEpoch = potQuery(c, 'RewardsByEpoch', { epoch: 1n }).rewards;
    expect(byEpoch).toHaveLength(4);
    expect(potQuery(c, 'TotalMinedToken').total_mined_token.amount).toBe(c.app.state.pot.total_mined_tokens.toString());
  });

  const cases: [string, Parameters<typeof report>[1], number, string][] = [
    ['empty reporter', { reporter: '' }, 13, 'missing reporter address'],
    ['no wallet volumes', { volumes: [] }, 14, 'wallet volumes list empty'],
    ['empty reference', { reference: '' }, 16, 'missing report reference'],
    ['negative volume', { volumes: [{ wallet_address: 'st1x', volume: '-1' }] }, 18, 'report volume is negative'],
    ['empty wallet address', { volumes: [{ wallet_address: '', volume: '1' }] }, 5, 'missing wallet address'],
    ['empty signature', { signature: new Uint8Array(0) }, 20, 'BLS signature is invalid'],
    ['empty txData', { txData: new Uint8Array(0) }, 21, 'BLS signature txData is invalid'],
    ['an empty pubkey', { pubKeys: [new Uint8Array([1]), new Uint8Array(0)] }, 22, 'BLS signature pubkeys are invalid'],
  ];
  for (const [name, opts, code, log] of cases) {
    it(`given ${name}, then ValidateBasic fails with ${code}`, () => {
      const c = fundedChain();
      c.fails(o0, [report(1n, opts)], 'pot', code, log);
    });
  }

  it('given epoch 0, then ValidateBasic fails with 15', () => {
    const c = fundedChain();
    c.fails(o0, [report(0n)], 'pot', 15, 'report epoch is not positive');
  });

  it('given a reporter that is not a meta node of the owner, then it fails with 33', () => {
    const c = fundedChain();
    c.fails(o1, [report(1n, { reporterIndex: 0, owner: o1.address })], 'pot', 33, `${FAIL}invalid reporter address or owner address`);
  });

  it('given a reporter that is not an stsds address, then it fails with 25', () => {
    const c = fundedChain();
    c.fails(o0, [report(1n, { reporter: o3.address })], 'pot', 25);
  });

  it('given an epoch not above the last, then it fails with 8', () => {
    const c = fundedChain();
    c.ok(o0, [report(5n)]);
    c.fails(o0, [report(5n)], 'pot', 8, `${FAIL}expected epoch should be greater than 5, got 5: the value of epoch must be positive and greater than its previous one`);
    c.ok(o0, [report(7n)]);
  });

  it('given a txData that is not the Keccak of the cleared message, then it fails with 21', () => {
    const c = fundedChain();
    c.fails(o0, [report(1n, { txData: new Uint8Array(32) })], 'pot', 21, `${FAIL}BLS signature txData is invalid`);
  });

  it('given 1 pubkey with 3 bonded meta nodes (threshold 2), then it fails with 24', () => {
    const c = fundedChain();
    c.fails(o0, [report(1n, { pubKeys: [new Uint8Array([1])] })], 'pot', 24, `${FAIL}BLS signed meta-nodes does not reach the threshold`);
  });

  it('given the BLS12-381 verifier, then a real aggregate signature passes and a wrong one fails with 23', () => {
    setBlsVerifier(bls12381Verifier);
    const c = fundedChain();
    const keys = [new Uint8Array(32).fill(7), new Uint8Array(32).fill(8)];
    const body = { wallet_volumes: [{ wallet_address: o3.address, volume: '100000' }], reporter: MN[0]!.address, epoch: '1', report_reference: 'ref-1', reporter_owner: o0.address };
    const txData = volumeReportTxData(body);
    const { pubKeys, signature } = bls12381Sign(keys, txData);
    const other = bls12381Sign(keys, new Uint8Array([1, 2, 3])).signature;
    c.fails(o0, [report(1n, { pubKeys, signature: other })], 'pot', 23, `${FAIL}BLS signature verify failed`);
    c.fails(o0, [report(1n, { pubKeys, signature: new Uint8Array([1, 2]) })], 'pot', 23);
    c.ok(o0, [report(1n, { pubKeys, signature })]);
  });

  it('given an unfunded foundation, then the token move fails with 32', () => {
    const c = potChain();
    c.ok(o4, [P.prepay(o4.address, 20n * STOS)]);
    c.fails(o0, [report(1n)], 'pot', 32);
  });

  it('given volumes that are all zero, then it fails with 32 (the chain panics)', () => {
    const c = fundedChain();
    c.fails(o0, [report(1n, { volumes: [{ wallet_address: o3.address, volume: '0' }] })], 'pot', 32, `${FAIL}total volume of the report is zero: cannot compute the wallet shares: volume report failed`);
  });
});

describe('MsgWithdraw after maturity', () => {
  function maturedChain() {
    const c = fundedChain();
    c.ok(o0, [report(1n)]);
    const rec = c.app.state.pot.individual_rewards['2017']!;
    c.ok(o0, [report(2016n)]);
    expect(potQuery(c, 'RewardsByWallet', { wallet_address: o3.address }).rewards.mature_total_reward).toEqual([]);
    c.ok(o0, [report(2017n)]);
    return { c, rec };
  }

  it('given mature rewards, when the wallet withdraws them to a target, then the target receives them to the wei', () => {
    const { c } = maturedChain();
    const mature = BigInt(potQuery(c, 'RewardsByWallet', { wallet_address: o3.address }).rewards.mature_total_reward[0].amount);
    expect(mature).toBeGreaterThan(48n * STOS);
    const target = o1.address;
    const before = c.balance(target);
    const poolBefore = c.pool('total_reward_pool');
    const r = c.ok(o3, [P.withdraw(o3.address, target, mature)]);
    expect(c.balance(target) - before).toBe(mature);
    expect(poolBefore - c.pool('total_reward_pool')).toBe(mature);
    expect(potQuery(c, 'RewardsByWallet', { wallet_address: o3.address }).rewards.mature_total_reward).toEqual([]);
    expect(typedEvents(r.events, 'chain.pot.v1.')).toEqual([
      { type: 'EventWithdraw', attrs: { amount: `${mature}wei`, wallet_address: o3.address, target_address: target } },
    ]);
    const transfer = r.events.filter((e) => e.type === 'transfer').at(-1)!;
    expect(Object.fromEntries(transfer.attributes.map((a) => [a.key, a.value]))).toEqual({ recipient: target, sender: moduleAccountAddress('total_reward_pool'), amount: `${mature}wei` });
  });

  it('given more than the mature total, then it fails with 29 wrapping 7', () => {
    const { c } = maturedChain();
    const mature = BigInt(potQuery(c, 'RewardsByWallet', { wallet_address: o3.address }).rewards.mature_total_reward[0].amount);
    c.fails(o3, [P.withdraw(o3.address, o3.address, mature + 1n)], 'pot', 29, `${FAIL}insufficient mature total: failure during withdraw`);
  });

  it('given an empty amount, then it is a successful no-op', () => {
    const c = potChain();
    c.ok(o3, [P.withdraw(o3.address, o3.address, null)]);
  });

  it('given an empty target, then ValidateBasic fails with 6; a zero amount with 4', () => {
    const c = potChain();
    c.fails(o3, [P.withdraw(o3.address, '', 1n)], 'pot', 6, 'missing target address');
    c.fails(o3, [P.withdraw(o3.address, o3.address, 0n)], 'pot', 4, 'withdraw amount is invalid');
  });
});

describe('MsgSlashingResourceNode', () => {
  it('given a meta-node owner, when it slashes a resource node with suspend, then the debt is recorded, the node suspended and St/Lt lowered', () => {
    const c = fundedChain();
    const st = c.app.state.register.effective_total_deposit;
    const r = c.ok(o0, [P.slashing([o0.address], [MN[0]!.address], RN.address, o3.address, 1000n, true)]);
    const debt = BigInt(potQuery(c, 'SlashingByOwner', { wallet_address: o3.address }).slashing);
    expect(debt).toBeGreaterThan(0n);
    expect(c.app.state.register.effective_total_deposit).toBe(st - STOS);
    const ev = typedEvents(r.events, 'chain.pot.v1.');
    expect(ev).toEqual([{ type: 'EventSlashing', attrs: { wallet_address: o3.address, network_address: RN.address, amount: debt.toString(), slashing_type: 'storage', suspend: 'true' } }]);
  });

  it('given an unknown resource node, then it fails with 31', () => {
    const c = fundedChain();
    c.fails(o0, [P.slashing([o0.address], [MN[0]!.address], MN[1]!.address, o3.address, 1n, false)], 'pot', 31, `${FAIL}resource node does not exist: failure during slashing resource node`);
  });

  it('given a negative amount, then ValidateBasic fails with 26; a non-owner with 33', () => {
    const c = fundedChain();
    c.fails(o0, [P.slashing([o0.address], [MN[0]!.address], RN.address, o3.address, -1n, false)], 'pot', 26, 'invalid amount');
    c.fails(o1, [P.slashing([o1.address], [MN[0]!.address], RN.address, o3.address, 1n, false)], 'pot', 33);
  });
});

describe('MsgLegacyWithdraw (chain v0.11, listed by the spec as `tx pot legacy-withdraw`)', () => {
  const legacy = (from: string, target: string, amount: bigint | null) => ({
    typeName: 'chain.pot.v1.MsgLegacyWithdraw',
    value: { amount: amount === null ? [] : [{ denom: 'wei', amount: amount.toString() }], from, target_address: target },
  });
  /** the signer's key read as a Cosmos secp256k1 key: ripemd160(sha256(33-byte key)), computed here with @noble and bech32 */
  const legacyWalletOf = (o: (typeof owners)[number]) => bech32.encode('st', bech32.toWords(ripemd160(sha256(pubKeyOf(o.priv).key))));

  it('withdraws from the legacy wallet of the signer key and emits legacy_withdraw naming it', () => {
    const c = potChain();
    c.ok(o3, [P.withdraw(o3.address, o3.address, null)]); // the account's public key is now on chain
    const r = c.ok(o3, [legacy(o3.address, o1.address, null)]);
    const ev = r.events.find((e) => e.type === 'legacy_withdraw')!;
    expect(ev.attributes.map((a) => [a.key, a.value])).toEqual([
      ['amount', ''],
      ['legacy_wallet_address', legacyWalletOf(o3)],
    ]);
    expect(legacyWalletOf(o3)).not.toBe(o3.address);
  });

  it('more than the legacy wallet has matured fails with 29 wrapping 7; ValidateBasic 6 and 4', () => {
    const c = potChain();
    c.fails(o3, [legacy(o3.address, o1.address, 1n)], 'pot', 29, `${FAIL}insufficient mature total: failure during withdraw`);
    c.fails(o3, [legacy(o3.address, '', 1n)], 'pot', 6, 'missing target address');
    c.fails(o3, [legacy(o3.address, o1.address, 0n)], 'pot', 4, 'withdraw amount is invalid');
  });
});
