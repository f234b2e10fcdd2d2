import { describe, expect, it } from 'vitest';
import { reporterBits } from '../../../src/modules/sds/reporters-bitmap.ts';
import { msgFileUpload } from '../../../src/modules/sds/upload-msg.ts';
import { getFileInfo } from '../../../src/modules/sds/state.ts';
import { HEX_HASH, META_A, META_B, META_SUSPENDED, nodeKeyOf, owners, S, sdsChain, sdsQuery, typedEvents, V05_HASH } from './harness.ts';

const [o0, o1, o2, o3] = owners as [(typeof owners)[0], (typeof owners)[0], (typeof owners)[0], (typeof owners)[0]];

/** Index of a meta node in the sorted list of active meta nodes (reference §6 item 9). */
const indexOf = (addr: string) => [META_A.address, META_B.address].sort().indexOf(addr);

/** 8 bytes (one little-endian word) with the given bits set. */
function word(...bits: number[]): string {
  const b = new Uint8Array(8);
  for (const i of bits) b[i >> 3]! |= 1 << (i & 7);
  return Buffer.from(b).toString('hex');
}

describe('MsgFileUpload (reference §2.3)', () => {
  it('given an active meta node owned by the signer, when it reports an upload, then the file is recorded with height, reporter bit and uploader, and EventFileUpload is emitted', () => {
    const chain = sdsChain();
    const r = chain.ok(o0, [S.upload(o0.address, META_A.address, o3.address, V05_HASH)]);
    const info = getFileInfo(chain.app.state, V05_HASH)!;
    expect(info).toEqual({ height: chain.app.height, reporters: word(indexOf(META_A.address)), uploader: o3.address });
    expect(typedEvents(r.events, 'chain.sds.v1.')).toEqual([
      { type: 'EventFileUpload', attrs: { file_hash: V05_HASH, reporter: META_A.address, sender: o0.address, uploader: o3.address } },
    ]);
    // spec part 6: attribute keys sorted, values JSON-quoted
    const ev = r.events.find((e) => e.type === 'chain.sds.v1.EventFileUpload')!;
    expect(ev.attributes.map((a) => [a.key, a.value])).toEqual([
      ['file_hash', JSON.stringify(V05_HASH)],
      ['reporter', JSON.stringify(META_A.address)],
      ['sender', JSON.stringify(o0.address)],
      ['uploader', JSON.stringify(o3.address)],
    ]);
    const msgEvent = r.events.find((e) => e.type === 'message' && e.attributes.some((a) => a.key === 'module'))!;
    expect(msgEvent.attributes.map((a) => [a.key, a.value])).toEqual([
      ['action', '/chain.sds.v1.MsgFileUpload'],
      ['sender', o0.address],
      ['module', 'sds'],
    ]);
    // no coins move besides the fee
    expect(r.events.filter((e) => e.type === 'transfer').length).toBe(1);
  });

  it('given a recorded file, when another meta node reports it, then the reporter bits accumulate while height and uploader are overwritten', () => {
    const chain = sdsChain();
    chain.ok(o0, [S.upload(o0.address, META_A.address, o3.address, V05_HASH)]);
    const first = chain.app.height;
    chain.ok(o1, [S.upload(o1.address, META_B.address, o2.address, V05_HASH)]);
    const info = getFileInfo(chain.app.state, V05_HASH)!;
    expect(chain.app.height).toBe(first + 1n);
    expect(info).toEqual({ height: first + 1n, reporters: word(0, 1), uploader: o2.address });
    expect(reporterBits(Buffer.from(info.reporters, 'hex'))).toEqual([0, 1]);
    const q = sdsQuery(chain, 'Fileupload', { file_hash: V05_HASH });
    expect(q).toEqual({ file_info: { height: (first + 1n).toString(), reporters: Uint8Array.from([3, 0, 0, 0, 0, 0, 0, 0]), uploader: o2.address } });
  });

  it('accepts the 64-hex-digit hash form of spec part 2', () => {
    const chain = sdsChain();
    chain.ok(o1, [S.upload(o1.address, META_B.address, o3.address, HEX_HASH)]);
    expect(getFileInfo(chain.app.state, HEX_HASH)?.reporters).toBe(word(indexOf(META_B.address)));
  });

  it.each([
    ['not a CID', 'hello-world', 'selected encoding not supported: "h": invalid file hash'],
    ['63 hex digits (read as a multibase prefix "0")', HEX_HASH.slice(1), 'selected encoding not supported: "0": invalid file hash'],
    ['a truncated v05 hash', V05_HASH.slice(0, -2), 'length greater than remaining number of bytes in buffer: invalid file hash'],
    ['empty', '', 'cid too short: invalid file hash'],
  ])('refuses a file hash that is %s with sds 7', (_why, hash, log) => {
    const chain = sdsChain();
    const r = chain.deliver(o0, [S.upload(o0.address, META_A.address, o3.address, hash)]);
    expect({ codespace: r.codespace, code: r.code }).toEqual({ codespace: 'sds', code: 7 });
    expect(r.log).toBe(log);
    expect(chain.app.state.sds.files).toEqual({});
  });

  it('refuses a from, reporter or uploader that does not parse with SDK invalid address (7) and stratos\' fixed ValidateBasic texts', () => {
    const chain = sdsChain();
    let r = chain.deliver(o0, [S.upload(o0.address, o0.address, o3.address, V05_HASH)]);
    expect({ codespace: r.codespace, code: r.code, log: r.log }).toEqual({ codespace: 'sdk', code: 7, log: 'failed to parse reporter address: invalid address' });
    r = chain.deliver(o0, [S.upload(o0.address, META_A.address, '', V05_HASH)]);
    expect({ codespace: r.codespace, code: r.code, log: r.log }).toEqual({ codespace: 'sdk', code: 7, log: 'failed to parse uploader address: invalid address' });
    expect(() => msgFileUpload.validateBasic!({ file_hash: V05_HASH, from: 'st1xyz', reporter: META_A.address, uploader: o3.address })).toThrow('failed to validate from address: invalid address');
  });

  it('the handler wraps the Go parse error (reporter, from, uploader), as stratos\' msg server does', () => {
    const handle = (msg: { from: string; reporter: string; uploader: string }) => () => msgFileUpload.handle({} as never, { file_hash: V05_HASH, ...msg }, {} as never);
    expect(handle({ from: 'st1xyz', reporter: o0.address, uploader: o3.address })).toThrow('invalid Bech32 prefix; expected stsds, got st: invalid address');
    expect(handle({ from: 'st1xyz', reporter: META_A.address, uploader: o3.address })).toThrow('decoding bech32 failed: invalid bech32 string length 6: invalid address');
    expect(handle({ from: o0.address, reporter: META_A.address, uploader: '' })).toThrow('empty address string is not allowed: invalid address');
  });

  it('given a meta node owned by someone else, when the signer reports with it, then sds 11 and nothing is recorded', () => {
    const chain = sdsChain();
    const r = chain.fails(o1, [S.upload(o1.address, META_A.address, o3.address, V05_HASH)], 'sds', 11, 'failed to execute message; message index: 0: invalid reporter address or owner address');
    expect(r.code).toBe(11);
    expect(chain.app.state.sds.files).toEqual({});
  });

  it('refuses an unknown reporter and (issue 6) a suspended one with sds 11', () => {
    const chain = sdsChain({ suspended: true });
    chain.fails(o0, [S.upload(o0.address, nodeKeyOf(99).address, o3.address, V05_HASH)], 'sds', 11);
    chain.fails(o2, [S.upload(o2.address, META_SUSPENDED.address, o3.address, V05_HASH)], 'sds', 11);
    expect(chain.app.state.sds.files).toEqual({});
  });
});
