/** Pieces of the tx framework: flag parsing, fees, tx documents and their signing (reference vectors), responses. */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { SigningKey } from 'ethers';
import { describe, expect, it } from 'vitest';
import { createCodec } from '../../../src/codec/registry.ts';
import { printProtoJson } from '../../../src/codec/proto-json.ts';
import { decodeTxRaw, txHash } from '../../../src/codec/tx.ts';
import { makePrivKey, signBytes } from '../../../src/crypto/keys.ts';
import { openKeyring } from '../../../src/crypto/keyring/open.ts';
import {
  encodeTxDocument,
  signDocumentBytes,
  signTxDocument,
  txDocumentOf,
  unsignedTxDocument,
  type UnsignedTx,
} from '../../../src/client/sign-tx.ts';
import { REAL } from '../../../src/naming.ts';
import { parseGasSetting } from '../../../src/cli/tx/flags.ts';
import { feeAmount, txSigners } from '../../../src/cli/tx/framework.ts';
import { decodeGoBase64 } from '../../../src/codec/go-base64.ts';
import { decodeGoHex as decodeHex } from '../../../src/codec/go-hex.ts';
const decodeBase64 = (text: string) => decodeGoBase64(text, 'std');
import { ABANDON, ABANDON_MNEMONIC, hex, MSG_SEND } from '../../crypto/vectors.ts';

const real = createCodec(REAL);
const alicePriv = makePrivKey('eth_secp256k1', hex(ABANDON.index0.privateKey));

/** §3.4: 1 stos from index0 to index1, fee 200000000000000 wei, gas 200000 */
const VECTOR_TX: UnsignedTx = {
  messages: [
    {
      typeName: 'sdk.bank.v1beta1.MsgSend',
      value: { from_address: ABANDON.index0.address, to_address: ABANDON.index1.address, amount: [{ denom: 'wei', amount: '1000000000000000000' }] },
    },
  ],
  fee: [{ denom: 'wei', amount: '200000000000000' }],
  gasLimit: 200000n,
};

describe('tx flags', () => {
  it('--gas is a number or auto (SDK ParseGasSetting)', () => {
    expect(parseGasSetting('')).toEqual({ simulate: false, limit: 200000n });
    expect(parseGasSetting('auto')).toEqual({ simulate: true, limit: 0n });
    expect(parseGasSetting('123456')).toEqual({ simulate: false, limit: 123456n });
    expect(() => parseGasSetting('12.5')).toThrow('gas must be either integer or auto');
    expect(() => parseGasSetting('AUTO')).toThrow('gas must be either integer or auto');
  });
});

describe('fees', () => {
  it('--fees are normalised to wei; --gas-prices give ceil(price × gas)', () => {
    expect(feeAmount('2gwei', '', 200000n)).toEqual([{ denom: 'wei', amount: '2000000000' }]);
    expect(feeAmount('', '', 200000n)).toEqual([]);
    // 0.5 × 200001 = 100000.5 → 100001
    expect(feeAmount('', '0.5wei', 200001n)).toEqual([{ denom: 'wei', amount: '100001' }]);
    expect(feeAmount('', '1000000000wei', 200000n)).toEqual([{ denom: 'wei', amount: '200000000000000' }]);
    expect(feeAmount('', '0.000000001wei', 1n)).toEqual([{ denom: 'wei', amount: '1' }]);
  });

  it('refuses fees and gas prices together with the SDK text', () => {
    expect(() => feeAmount('10wei', '1wei', 100n)).toThrow(/^cannot provide both fees and gas prices$/);
    expect(() => feeAmount('ten', '', 100n)).toThrow('invalid decimal coin expression: ten');
  });
});

describe('tx documents', () => {
  it('the unsigned document prints as the SDK --generate-only JSON', () => {
    const doc = unsignedTxDocument({ ...VECTOR_TX, memo: 'hi', timeoutHeight: 7n, payer: ABANDON.index0.address });
    expect(printProtoJson('sdk.tx.v1beta1.Tx', doc)).toBe(
      '{"body":{"messages":[{"@type":"/sdk.bank.v1beta1.MsgSend","from_address":"st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx","to_address":"st1jyvtwupfrzxgendxpuc94h5n9z9277cq3e742k","amount":[{"denom":"wei","amount":"1000000000000000000"}]}],' +
        '"memo":"hi","timeout_height":"7","extension_options":[],"non_critical_extension_options":[]},' +
        '"auth_info":{"signer_infos":[],"fee":{"amount":[{"denom":"wei","amount":"200000000000000"}],"gas_limit":"200000","payer":"st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx","granter":""},"tip":null},"signatures":[]}',
    );
  });

  it('DIRECT signing reproduces the §3.4 vector byte for byte (real profile)', async () => {
    const signed = await signTxDocument(
      unsignedTxDocument(VECTOR_TX, real),
      { pubKey: { algo: 'eth_secp256k1', key: hex(ABANDON.index0.publicKey) }, chainId: 'stratos-1', accountNumber: 5n, sequence: 0n, mode: 'direct', overwrite: true, sign: (b) => signBytes(alicePriv, b) },
      real,
    );
    const raw = encodeTxDocument(signed, real);
    const decoded = decodeTxRaw(raw, real);
    expect(Buffer.from(decoded.bodyBytes).toString('hex')).toBe(MSG_SEND.bodyBytes);
    expect(Buffer.from(decoded.authInfoBytes).toString('hex')).toBe(MSG_SEND.authInfoBytes);
    expect(Buffer.from(decoded.signatures[0]!).toString('hex')).toBe(MSG_SEND.signature);
    expect(txHash(raw)).toBe('843824AE9A31343E9CEC2ADA0F530A189EC44E6946182D0E0CEC6BEA33FEBB77');
    // the sign bytes are the SignDoc whose keccak the vector gives
    const signDoc = signDocumentBytes(signed, { chainId: 'stratos-1', accountNumber: 5n, sequence: 0n, mode: 'direct' }, real);
    expect(Buffer.from(keccak_256(signDoc)).toString('hex')).toBe(MSG_SEND.keccak);
    expect(Buffer.from(sha256(signDoc)).toString('hex')).toBe(MSG_SEND.sha256);
  });

  it('LEGACY_AMINO_JSON sign bytes are the §3.4 StdSignDoc', () => {
    const doc = unsignedTxDocument(VECTOR_TX, real);
    const bytes = signDocumentBytes(doc, { chainId: 'stratos-1', accountNumber: 5n, sequence: 0n, mode: 'amino-json' }, real);
    expect(new TextDecoder().decode(bytes)).toBe(MSG_SEND.aminoSignBytes);
  });

  it('a keyring key signs 65 bytes r‖s‖v whose r‖s ethers recovers to the signer', async () => {
    const ring = openKeyring({ backend: 'memory', dir: '/nonexistent' });
    await ring.newAccount('alice', ABANDON_MNEMONIC, '', ABANDON.index0.path, 'eth_secp256k1');
    const record = await ring.key('alice');
    const signed = await signTxDocument(
      unsignedTxDocument(VECTOR_TX),
      { pubKey: record.pubKey, chainId: 'stratos-test', accountNumber: 3n, sequence: 9n, mode: 'direct', overwrite: true, sign: async (b) => (await ring.sign('alice', b)).signature },
    );
    expect(signed.signatures[0]!.length).toBe(65);
    expect(signed.auth_info.signer_infos).toHaveLength(1);
    expect(signed.auth_info.signer_infos[0]!.sequence).toBe(9n);
    const digest = keccak_256(signDocumentBytes(signed, { chainId: 'stratos-test', accountNumber: 3n, sequence: 9n, mode: 'direct' }));
    const sig = signed.signatures[0]!;
    const recovered = SigningKey.recoverPublicKey(digest, { r: '0x' + Buffer.from(sig.slice(0, 32)).toString('hex'), s: '0x' + Buffer.from(sig.slice(32, 64)).toString('hex'), v: 27 + sig[64]! });
    expect(SigningKey.computePublicKey(recovered, true)).toBe('0x' + ABANDON.index0.publicKey);
  });

  it('a second DIRECT signature is refused; amino-json signatures append', async () => {
    const base = { chainId: 'c', accountNumber: 1n, sequence: 0n, sign: (b: Uint8Array) => signBytes(alicePriv, b), pubKey: { algo: 'eth_secp256k1' as const, key: hex(ABANDON.index0.publicKey) } };
    const once = await signTxDocument(unsignedTxDocument(VECTOR_TX), { ...base, mode: 'direct', overwrite: true });
    await expect(signTxDocument(once, { ...base, mode: 'direct', overwrite: false })).rejects.toThrow('txs signed with CLI can have maximum 1 DIRECT signer: feature not supported');
    const replaced = await signTxDocument(once, { ...base, mode: 'direct', overwrite: true, sequence: 4n });
    expect(replaced.signatures).toHaveLength(1);
    expect(replaced.auth_info.signer_infos[0]!.sequence).toBe(4n);
    const amino = await signTxDocument(unsignedTxDocument(VECTOR_TX), { ...base, mode: 'amino-json', overwrite: true });
    const twice = await signTxDocument(amino, { ...base, mode: 'amino-json', overwrite: false });
    expect(twice.signatures).toHaveLength(2);
    expect(twice.auth_info.signer_infos.map((s) => s.mode_info?.single?.mode)).toEqual([127, 127]);
  });

  it('a document survives TxRaw bytes and back', async () => {
    const signed = await signTxDocument(unsignedTxDocument(VECTOR_TX), { pubKey: null, chainId: 'c', accountNumber: 0n, sequence: 0n, mode: 'direct', overwrite: true, sign: () => new Uint8Array([1, 2, 3]) });
    const raw = encodeTxDocument(signed);
    expect(encodeTxDocument(txDocumentOf(decodeTxRaw(raw)))).toEqual(raw);
  });

  it('signers are the messages’ signers, then a distinct fee payer', () => {
    const msgs = VECTOR_TX.messages;
    expect(txSigners(msgs)).toEqual([ABANDON.index0.address]);
    expect(txSigners(msgs, ABANDON.index0.address)).toEqual([ABANDON.index0.address]);
    expect(txSigners(msgs, ABANDON.index1.address)).toEqual([ABANDON.index0.address, ABANDON.index1.address]);
    expect(() => txSigners([{ typeName: 'sdk.bank.v1beta1.MsgMultiSend', value: {} }])).toThrow('message type sdk.bank.v1beta1.MsgMultiSend is not known to this chain');
  });
});

describe('tx decode input', () => {
  it('reads base64 and hex strictly, with Go error texts', () => {
    expect(decodeBase64('AQID')).toEqual(new Uint8Array([1, 2, 3]));
    expect(() => decodeBase64('AQI*')).toThrow('illegal base64 data at input byte 3');
    expect(() => decodeBase64('AQIDB')).toThrow('illegal base64 data at input byte 4');
    expect(decodeHex('0a0B')).toEqual(new Uint8Array([10, 11]));
    expect(() => decodeHex('0g')).toThrow("encoding/hex: invalid byte: U+0067 'g'");
    expect(() => decodeHex('abc')).toThrow('encoding/hex: odd length hex string');
  });
});
