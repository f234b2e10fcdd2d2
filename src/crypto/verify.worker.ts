/** A `VerifyPool` thread: checks each signature of a request with `verifySignature`. */
import { parentPort } from 'node:worker_threads';
import { verifySignature, type KeyAlgo } from './keys.ts';
import type { VerifyRequest, VerifyResponse } from './verify-pool.ts';

parentPort!.on('message', (req: VerifyRequest) => {
  const valid = new Uint8Array(req.keys.length);
  for (let i = 0; i < valid.length; i++) {
    try {
      valid[i] = verifySignature({ algo: req.algos[i] as KeyAlgo, key: req.keys[i]! }, req.messages[i]!, req.signatures[i]!) ? 1 : 0;
    } catch {
      valid[i] = 0; // malformed input: the ante's own check reports it
    }
  }
  const res: VerifyResponse = { id: req.id, valid };
  parentPort!.postMessage(res, [valid.buffer]);
});
