/**
 * CometBFT's `max_body_bytes`: the body through the one bounded reader of src/api/http.ts (which
 * drains what is past the limit, so a keep-alive client can read the error answer).
 */
import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, readBody } from '../http.ts';

export type BodyResult = { readonly body: Buffer } | { readonly tooLarge: true };

export async function readBoundedBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  try {
    return { body: await readBody(req, limit) };
  } catch (e) {
    if (e instanceof BodyTooLargeError) return { tooLarge: true };
    throw e;
  }
}
