/** A `VerifyPool` thread: checks each signature of a request with `verifySignature`. */
import { parentPort } from 'node:worker_threads';
import { keccakReady } from './keccak.ts';
import { verifySignature, type KeyAlgo } from './keys.ts';
import { secp256k1 } from './secp256k1-backend.ts';
import { checkOf, type VerifyRequest, type VerifyResponse } from './verify-pool.ts';

// load the libraries at start (while the node opens its store), not with the first batch
secp256k1();
void keccakReady();

parentPort!.on('message', (req: VerifyRequest) => {
  const valid = new Uint8Array(req.algos.length);
  for (let i = 0; i < valid.length; i++) {
    try {
      const { key, message, signature } = checkOf(req, i);
      valid[i] = verifySignature({ algo: req.algos[i] as KeyAlgo, key }, message, signature) ? 1 : 0;
    } catch {
      valid[i] = 0; // malformed input: the ante's own check reports it
    }
  }
  const res: VerifyResponse = { id: req.id, valid };
  parentPort!.postMessage(res, [valid.buffer]);
});
