/** What storage-network clients sign (reference/storage-network.md §1.3, §7 item 3). */
import { secp256k1 as nobleCurve } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SdsSignature } from '../../../src/sds/protocol/signature.ts';
import { pubKeyFromStpub, SignedMessage, signSds, stpubOf, verifySds, walletAddressOf } from '../../../src/sds/protocol/signature.ts';

const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const N = nobleCurve.Point.CURVE().n;

/** The docs key of the 2023 `sds-rpc-for-file-operation` page */
const DOCS = {
  address: 'st144ykkar9fhl8khs7lwz0s7py9vj4w9adp37kt9',
  pubkey: 'stpub1q0ska45w724dy0n0jujuqcvn2c80fa9c69dth0v9flacxrxp7w2rsncclps',
};
const DOCS_HASH = 'v05j1m571efv3vuk3tq7airrfglanjvts4jrd4l8';
const docs = (signature: string): SdsSignature => ({ ...DOCS, signature });

/** The docs page's example requests: signature hex and the message it signs */
const DOCS_EXAMPLES: [string, string, string][] = [
  [
    'requestUpload (SN of the getOzone example)',
    '178e5a84d721d8893b402fb502cbd66dbc349536f720bdaabd1674cd99e3a5272cd8a40ba0da9a61fe71abb1d0c4530de44983531b99d0e349a801e46c7b16d100',
    SignedMessage.upload(DOCS_HASH, DOCS.address, 'SN:0000000000000000028', 1701267007),
  ],
  [
    'requestList',
    '75d54f5b302d5c9d34ba0fe70153b4a1d7b6e54be90585ab706dc97ce038da4431a4053f976c14d1227af2a14b5a61a5133da634380e9d7ba67830cc52c2ec5001',
    SignedMessage.list(DOCS.address, 1701313602),
  ],
  [
    'requestDownload (SN 0)',
    '9f8a13fe02cebe66b5144d7ef308c5b1c4d2f2f47a5509fa0921fd16463e2f4f66e77ed8068934307e39a47630e3ff4c3ff62fca403eedc3b9a59997ce145d6400',
    SignedMessage.upload(DOCS_HASH, DOCS.address, 'SN:0000000000000000000', 1701314045n),
  ],
  [
    'requestShare',
    'c1d2b4b427689cdb7a9e5cdc58a405190e07bc608ec492c2efa0bba0d7c05ec11e963ed9b78a303a6adae608642d10257b70214acad8dac658b42d11bba998f001',
    SignedMessage.fileStatus(DOCS_HASH, DOCS.address, 1701315117),
  ],
  [
    'requestStopShare',
    '83e9ae4ab17df35ab73b63104710414029adc5ebe1811c01fe1c75e1c95b58cd3efdb53aced3446390101945546e585fe5e5e351df74a95bb89fee3412e912c900',
    SignedMessage.stopShare('06bcfdbe7e0d2cbb', DOCS.address, 1701315426),
  ],
  [
    'requestListShare',
    'e176392ac2d195d0e5b1510463ce1d2a13c338b5ed7311e5da9f2252de39c4f91ab4444f0bb24fb8ea77fd33ef972706cc7945adbf9580f77cedbac65df03ea701',
    SignedMessage.list(DOCS.address, 1701315596),
  ],
  [
    'requestGetShared (old protocol: empty SN)',
    '3e43680bb6b801a7847652aaaddf0efeda6f3c73382b1a4aea63388b1f17fe9468998172e5b00fbeb8e5c6f3d35ecfe02d4101dca17628423518e69b29a5470100',
    SignedMessage.getShared('eozCrm_014cc2f5388a911c', DOCS.address, '', 1701315818),
  ],
  [
    'requestDownloadShared (old protocol: the SN getShared returned)',
    '2b68b0d3ddc981ba8b7e366e90901fe57cd1ef7b3caea4afb0eb8588b3025fe843c35ddf26ecf1a0cece5d48c633c7b9cd84c6311452d0e1c075f5ab030e773600',
    SignedMessage.upload(DOCS_HASH, DOCS.address, 'SN:0000000000000000001', 1701315818),
  ],
];

/** r ‖ (n − s) [‖ v]: the malleated high-S twin */
function highS(hex: string): string {
  const s = BigInt('0x' + hex.slice(64, 128));
  return hex.slice(0, 64) + (N - s).toString(16).padStart(64, '0') + hex.slice(128);
}

const ONES = new Uint8Array(32).fill(1);
const ONES_ADDRESS = 'st1rfjz7r3u8t65teavh5utquj3kwvsj983l3hnfd';
const ONES_RS =
  'e4b1b7dd620c4fdfb47bd61f3451fdf9ba7f7eb5d678e5aaf920bd887f4dcc110d56f1991e5e091f1176e8f7d6d1cf9acfd6e5da04eb2d1e32fb64075bb5ddfe';

describe('signed messages', () => {
  it('are plain concatenations with a decimal req_time', () => {
    expect(SignedMessage.upload('H', 'A', 'SN:0000000000000000028', 1701267007)).toBe('HASN:00000000000000000281701267007');
    expect(SignedMessage.getShared('L', 'A', '', 5n)).toBe('LA5');
    expect(SignedMessage.fileStatus('H', 'A', 0)).toBe('HA0');
    expect(SignedMessage.stopShare('S', 'A', 1)).toBe('SA1');
    expect(SignedMessage.list('A', 1701313602)).toBe('A1701313602');
    expect(SignedMessage.list('A', 1e21)).toBe('A1000000000000000000000');
  });
});

describe('keys and addresses', () => {
  it('the docs key derives the docs address', () => {
    expect(walletAddressOf(pubKeyFromStpub(DOCS.pubkey))).toBe(DOCS.address);
  });

  it('the 32 × 0x01 key: pubkey, stpub, address, raw address bytes', () => {
    const sig = signSds(ONES, 'x');
    expect(sig.address).toBe(ONES_ADDRESS);
    expect(sig.pubkey).toBe('stpub1qvdcf32k0vfxgsyet5ldt246q4jaw8scx3sysx0lnstlt6w4m5rc7huxxde');
    const pub = pubKeyFromStpub(sig.pubkey);
    expect(toHex(pub)).toBe('031b84c5567b126440995d3ed5aaba0565d71e1834604819ff9c17f5e9d5dd078f');
    expect(stpubOf(pub)).toBe(sig.pubkey);
    const raw = keccak_256(nobleCurve.Point.fromBytes(pub).toBytes(false).subarray(1)).subarray(12);
    expect(toHex(raw)).toBe('1a642f0e3c3af545e7acbd38b07251b3990914f1');
  });

  it('pubKeyFromStpub names the problem', () => {
    expect(() => pubKeyFromStpub(ONES_ADDRESS)).toThrow('expected "stpub", got "st"');
    expect(() => pubKeyFromStpub('stpub1qvdcf32k0vfxgsyet5ldt246q4jaw8scx3sysx0lnstlt6w4m5rc7huxxdf')).toThrow('checksum');
    expect(() => pubKeyFromStpub('')).toThrow('empty');
    expect(() => stpubOf(new Uint8Array(32))).toThrow('expected 33 compressed bytes, got 32');
  });
});

describe('signSds', () => {
  it('the RFC 6979 vector of the 32 × 0x01 key: digest, exact r‖s, v = 0', () => {
    const message = SignedMessage.list(ONES_ADDRESS, 1700000000);
    expect(message).toBe('st1rfjz7r3u8t65teavh5utquj3kwvsj983l3hnfd1700000000');
    const digest = toHex(keccak_256(new TextEncoder().encode(message)));
    expect(digest.startsWith('635076e7')).toBe(true);
    expect(digest.endsWith('ca97961')).toBe(true);
    expect(signSds(ONES, message).signature).toBe(ONES_RS + '00');
    expect(signSds(ONES, message, 65).signature).toBe(ONES_RS + '00');
    expect(signSds(ONES, message, 64)).toEqual({
      address: ONES_ADDRESS,
      pubkey: 'stpub1qvdcf32k0vfxgsyet5ldt246q4jaw8scx3sysx0lnstlt6w4m5rc7huxxde',
      signature: ONES_RS,
    });
  });

  it('both forms verify; the signature is low-S', () => {
    const message = SignedMessage.upload(DOCS_HASH, ONES_ADDRESS, 'SN:0000000000000000003', 1);
    for (const form of [64, 65] as const) {
      const sig = signSds(ONES, message, form);
      expect(sig.signature).toHaveLength(form * 2);
      expect(BigInt('0x' + sig.signature.slice(64, 128)) <= N / 2n).toBe(true);
      expect(verifySds(sig, message)).toEqual({ ok: true });
      expect(verifySds(sig, message + '0')).toEqual({ ok: false, detail: 'signature does not match' });
    }
  });
});

describe('verifySds', () => {
  it.each(DOCS_EXAMPLES)('the docs %s signature verifies', (_name, signature, message) => {
    expect(verifySds(docs(signature), message)).toEqual({ ok: true });
  });

  it('the 64-byte form of a docs signature verifies; v is ignored', () => {
    const [, signature, message] = DOCS_EXAMPLES[0]!;
    expect(verifySds(docs(signature.slice(0, 128)), message)).toEqual({ ok: true });
    expect(verifySds(docs(signature.slice(0, 128) + '01'), message)).toEqual({ ok: true });
    expect(verifySds(docs(signature.toUpperCase()), message)).toEqual({ ok: true });
  });

  it('the upload signature does not verify with another SN', () => {
    const [, signature] = DOCS_EXAMPLES[0]!;
    const other = SignedMessage.upload(DOCS_HASH, DOCS.address, 'SN:0000000000000000029', 1701267007);
    expect(verifySds(docs(signature), other)).toEqual({ ok: false, detail: 'signature does not match' });
  });

  it('a high-S copy of a valid signature is rejected, in both forms', () => {
    for (const [, signature, message] of DOCS_EXAMPLES.slice(0, 3)) {
      expect(verifySds(docs(highS(signature)), message)).toEqual({ ok: false, detail: 'signature is not canonical (high S)' });
      expect(verifySds(docs(highS(signature.slice(0, 128))), message)).toEqual({ ok: false, detail: 'signature is not canonical (high S)' });
    }
    const mine = signSds(ONES, 'm', 64);
    expect(verifySds({ ...mine, signature: highS(mine.signature) }, 'm').ok).toBe(false);
  });

  it('names each problem', () => {
    const [, signature, message] = DOCS_EXAMPLES[1]!;
    const check = (sig: unknown) => verifySds(sig as SdsSignature, message);
    expect(check({ ...docs(signature), address: ONES_ADDRESS })).toEqual({ ok: false, detail: `address ${ONES_ADDRESS} does not match the pubkey` });
    expect(check({ ...docs(signature), address: undefined })).toEqual({ ok: false, detail: 'address (missing) does not match the pubkey' });
    expect(check({ ...docs(signature), pubkey: 'stpub1qvdcf32k0vfxgsyet5ldt246q4jaw8scx3sysx0lnstlt6w4m5rc7huxxdf' })).toEqual({ ok: false, detail: 'wrong wallet pubkey' });
    expect(check({ ...docs(signature), pubkey: DOCS.address })).toEqual({ ok: false, detail: 'wrong wallet pubkey' });
    expect(check({ ...docs(signature), pubkey: '' })).toEqual({ ok: false, detail: 'wrong wallet pubkey' });
    expect(check(docs('zz' + signature.slice(2)))).toEqual({ ok: false, detail: 'signature is not hex' });
    expect(check(docs('0x' + signature))).toEqual({ ok: false, detail: 'signature is not hex' });
    expect(check(docs(signature.slice(1)))).toEqual({ ok: false, detail: 'signature is not hex' });
    expect(check(docs(''))).toEqual({ ok: false, detail: 'signature is not hex' });
    expect(check(docs(signature + '00'))).toEqual({ ok: false, detail: 'signature has 66 bytes; expected 64 or 65' });
    expect(check(docs(signature.slice(0, 126)))).toEqual({ ok: false, detail: 'signature has 63 bytes; expected 64 or 65' });
    expect(check(docs('00'.repeat(64)))).toEqual({ ok: false, detail: 'signature does not match' });
    expect(check(null)).toEqual({ ok: false, detail: 'missing signature' });
    expect(check(undefined)).toEqual({ ok: false, detail: 'missing signature' });
    expect(check('text')).toEqual({ ok: false, detail: 'missing signature' });
  });

  it('never throws, whatever it is given (fuzz)', () => {
    const [, signature, message] = DOCS_EXAMPLES[1]!;
    const field = fc.oneof(fc.string(), fc.constant(DOCS.address), fc.constant(DOCS.pubkey), fc.constant(signature), fc.string({ unit: fc.constantFrom(...'0123456789abcdef') }), fc.anything());
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), fc.record({ address: field, pubkey: field, signature: field }, { requiredKeys: [] })),
        fc.oneof(fc.string(), fc.constant(message), fc.anything()),
        (sig, msg) => {
          const r = verifySds(sig as SdsSignature, msg as string);
          expect(r.ok === true || (r.ok === false && typeof r.detail === 'string' && r.detail.length > 0)).toBe(true);
        },
      ),
      { seed: 14, numRuns: 300 },
    );
  });
});
