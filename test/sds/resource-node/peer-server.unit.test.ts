/**
 * A resource node's internal port (src/sds/resource-node/peer-server.ts) when the meta node does not
 * record a pushed slice (unreachable, or refusing it): the push is answered 409 with the reason and
 * the slice, new on this node, is not kept (no slice stays on disk that no record knows of); a
 * slice the node already held stays.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/api/http.ts';
import { sdsFileHash, sliceHash } from '../../../src/sds/protocol/file-hash.ts';
import type { MetaClient } from '../../../src/sds/resource-node/meta-client.ts';
import { servePeerPort } from '../../../src/sds/resource-node/peer-server.ts';
import { SliceStore } from '../../../src/sds/resource-node/slice-store.ts';

let dir: string;
let server: RunningServer;
let store: SliceStore;
let meta: (op: string) => Promise<unknown>;

const bytes = Buffer.alloc(1000, 7);
const fileHash = sdsFileHash(bytes);
const slice = sliceHash(fileHash, 1, bytes);

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'peer-server-'));
  store = new SliceStore(join(dir, 'storage'), join(dir, 'tmp'));
  const client = { call: (op: string) => meta(op) } as unknown as MetaClient;
  server = await servePeerPort({ host: '127.0.0.1', port: 0 }, { store, meta: client, networkAddress: 'stsds1self', log: () => undefined });
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const push = () => fetch(`http://127.0.0.1:${server.address.port}/slices/${slice}?file=${fileHash}&n=1&size=1000&owner=st1owner`, { method: 'PUT', body: bytes });

describe('a pushed slice the meta node does not record', () => {
  it('is answered 409 and not kept when the meta node is unreachable', async () => {
    meta = async () => {
      throw new Error('meta node http://127.0.0.1:1 unreachable (sliceStored): connect ECONNREFUSED 127.0.0.1:1');
    };
    const res = await push();
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'meta node http://127.0.0.1:1 unreachable (sliceStored): connect ECONNREFUSED 127.0.0.1:1' });
    expect(store.has(slice)).toBe(false);
    expect(existsSync(join(dir, 'storage', slice))).toBe(false);
  });

  it('is kept when recorded; a later refused push of the same slice leaves it', async () => {
    meta = async () => ({ ok: true, complete: false });
    expect((await push()).status).toBe(200);
    expect(store.has(slice)).toBe(true);
    meta = async () => ({ ok: false, code: '-9', detail: 'no upload' });
    const res = await push();
    expect(res.status).toBe(409);
    expect(store.has(slice)).toBe(true);
  });
});
