/** The WebAssembly and JavaScript Keccak-256 streams give the same file and slice hashes, in any chunking. */
import { describe, expect, it } from 'vitest';
import { FileHasher, SliceHasher, sdsFileHash, sliceHash } from '../../../src/sds/protocol/file-hash.ts';
import { nobleKeccak, wasmKeccak } from '../../../src/sds/protocol/keccak-stream.ts';

const bytes = Uint8Array.from({ length: 1_000_003 }, (_, i) => (i * 31 + (i >> 7)) & 0xff);

describe('keccak streams', () => {
  it('wasm and noble agree on the empty input and on 1 MB in uneven chunks', async () => {
    const w = await wasmKeccak();
    const n = nobleKeccak();
    expect(Buffer.from(w.digest()).toString('hex')).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(Buffer.from(n.digest()).toString('hex')).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    const a = await wasmKeccak();
    const b = nobleKeccak();
    for (let i = 0; i < bytes.length; i += 65_537) {
      a.update(bytes.subarray(i, i + 65_537));
      b.update(bytes.subarray(i, i + 65_537));
    }
    expect(Buffer.from(a.digest()).toString('hex')).toBe(Buffer.from(b.digest()).toString('hex'));
  });

  it('FileHasher.create and SliceHasher.create give the reference vectors and the one-shot hashes', async () => {
    const hello = new TextEncoder().encode('hello');
    expect((await FileHasher.create()).update(hello).digest()).toBe('v05j1m55ufslr6o28sjecekp8ukbb630vb17are8');
    expect((await SliceHasher.create('v05j1m55ufslr6o28sjecekp8ukbb630vb17are8', 1)).update(hello).digest()).toBe('v05ahm57435coeqpsmn5jrl87tpcd8rqeao2qro0');
    const fh = await FileHasher.create();
    for (let i = 0; i < bytes.length; i += 3_500_000) fh.update(bytes.subarray(i, i + 3_500_000));
    const file = fh.digest();
    expect(file).toBe(sdsFileHash(bytes));
    expect((await SliceHasher.create(file, 2)).update(bytes).digest()).toBe(sliceHash(file, 2, bytes));
  });
});
