/**
 * A resource node's upload sessions (src/sds/resource-node/upload-sessions.ts) when the client that
 * started one dies mid-way: its owner may start the same upload again once the session has heard
 * nothing for ABANDONED_AFTER_MS, instead of waiting out the 120 s packet timeout; anyone else, or
 * the owner while the session is live, is refused with -13 naming when it ends.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ABANDONED_AFTER_MS, UploadSessions } from '../../../src/sds/resource-node/upload-sessions.ts';
import type { MetaClient } from '../../../src/sds/resource-node/meta-client.ts';
import { formatSequenceNumber } from '../../../src/sds/protocol/sequence-number.ts';
import { signSds, SignedMessage } from '../../../src/sds/protocol/signature.ts';
import { sdsFileHash } from '../../../src/sds/protocol/file-hash.ts';
import { wallet } from '../meta-node/fixture.ts';

const alice = wallet(1);
const bob = wallet(2);
const HASH = sdsFileHash(Buffer.alloc(5_000_000, 1));
let dir: string;
let sessions: UploadSessions;
const logs: string[] = [];

function request(w: typeof alice, sn: bigint) {
  const t = 1_800_000_000;
  const sequencenumber = formatSequenceNumber(sn);
  return sessions.requestUpload({ filename: 'f.bin', filesize: 5_000_000, filehash: HASH, signature: signSds(w.key, SignedMessage.upload(HASH, w.address, sequencenumber, t)), req_time: t, sequencenumber });
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'upload-sessions-'));
  const meta = { call: async () => ({ ok: true, sequenceNumber: formatSequenceNumber(1n) }) } as unknown as MetaClient;
  sessions = new UploadSessions({ meta, store: {} as never, tmpDir: dir, self: { networkAddress: 'stsds1node', peerUrl: 'http://127.0.0.1:1' }, log: (l) => logs.push(l) });
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

describe('an upload session whose client died', () => {
  it('is replaced when its owner starts the same upload again after ABANDONED_AFTER_MS of silence', async () => {
    expect(await request(alice, 0n)).toEqual({ return: '1', offsetstart: 0, offsetend: 3_500_000 });
    const first = readdirSync(join(dir, 'upload'));
    const busy = `an upload of ${HASH} is already under way on this node (it ends after 120 s without a packet; its owner may start it again after 2 s without one)`;
    // live: refused, for the owner too
    expect(await request(alice, 1n)).toEqual({ return: '-13', detail: busy });
    vi.setSystemTime(Date.now() + ABANDONED_AFTER_MS);
    // someone else's upload of the same bytes waits for the session to end
    expect(await request(bob, 0n)).toEqual({ return: '-13', detail: busy });
    // the owner again: the silent session is closed, its bytes removed, a new one starts
    expect(await request(alice, 1n)).toEqual({ return: '1', offsetstart: 0, offsetend: 3_500_000 });
    const second = readdirSync(join(dir, 'upload'));
    expect(second).toHaveLength(1);
    expect(second).not.toEqual(first);
    expect(logs.some((l) => l.startsWith(`upload session ${HASH} closed: replaced by a new upload of the same file by its owner`))).toBe(true);
    expect(sessions.active).toBe(1);
  });
});
