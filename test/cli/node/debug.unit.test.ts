/** `chaind debug …` (SDK v0.47 client/debug) through `main` in-process: its lines and its errors. */
import { createHash } from 'node:crypto';
import { bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { aminoPrefix } from '../../../src/crypto/amino.ts';
import { chaind } from './in-process.ts';

const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });
const fails = (message: string) => ({ code: 1, stdout: '', stderr: `Error: ${message}\n` });
const bech = (hrp: string, bytes: Uint8Array) => bech32.encode(hrp, bech32.toWords(bytes), 1023);
const digest = (algo: string, bytes: Uint8Array) => new Uint8Array(createHash(algo).update(bytes).digest());
/** legacybech32: the amino bytes (type prefix, length, key) of the neutral profile's names */
const legacy = (hrp: string, name: string, key: Uint8Array) => bech(hrp, Uint8Array.from([...aminoPrefix(name), key.length, ...key]));

const ED_HEX = '8FCA9D6D1F80947FD5E9A05309259746F5F72541121766D5F921339DD061174A';
const ED = Uint8Array.from(Buffer.from(ED_HEX, 'hex'));
const SECP_B64 = 'AurroA7jvfPd1AadmmOvWM2rJSwipXfRf8yD6pLbA2DJ';
const SECP = Uint8Array.from(Buffer.from(SECP_B64, 'base64'));

describe('chaind debug', () => {
  it('addr: hex or an account or operator address, as bytes, hex and both bech32 forms', async () => {
    const bytes = Uint8Array.from(Buffer.from('cbe5302a1c9c5a295ce1518042d2cfc982edb7d0', 'hex'));
    const expected = ok(
      `Address: [${[...bytes].join(' ')}]\nAddress (hex): CBE5302A1C9C5A295CE1518042D2CFC982EDB7D0\nBech32 Acc: ${bech('st', bytes)}\nBech32 Val: ${bech('stvaloper', bytes)}\n`,
    );
    expect(await chaind(['debug', 'addr', 'CBE5302A1C9C5A295CE1518042D2CFC982EDB7D0'])).toEqual(expected);
    expect(await chaind(['debug', 'addr', bech('st', bytes)])).toEqual(expected);
    expect(await chaind(['debug', 'addr', bech('stvaloper', bytes)])).toEqual(expected);
    // a consensus address is none of the three kinds v0.47 reads
    const cons = bech('stvalcons', bytes);
    expect(await chaind(['debug', 'addr', cons])).toEqual(
      fails(
        `expected hex or bech32. Got errors: hex: encoding/hex: invalid byte: U+0073 's', bech32 acc: invalid Bech32 prefix; expected st, got stvalcons, bech32 val: invalid Bech32 prefix; expected stvaloper, got stvalcons`,
      ),
    );
    // empty hex is an empty address, whose bech32 forms are empty
    expect(await chaind(['debug', 'addr', ''])).toEqual(ok('Address: []\nAddress (hex): \nBech32 Acc: \nBech32 Val: \n'));
    expect(await chaind(['debug', 'addr'])).toEqual({ code: 1, stdout: '', stderr: "Error: accepts 1 arg(s), received 0\nRun 'chaind debug addr --help' for usage.\n" });
  });

  it('raw-bytes: Go byte lists to hex, each number a signed 8-bit integer', async () => {
    expect(await chaind(['debug', 'raw-bytes', '[72 101 108 108 111 44 32 112 108 97 121 103 114 111 117 110 100]'])).toEqual(ok('48656C6C6F2C20706C617967726F756E64\n'));
    expect(await chaind(['debug', 'raw-bytes', '[-1 0 127]'])).toEqual(ok('FF007F\n'));
    expect(await chaind(['debug', 'raw-bytes', '[[7]]'])).toEqual(ok('07\n'));
    expect(await chaind(['debug', 'raw-bytes', '[255]'])).toEqual(fails('strconv.ParseInt: parsing "255": value out of range'));
    expect(await chaind(['debug', 'raw-bytes', '[1,2]'])).toEqual(fails('strconv.ParseInt: parsing "1,2": invalid syntax'));
    expect(await chaind(['debug', 'raw-bytes', '[1  2]'])).toEqual(fails('strconv.ParseInt: parsing "": invalid syntax'));
  });

  it('pubkey: a proto-JSON key, its address and its bytes', async () => {
    const json = JSON.stringify({ '@type': '/chain.crypto.v1.ethsecp256k1.PubKey', key: SECP_B64 });
    // eth_secp256k1's address: the last 20 bytes of keccak256 of the uncompressed point
    expect(await chaind(['debug', 'pubkey', json])).toEqual(ok(`Address: 9755BA42E714896D158428C44D5A819C8242DC68\nPubKey Hex: ${Buffer.from(SECP).toString('hex')}\n`));
    const ed = JSON.stringify({ '@type': '/sdk.crypto.ed25519.PubKey', key: Buffer.from(ED).toString('base64') });
    const edAddress = Buffer.from(digest('sha256', ED).subarray(0, 20)).toString('hex').toUpperCase();
    expect(await chaind(['debug', 'pubkey', ed])).toEqual(ok(`Address: ${edAddress}\nPubKey Hex: ${ED_HEX.toLowerCase()}\n`));
    expect((await chaind(['debug', 'pubkey', ED_HEX])).code).toBe(1);
  });

  it('pubkey-raw: hex, base64 or legacy bech32; ed25519 by default, secp256k1 for 33 bytes', async () => {
    const edAddress = Buffer.from(digest('sha256', ED).subarray(0, 20)).toString('hex').toUpperCase();
    const edName = 'consensus/PubKeyEd25519';
    const edLines = ok(
      [
        `Hex: ${ED_HEX}`,
        'Parsed key as ed25519',
        `Address: ${edAddress}`,
        `JSON (base64): {"type":"${edName}","value":"${Buffer.from(ED).toString('base64')}"}`,
        `Bech32 Acc: ${legacy('stpub', edName, ED)}`,
        `Bech32 Validator Operator: ${legacy('stvaloperpub', edName, ED)}`,
        `Bech32 Validator Consensus: ${legacy('stvalconspub', edName, ED)}`,
        '',
      ].join('\n'),
    );
    expect(await chaind(['debug', 'pubkey-raw', ED_HEX])).toEqual(edLines);
    expect(await chaind(['debug', 'pubkey-raw', Buffer.from(ED).toString('base64')])).toEqual(edLines);
    expect(await chaind(['debug', 'pubkey-raw', legacy('stvalconspub', edName, ED)])).toEqual(edLines);

    const secpName = 'consensus/PubKeySecp256k1';
    const secpAddress = Buffer.from(digest('ripemd160', digest('sha256', SECP))).toString('hex').toUpperCase();
    const secpLines = [
      'Parsed key as secp256k1',
      `Address: ${secpAddress}`,
      `JSON (base64): {"type":"${secpName}","value":"${SECP_B64}"}`,
      `Bech32 Acc: ${legacy('stpub', secpName, SECP)}`,
      `Bech32 Validator Operator: ${legacy('stvaloperpub', secpName, SECP)}`,
    ];
    expect(await chaind(['debug', 'pubkey-raw', SECP_B64, '-t', 'SECP256K1'])).toEqual(ok([...secpLines, ''].join('\n')));
    // asked as ed25519 (the default), a 33-byte key is still secp256k1, and the consensus line stays, empty
    expect(await chaind(['debug', 'pubkey-raw', SECP_B64])).toEqual(ok([...secpLines, 'Bech32 Validator Consensus: ', ''].join('\n')));

    expect(await chaind(['debug', 'pubkey-raw', ED_HEX, '-t', 'secp256k1'])).toEqual(fails(`pubkey '${ED_HEX}' invalid; expected hex, base64, or bech32 of correct size`));
    expect(await chaind(['debug', 'pubkey-raw', ED_HEX, '--type', 'rsa'])).toEqual(fails('invalid pubkey type, expected oneof ed25519 or secp256k1: invalid type'));
  });

  it('prefixes: the human-readable parts of the three address kinds', async () => {
    expect(await chaind(['debug', 'prefixes'])).toEqual(ok('Bech32 Acc: st\nBech32 Val: stvaloper\nBech32 Con: stvalcons\n'));
  });
});
