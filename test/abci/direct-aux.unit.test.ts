/**
 * SIGN_MODE_DIRECT_AUX (reference/wire-formats.md §2: enabled on this chain; SDK x/auth/tx
 * `direct_aux.go`): an aux signer signs `SignDocDirectAux` {body_bytes, its public key, chain id,
 * account number, sequence, tip}, not the fee; the fee payer signs the whole tx in DIRECT and may
 * not sign with DIRECT_AUX. The aux sign doc is written here byte by byte, independently of the
 * codec.
 */
import { describe, expect, it } from 'vitest';
import { App } from '../../src/abci/app.ts';
import { appModules } from '../../src/abci/modules.ts';
import { encodeAuthInfo, encodeTxBody, encodeTxRaw, makeSignDocBytes, makeSignerInfo, SignMode } from '../../src/codec/tx.ts';
import { codec } from '../../src/codec/registry.ts';
import { pubKeyOf, signBytes } from '../../src/crypto/keys.ts';
import { getAccount } from '../../src/modules/auth/state.ts';
import { balanceOf } from '../../src/modules/bank/state.ts';
import { CHAIN_ID, genesisWith, testKey, type TestKey } from '../helpers/fixture.ts';

const [alice, bob, carol] = [testKey(0), testKey(1), testKey(2)];
const FEE = 200_000_000_000_000n;
const ETH_PUBKEY_URL = '/chain.crypto.v1.ethsecp256k1.PubKey';

function varint(n: bigint): number[] {
  const out: number[] = [];
  let v = n;
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return out;
}
const field = (tag: number, bytes: Uint8Array | number[]) => [tag, ...varint(BigInt(bytes.length)), ...bytes];
const utf8 = (s: string) => [...Buffer.from(s, 'utf8')];

/** SignDocDirectAux without a tip: 1 body_bytes, 2 public_key Any{1 type_url, 2 PubKey{1 key}}, 3 chain_id, 4 account_number, 5 sequence. */
function auxSignDoc(body: Uint8Array, key: TestKey, accountNumber: bigint, sequence: bigint): Uint8Array {
  const pubKey = field(0x0a, pubKeyOf(key.priv).key);
  const any = [...field(0x0a, utf8(ETH_PUBKEY_URL)), ...field(0x12, pubKey)];
  return Uint8Array.from([
    ...field(0x0a, body),
    ...field(0x12, any),
    ...field(0x1a, utf8(CHAIN_ID)),
    ...(accountNumber > 0n ? [0x20, ...varint(accountNumber)] : []),
    ...(sequence > 0n ? [0x28, ...varint(sequence)] : []),
  ]);
}

const pubKeyAnyOf = (key: TestKey) => ({ type_url: ETH_PUBKEY_URL, value: codec.encode(ETH_PUBKEY_URL, { key: pubKeyOf(key.priv).key }) });

/**
 * alice sends 5 wei to carol; bob pays the fee. Signer order: the message's signer, then the fee
 * payer. `auxMode` is alice's sign mode, `payerMode` bob's.
 */
function sponsoredSend(o: { auxSequence?: bigint; payerMode?: number } = {}): Uint8Array {
  const bodyBytes = encodeTxBody(
    {
      messages: [codec.packAny('sdk.bank.v1beta1.MsgSend', codec.create('sdk.bank.v1beta1.MsgSend', { from_address: alice.address, to_address: carol.address, amount: [{ denom: 'wei', amount: '5' }] }))],
      memo: '',
      timeout_height: 0n,
      extension_options: [],
      non_critical_extension_options: [],
    },
    codec,
  );
  const payerMode = o.payerMode ?? SignMode.DIRECT;
  const authInfoBytes = encodeAuthInfo(
    {
      signer_infos: [makeSignerInfo(pubKeyAnyOf(alice), 0n, SignMode.DIRECT_AUX), makeSignerInfo(pubKeyAnyOf(bob), 0n, payerMode)],
      fee: { amount: [{ denom: 'wei', amount: FEE.toString() }], gas_limit: 200_000n, payer: bob.address, granter: '' },
      tip: null,
    },
    codec,
  );
  const aliceSig = signBytes(alice.priv, auxSignDoc(bodyBytes, alice, 0n, o.auxSequence ?? 0n));
  const bobSig = signBytes(bob.priv, payerMode === SignMode.DIRECT ? makeSignDocBytes(bodyBytes, authInfoBytes, CHAIN_ID, 1n) : auxSignDoc(bodyBytes, bob, 1n, 0n));
  return encodeTxRaw({ body_bytes: bodyBytes, auth_info_bytes: authInfoBytes, signatures: [aliceSig, bobSig] }, codec);
}

function deliver(tx: Uint8Array) {
  const app = new App({ ...appModules });
  app.initChain(genesisWith([[alice.address, 10n ** 18n], [bob.address, 10n ** 18n]]));
  const res = app.finalizeBlock({ height: 1n, timeNs: 1_704_067_205_000_000_000n, proposer: '', txs: [tx] });
  app.commit();
  return { app, result: res.txResults[0]! };
}

describe('SIGN_MODE_DIRECT_AUX', () => {
  it('an aux signer (DIRECT_AUX) beside a fee payer (DIRECT): delivered; the payer pays the fee, both sequences move', () => {
    const { app, result } = deliver(sponsoredSend());
    expect({ code: result.code, log: result.log }).toEqual({ code: 0, log: expect.any(String) });
    expect(balanceOf(app.state, carol.address, 'wei')).toBe(5n);
    expect(balanceOf(app.state, alice.address, 'wei')).toBe(10n ** 18n - 5n);
    expect(balanceOf(app.state, bob.address, 'wei')).toBe(10n ** 18n - FEE);
    expect([getAccount(app.state, alice.address)!.sequence, getAccount(app.state, bob.address)!.sequence]).toEqual([1n, 1n]);
  });

  it('a signature over another sequence fails as a bad signature does (code 4)', () => {
    const { result } = deliver(sponsoredSend({ auxSequence: 1n }));
    expect([result.codespace, result.code, result.log]).toEqual(['sdk', 4, `signature verification failed; please verify account number (0), sequence (0) and chain-id (${CHAIN_ID}): unauthorized`]);
  });

  it('the fee payer may not sign with DIRECT_AUX (it does not sign over the fee): code 4', () => {
    const { app, result } = deliver(sponsoredSend({ payerMode: SignMode.DIRECT_AUX }));
    expect([result.codespace, result.code, result.log]).toEqual(['sdk', 4, `signature verification failed; please verify account number (1), sequence (0) and chain-id (${CHAIN_ID}): unauthorized`]);
    expect(balanceOf(app.state, carol.address, 'wei')).toBe(0n);
  });
});
