/** `sdm://` file handles and `sds://` share links (reference/storage-network.md §1.4.3, §1.4.6). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toBech32 } from '../../../src/crypto/bech32.ts';
import { FileHandleError, formatFileHandle, parseFileHandle, parseShareLink } from '../../../src/sds/protocol/file-handle.ts';

const OWNER = 'st144ykkar9fhl8khs7lwz0s7py9vj4w9adp37kt9';
const HASH = 'v05j1m571efv3vuk3tq7airrfglanjvts4jrd4l8';
const DOCS_HANDLE = `sdm://${OWNER}/${HASH}`;

function problem(text: string): { part: string; message: string } {
  try {
    parseFileHandle(text);
  } catch (e) {
    expect(e).toBeInstanceOf(FileHandleError);
    return { part: (e as FileHandleError).part, message: (e as Error).message };
  }
  throw new Error(`${text} parsed`);
}

describe('file handles', () => {
  it('the docs handle: 88 characters, owner and hash', () => {
    expect(DOCS_HANDLE).toHaveLength(88);
    expect(parseFileHandle(DOCS_HANDLE)).toEqual({ owner: OWNER, fileHash: HASH });
    expect(formatFileHandle({ owner: OWNER, fileHash: HASH })).toBe(DOCS_HANDLE);
  });

  it('an optional /<file name> follows', () => {
    expect(parseFileHandle(`${DOCS_HANDLE}/test_10m`)).toEqual({ owner: OWNER, fileHash: HASH, fileName: 'test_10m' });
    expect(parseFileHandle(`${DOCS_HANDLE}/a/b.txt`)).toEqual({ owner: OWNER, fileHash: HASH, fileName: 'a/b.txt' });
    expect(parseFileHandle(`${DOCS_HANDLE}/`)).toEqual({ owner: OWNER, fileHash: HASH });
    expect(formatFileHandle({ owner: OWNER, fileHash: HASH, fileName: 'test_10m' })).toBe(`${DOCS_HANDLE}/test_10m`);
  });

  it('refuses bad handles, naming the problem and the part', () => {
    expect(problem('')).toEqual({ part: 'format', message: 'invalid file handle: empty' });
    expect(problem(DOCS_HANDLE.replace('sdm', 'sds'))).toEqual({
      part: 'format',
      message: `invalid file handle "${DOCS_HANDLE.replace('sdm', 'sds')}": expected it to start with "sdm://"`,
    });
    expect(problem(DOCS_HANDLE.slice(0, 87)).message).toContain('expected sdm://<41-character wallet address>/<40-character file hash>');
    expect(problem(`sdm://${OWNER}x${HASH}`).message).toContain('expected "/" after the 41-character wallet address');
    expect(problem(`${DOCS_HANDLE}x`).message).toContain('expected "/" before the file name');
    const badOwner = problem(`sdm://${OWNER.slice(0, -1)}x/${HASH}`);
    expect(badOwner.part).toBe('owner');
    expect(badOwner.message).toContain('wallet address: invalid bech32');
    const other = toBech32('sx', new Uint8Array(20));
    expect(other).toHaveLength(41);
    expect(problem(`sdm://${other}/${HASH}`)).toMatchObject({ part: 'owner', message: expect.stringContaining('expected "st", got "sx"') });
    const badHash = problem(`sdm://${OWNER}/v05ahm500bfpivst07iti9krii5llj608mduoo82`);
    expect(badHash).toEqual({
      part: 'hash',
      message: `invalid file handle "sdm://${OWNER}/v05ahm500bfpivst07iti9krii5llj608mduoo82": invalid SDS hash "v05ahm500bfpivst07iti9krii5llj608mduoo82": non-zero padding bits in the last character`,
    });
  });
});

describe('share links', () => {
  it('v1: 6 random characters, _, 16 hex; the share id is the hex', () => {
    expect(parseShareLink('RHumTB_78a8fe38a826fed4')).toEqual({ kind: 'v1', link: 'RHumTB_78a8fe38a826fed4', shareId: '78a8fe38a826fed4' });
    expect(parseShareLink('sds://RHumTB_78a8fe38a826fed4')).toEqual({ kind: 'v1', link: 'RHumTB_78a8fe38a826fed4', shareId: '78a8fe38a826fed4' });
  });

  it('with a password after /', () => {
    expect(parseShareLink('sds://eozCrm_014cc2f5388a911c/pw1234')).toEqual({
      kind: 'v1',
      link: 'eozCrm_014cc2f5388a911c',
      shareId: '014cc2f5388a911c',
      password: 'pw1234',
    });
    expect(parseShareLink('sds://eozCrm_014cc2f5388a911c/')).toEqual({ kind: 'v1', link: 'eozCrm_014cc2f5388a911c', shareId: '014cc2f5388a911c' });
  });

  it('v2: 16 hex _ 10 hex _ 6 hex (34 characters)', () => {
    const link = '0123456789abcdef_0123456789_abcdef';
    expect(link).toHaveLength(34);
    expect(parseShareLink(`sds://${link}`)).toEqual({ kind: 'v2', link, shareId: '0123456789abcdef' });
  });

  it('ipfs: a CID is its own share id', () => {
    const cid = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o';
    expect(parseShareLink(`sds://${cid}`)).toEqual({ kind: 'ipfs', link: cid, shareId: cid });
    expect(parseShareLink(`sds://${cid}/secret`)).toEqual({ kind: 'ipfs', link: cid, shareId: cid, password: 'secret' });
  });

  it('refuses anything else, naming the forms', () => {
    for (const bad of ['sds://', 'sds://RHumTB_78a8fe38a826fed', 'sds://RHumT_78a8fe38a826fed4', 'sds://hello', 'sds:///pw']) {
      expect(() => parseShareLink(bad)).toThrow(`invalid share link ${JSON.stringify(bad)}: expected sds://<6 characters>_<16 hex digits>`);
    }
    expect(() => parseShareLink('')).toThrow('invalid share link: empty');
  });
});

describe('odd input (fuzz)', () => {
  it('parsers either parse or throw an Error with a message', () => {
    const text = fc.oneof(
      fc.string(),
      fc.string().map((s) => `sdm://${OWNER}/${HASH}${s}`),
      fc.string().map((s) => `sdm://${s}`),
      fc.string().map((s) => `sds://${s}`),
      fc.string({ minLength: 88, maxLength: 100 }).map((s) => `sdm://${s}`),
    );
    fc.assert(
      fc.property(text, (t) => {
        for (const parse of [parseFileHandle, parseShareLink]) {
          try {
            parse(t);
          } catch (e) {
            expect(e).toBeInstanceOf(Error);
            expect(e instanceof TypeError || e instanceof RangeError).toBe(false);
            expect((e as Error).message.length).toBeGreaterThan(0);
          }
        }
      }),
      { seed: 14, numRuns: 500 },
    );
  });
});
