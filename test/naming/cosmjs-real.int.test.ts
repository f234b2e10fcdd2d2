/**
 * CosmJS 0.39 unchanged against a chain initialised with `chaind init --naming real` (a node in
 * this process producing blocks on a timer): `SigningStargateClient` with a registry for the
 * chain's messages (cosmjs-types for bank/staking, `/stratos.sds.v1.MsgPrepay` written here with
 * cosmjs-types' BinaryWriter) and an OfflineDirectSigner over the project's own ethsecp256k1 key
 * (CosmJS has no signer that puts Stratos's pubkey type URL into the tx: reference/wire-formats.md
 * §4.5); send, delegate, prepay, then pot's rewards query over CosmJS's QueryClient, distribution
 * rewards, and `StargateClient.getAccount`.
 *
 * The network's own TypeScript SDK (`@stratos-network/stratos-sdk.js`) is not on the npm registry
 * this project installs from, so it is not tested here (docs/node.md "Naming profile").
 */
import { encodeSecp256k1Pubkey } from '@cosmjs/amino';
import { toBase64 } from '@cosmjs/encoding';
import { type DirectSignResponse, type GeneratedType, type OfflineDirectSigner, Registry } from '@cosmjs/proto-signing';
import { createProtobufRpcClient, defaultRegistryTypes, GasPrice, QueryClient, setupDistributionExtension, setupStakingExtension, SigningStargateClient, StargateClient } from '@cosmjs/stargate';
import { Tendermint37Client } from '@cosmjs/tendermint-rpc';
import { BinaryReader, BinaryWriter } from 'cosmjs-types/binary';
import { Coin } from 'cosmjs-types/cosmos/base/v1beta1/coin';
import { AuthInfo, SignDoc } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodec } from '../../src/codec/registry.ts';
import { cosmJsAccountParser } from '../../src/client/account.ts';
import { pubKeyOf, signBytes } from '../../src/crypto/keys.ts';
import { REAL } from '../../src/naming.ts';
import { alice, bob, CHAIN_ID, startProfileChain, type ProfileChain } from './profile-chain.ts';

const STRATOS_PUBKEY = '/stratos.crypto.v1.ethsecp256k1.PubKey';

/**
 * An OfflineDirectSigner over an ethsecp256k1 key: CosmJS builds the SignerInfo from the account's
 * `secp256k1` pubkey (`/cosmos.crypto.secp256k1.PubKey`); the signer returns a SignDoc whose
 * AuthInfo names Stratos's key type instead (same key bytes), signed as the chain verifies it
 * (keccak256 of the SignDoc bytes, 64-byte r||s). CosmJS builds the TxRaw from the returned SignDoc.
 */
class EthSecp256k1DirectSigner implements OfflineDirectSigner {
  constructor(private readonly key: typeof alice) {}

  async getAccounts() {
    return [{ address: this.key.address, algo: 'secp256k1' as const, pubkey: pubKeyOf(this.key.priv).key }];
  }

  async signDirect(signerAddress: string, signDoc: SignDoc): Promise<DirectSignResponse> {
    if (signerAddress !== this.key.address) throw new Error(`no key for ${signerAddress}`);
    const authInfo = AuthInfo.decode(signDoc.authInfoBytes);
    for (const info of authInfo.signerInfos) if (info.publicKey) info.publicKey = { ...info.publicKey, typeUrl: STRATOS_PUBKEY };
    const signed = { ...signDoc, authInfoBytes: AuthInfo.encode(authInfo).finish() };
    const bytes = SignDoc.encode(signed).finish();
    // the project's ethsecp256k1 signing: keccak256 over the bytes, 64-byte r||s
    const signature = signBytes(this.key.priv, bytes);
    return { signed, signature: { pub_key: encodeSecp256k1Pubkey(pubKeyOf(this.key.priv).key), signature: toBase64(signature) } };
  }
}

interface MsgPrepay {
  sender: string;
  beneficiary: string;
  amount: Coin[];
}

/** `stratos.sds.v1.MsgPrepay` (stratos-chain proto/stratos/sds/v1/tx.proto): sender 1, beneficiary 2, repeated Coin amount 3. */
const MsgPrepayType: GeneratedType = {
  encode(m: MsgPrepay, writer = BinaryWriter.create()) {
    if (m.sender) writer.uint32(10).string(m.sender);
    if (m.beneficiary) writer.uint32(18).string(m.beneficiary);
    for (const c of m.amount) Coin.encode(c, writer.uint32(26).fork()).ldelim();
    return writer;
  },
  decode(input: Uint8Array | BinaryReader) {
    const reader = input instanceof BinaryReader ? input : new BinaryReader(input);
    const m: MsgPrepay = { sender: '', beneficiary: '', amount: [] };
    while (reader.pos < reader.len) {
      const tag = reader.uint32();
      if (tag >>> 3 === 1) m.sender = reader.string();
      else if (tag >>> 3 === 2) m.beneficiary = reader.string();
      else if (tag >>> 3 === 3) m.amount.push(Coin.decode(reader, reader.uint32()));
      else reader.skipType(tag & 7);
    }
    return m;
  },
  fromPartial: (o: Partial<MsgPrepay>) => ({ sender: o.sender ?? '', beneficiary: o.beneficiary ?? '', amount: o.amount ?? [] }),
} as unknown as GeneratedType;

/** pot's `RewardsByWallet` request: wallet_address 1 (the answer's RewardByWallet read back as text fields). */
function rewardsRequest(wallet: string): Uint8Array {
  return BinaryWriter.create().uint32(10).string(wallet).finish();
}

let c: ProfileChain;
let client: SigningStargateClient;
let valoper: string;
const fee = { amount: [{ denom: 'wei', amount: '4000000000000000' }], gas: '400000' };

beforeAll(async () => {
  c = await startProfileChain('real', { blockIntervalMs: 50 });
  c.node.start();
  const registry = new Registry([...defaultRegistryTypes, ['/stratos.sds.v1.MsgPrepay', MsgPrepayType]]);
  client = await SigningStargateClient.connectWithSigner(c.rpcUrl, new EthSecp256k1DirectSigner(alice), {
    registry,
    gasPrice: GasPrice.fromString('1000000000wei'),
    broadcastPollIntervalMs: 50,
    accountParser: cosmJsAccountParser(createCodec(REAL)),
  });
  const tm = await Tendermint37Client.connect(c.rpcUrl);
  const staking = await QueryClient.withExtensions(tm, setupStakingExtension).staking.validators('BOND_STATUS_BONDED');
  valoper = staking.validators[0]!.operatorAddress;
  tm.disconnect();
}, 60_000);
afterAll(async () => {
  client?.disconnect();
  await c?.close();
});

describe('CosmJS SigningStargateClient against a real-profile chain', () => {
  it('sends, delegates and prepays with code 0, in the real words', async () => {
    expect(await client.getChainId()).toBe(CHAIN_ID);
    const send = await client.sendTokens(alice.address, bob.address, [{ denom: 'wei', amount: '5' }], fee, 'from cosmjs');
    expect(send.code).toBe(0);
    expect(send.events.filter((e) => e.type === 'message').flatMap((e) => e.attributes)).toContainEqual({ key: 'action', value: '/cosmos.bank.v1beta1.MsgSend' });

    const delegate = await client.delegateTokens(alice.address, valoper, { denom: 'wei', amount: '1000000' }, fee);
    expect(delegate.code).toBe(0);

    const prepay = await client.signAndBroadcast(alice.address, [{ typeUrl: '/stratos.sds.v1.MsgPrepay', value: { sender: alice.address, beneficiary: alice.address, amount: [{ denom: 'wei', amount: '1000000000' }] } }], fee);
    expect(prepay.code).toBe(0);
    expect(prepay.events.map((e) => e.type)).toContain('stratos.sds.v1.EventPrePay');

    expect(await client.getBalance(bob.address, 'wei')).toEqual({ denom: 'wei', amount: '5' });
    const delegation = await client.getDelegation(alice.address, valoper);
    expect(delegation).toEqual({ denom: 'wei', amount: expect.stringMatching(/^\d+$/) });
  });

  it('gas estimation through simulate (auto fee)', async () => {
    const result = await client.sendTokens(alice.address, bob.address, [{ denom: 'wei', amount: '7' }], 'auto');
    expect(result.code).toBe(0);
    expect(await client.getBalance(bob.address, 'wei')).toEqual({ denom: 'wei', amount: '12' });
  });

  it("queries pot's and distribution's rewards over CosmJS's QueryClient", async () => {
    const tm = await Tendermint37Client.connect(c.rpcUrl);
    try {
      const q = QueryClient.withExtensions(tm, setupDistributionExtension);
      const rpc = createProtobufRpcClient(q);
      const answer = await rpc.request('stratos.pot.v1.Query', 'RewardsByWallet', rewardsRequest(alice.address));
      // RewardByWallet{wallet_address 1, …} inside field 1
      const reader = new BinaryReader(answer);
      expect(reader.uint32()).toBe(10);
      const inner = new BinaryReader(reader.bytes());
      expect(inner.uint32()).toBe(10);
      expect(inner.string()).toBe(alice.address);
      const rewards = await q.distribution.delegationRewards(alice.address, valoper);
      expect(Array.isArray(rewards.rewards)).toBe(true);
    } finally {
      tm.disconnect();
    }
  });

  it('StargateClient.getAccount with cosmJsAccountParser: the genesis BaseAccount with its Stratos pubkey, a chain-made EthAccount', async () => {
    // CosmJS's own parser knows neither /stratos.crypto.v1.ethsecp256k1.PubKey nor EthAccount
    const plain = await StargateClient.connect(c.rpcUrl);
    try {
      await expect(plain.getAccount(alice.address)).rejects.toThrow(`Pubkey type URL '${STRATOS_PUBKEY}' not recognized`);
    } finally {
      plain.disconnect();
    }
    const parsed = await StargateClient.connect(c.rpcUrl, { accountParser: cosmJsAccountParser(createCodec(REAL)) });
    try {
      const a = await parsed.getAccount(alice.address);
      // the amino pubkey in the real words; sequence: the gentx and 4 txs (send, delegate, prepay, the auto-fee send)
      expect(a).toEqual({ address: alice.address, pubkey: { type: 'stratos/PubKeyEthSecp256k1', value: toBase64(pubKeyOf(alice.priv).key) }, accountNumber: 0n, sequence: 5 });
      expect(await parsed.getAccount(bob.address)).toEqual({ address: bob.address, pubkey: null, accountNumber: expect.any(BigInt), sequence: 0 });
      const rest = (await (await fetch(`${c.restUrl}/cosmos/auth/v1beta1/accounts/${bob.address}`)).json()) as { account: Record<string, unknown> };
      expect(rest.account['@type']).toBe('/stratos.types.v1.EthAccount');
    } finally {
      parsed.disconnect();
    }
  });
});
