/**
 * A resource node's download sessions (src/sds/resource-node/download-sessions.ts) when a slice
 * cannot be fetched: the client gets -6 naming the slice, and the meta node is told which grant
 * failed and how many bytes of slices the node got (the traffic the download produced), so that it
 * gives back the rest of the charge (reference §4.3).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DownloadSessions } from '../../../src/sds/resource-node/download-sessions.ts';
import type { MetaClient } from '../../../src/sds/resource-node/meta-client.ts';
import type { DownloadPlan } from '../../../src/sds/meta-node/sp-protocol.ts';

let dir: string;
const calls: { op: string; req: unknown }[] = [];

/** a port nothing listens on */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'download-sessions-'));
  calls.length = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a download whose slice cannot be fetched', () => {
  it('answers -6 and reports the failed grant with the bytes served', async () => {
    const meta = { call: async (op: string, req: unknown) => (calls.push({ op, req }), { ok: true }) } as unknown as MetaClient;
    const store = { has: () => false } as never;
    const sessions = new DownloadSessions({ meta, store, tmpDir: dir, self: { networkAddress: 'stsds1self', peerUrl: 'http://127.0.0.1:1' }, log: () => undefined });
    const holder = { networkAddress: 'stsds1holder', peerUrl: `http://127.0.0.1:${await closedPort()}` };
    const plan: DownloadPlan = {
      owner: 'st1owner', fileHash: 'v05hash', fileName: 'f.bin', fileSize: 1000, grantId: 'grant-1',
      slices: [{ sliceNumber: 1, sliceHash: 'slice1', start: 0, end: 1000, holders: [holder] }],
    };
    const answer = await sessions.open(plan, 'st1owner', () => ({ filename: 'f.bin' }));
    expect(answer).toEqual({ return: '-6', detail: expect.stringMatching(/^slice 1 could not be fetched: connect ECONNREFUSED 127\.0\.0\.1:\d+$/) });
    expect(calls).toEqual([{ op: 'downloadFailed', req: { grantId: 'grant-1', servedBytes: 0, reason: (answer as { detail: string }).detail } }]);
    // the session and its file are gone
    expect(readdirSync(join(dir, 'download'))).toEqual([]);
  });
});
