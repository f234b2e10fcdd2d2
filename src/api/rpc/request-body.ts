/**
 * Reads a request body up to a limit without breaking the connection: past the limit the rest is
 * read and dropped, so the client finishes sending and then reads the error answer (CometBFT's
 * `max_body_bytes`). `readBody` of src/api/http.ts leaves its `for await` loop on overflow, which
 * destroys the request and with it the socket, so a keep-alive client may fail on its next request.
 */
import type { IncomingMessage } from 'node:http';

export type BodyResult = { readonly body: Buffer } | { readonly tooLarge: true };

export function readBoundedBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let ended = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) chunks.length = 0;
      else chunks.push(chunk);
    });
    req.on('end', () => {
      ended = true;
      resolve(size > limit ? { tooLarge: true } : { body: Buffer.concat(chunks) });
    });
    req.on('error', reject);
    req.on('close', () => {
      if (!ended) reject(new Error('request body: the client closed the connection before the end of the body'));
    });
  });
}
