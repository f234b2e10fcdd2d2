/**
 * A resource node's internal port (the real node's `internal_port`, 18481 by default): how the
 * other nodes of the cluster and the meta node move slices to and from it (the real network uses
 * its P2P transport). Not for clients; it listens where the config says (loopback by default).
 * - `PUT /slices/<slice hash>?file=<file hash>&n=<slice number>&size=<bytes>&owner=<st1…>`: the body
 *   is the slice; the hash is checked, the slice kept, and the store reported to the meta node
 *   (which credits this node's traffic);
 * - `GET /slices/<slice hash>`: the slice's bytes;
 * - `DELETE /slices/<slice hash>`: dropped (the meta node, after the last owner deleted the file).
 */
import { listen, type RunningServer, sendJson } from '../../api/http.ts';
import type { MetaClient } from './meta-client.ts';
import type { SliceStore } from './slice-store.ts';

export function servePeerPort(address: { host: string; port: number }, deps: { store: SliceStore; meta: MetaClient; networkAddress: string; log: (line: string) => void }): Promise<RunningServer> {
  return listen(address, async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const m = /^\/slices\/([^/]+)$/.exec(url.pathname);
    if (!m) return sendJson(res, 404, { error: `no route ${url.pathname}` });
    const sliceHash = m[1]!;
    if (!/^v[0-9a-v]{39}$/.test(sliceHash)) return sendJson(res, 400, { error: `invalid slice hash ${JSON.stringify(sliceHash)}` });
    if (req.method === 'GET') {
      if (!deps.store.has(sliceHash)) return sendJson(res, 404, { error: `no slice ${sliceHash} on ${deps.networkAddress}` });
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': deps.store.size(sliceHash) });
      deps.store.read(sliceHash).on('error', () => res.destroy()).pipe(res);
      return;
    }
    if (req.method === 'DELETE') {
      const dropped = deps.store.delete(sliceHash);
      return sendJson(res, 200, { deleted: dropped });
    }
    if (req.method !== 'PUT') return sendJson(res, 405, { error: `method ${req.method} not allowed` });
    const fileHash = url.searchParams.get('file') ?? '';
    const sliceNumber = Number(url.searchParams.get('n'));
    const size = Number(url.searchParams.get('size'));
    const owner = url.searchParams.get('owner') ?? '';
    if (fileHash === '' || !Number.isInteger(sliceNumber) || sliceNumber < 1 || !Number.isInteger(size) || size < 0 || owner === '') {
      return sendJson(res, 400, { error: 'expected ?file=<file hash>&n=<slice number>&size=<bytes>&owner=<st1…>' });
    }
    const fresh = !deps.store.has(sliceHash);
    if (fresh) {
      try {
        await deps.store.receive(req, { sliceHash, fileHash, sliceNumber, size });
      } catch (e) {
        return sendJson(res, 422, { error: (e as Error).message });
      }
    } else {
      req.resume();
    }
    let answer;
    try {
      answer = await deps.meta.call('sliceStored', { owner, fileHash, sliceNumber, sliceHash, size, storedBy: deps.networkAddress });
    } catch (e) {
      answer = { ok: false as const, detail: (e as Error).message };
    }
    if (!answer.ok) {
      // a slice the meta node does not count as stored here is kept by nobody's record: not kept
      if (fresh) deps.store.delete(sliceHash);
      deps.log(`the meta node did not record slice ${sliceHash}${fresh ? ' (dropped)' : ''}: ${answer.detail}`);
      return sendJson(res, 409, { error: answer.detail });
    }
    sendJson(res, 200, { stored: sliceHash, complete: answer.complete });
  });
}
