/**
 * An SDS client keeps to the node's MAX_CONCURRENT_UPLOADS (src/sds/client/sds-client.ts): with
 * more uploads than that at once, the extra ones wait in the client, before their requestUpload,
 * so no requestUpload waits for a node slot while holding the wallet's SN turn and the uploads
 * under way can still send their uploadSign. A fake node that, like the real one, makes the 21st
 * requestUpload wait for a slot shows it: 30 uploads at once all go through.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SdsClient } from '../../../src/sds/client/sds-client.ts';
import { formatSequenceNumber } from '../../../src/sds/protocol/sequence-number.ts';
import { MAX_CONCURRENT_UPLOADS } from '../../../src/sds/protocol/transfer-plan.ts';
import type { SdsRpcClient } from '../../../src/sds/rpc/client.ts';

const dir = mkdtempSync(join(tmpdir(), 'upload-slots-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A node whose upload slots are taken at requestUpload and given back at uploadSign; a requestUpload without a slot fails after `waitMs`. */
function fakeNode(waitMs: number) {
  let sn = 0n;
  let open = 0;
  let most = 0;
  const waiting: (() => void)[] = [];
  const rpc = {
    async call(method: string) {
      if (method === 'user_requestGetOzone') return { return: '0', ozone: '1000', sequencynumber: formatSequenceNumber(sn) };
      if (method === 'user_requestUpload') {
        if (open >= MAX_CONCURRENT_UPLOADS) {
          const got = await new Promise<boolean>((resolve) => {
            const t = setTimeout(() => resolve(false), waitMs);
            waiting.push(() => (clearTimeout(t), resolve(true)));
          });
          if (!got) return { return: '-5', detail: `${MAX_CONCURRENT_UPLOADS} uploads are under way on this node` };
        }
        open++;
        most = Math.max(most, open);
        sn++;
        return { return: '1', offsetstart: 0, offsetend: 10 };
      }
      // the bytes take a while to arrive
      if (method === 'user_uploadData') return new Promise((resolve) => setTimeout(() => resolve({ return: '0' }), 50));
      if (method === 'user_uploadSign') {
        sn++;
        open--;
        waiting.shift()?.();
        return { return: '0' };
      }
      throw new Error(`unexpected ${method}`);
    },
  } as unknown as SdsRpcClient;
  return { rpc, most: () => most };
}

describe('more uploads at once than the node holds', () => {
  it('30 at once all go through, never more than MAX_CONCURRENT_UPLOADS under way', async () => {
    const node = fakeNode(200);
    const client = new SdsClient(node.rpc, new Uint8Array(32).fill(9));
    const files = Array.from({ length: 30 }, (_, i) => {
      const f = join(dir, `f${i}.bin`);
      writeFileSync(f, Buffer.alloc(10, i)); // one packet each
      return f;
    });
    const outcomes = await Promise.allSettled(files.map((f, i) => client.upload(f, { fileName: `f${i}.bin` })));
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    expect(node.most()).toBeLessThanOrEqual(MAX_CONCURRENT_UPLOADS);
  });
});
