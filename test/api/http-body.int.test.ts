/**
 * `readBody` (src/api/http.ts), the one body reader of every HTTP adapter, against a real
 * node:http server and raw client sockets: bodies in several packets, the limit (the rest drained,
 * the keep-alive connection still answering), and a client that goes away mid-body.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BodyTooLargeError, listen, readBody, sendJson, type RunningServer } from '../../src/api/http.ts';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server answering each body's length and first bytes, or the reader's error. */
async function echoServer(limit: number, seen: (outcome: string) => void = () => undefined): Promise<RunningServer> {
  server = await listen({ host: '127.0.0.1', port: 0 }, async (req, res) => {
    try {
      const body = await readBody(req, limit);
      seen(`body ${body.length}`);
      sendJson(res, 200, { length: body.length, text: body.toString('utf8') });
    } catch (e) {
      seen(e instanceof BodyTooLargeError ? 'too large' : `error: ${(e as Error).message}`);
      if (e instanceof BodyTooLargeError) sendJson(res, 413, { error: e.message });
    }
  });
  return server;
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
}

/** Reads one HTTP answer (Content-Length framed) from a raw socket. */
function answer(s: Socket): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    let got = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      const text = got.toString('latin1');
      const head = text.indexOf('\r\n\r\n');
      if (head < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(text.slice(0, head))![1]);
      if (got.length < head + 4 + length) return;
      s.off('data', onData);
      resolve({ status: Number(text.slice(9, 12)), body: got.subarray(head + 4, head + 4 + length).toString('utf8') });
    };
    s.on('data', onData);
  });
}

const post = (length: number) => `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('readBody', () => {
  it('joins a body sent in several packets, byte for byte', async () => {
    const { address } = await echoServer(1000);
    const s = await open(address.port);
    const body = '{"jsonrpc":"2.0","method":"status","id":"é"}';
    const bytes = Buffer.from(body);
    s.write(post(bytes.length));
    // three packets, the last split inside the two bytes of "é"
    const at = bytes.indexOf(0xc3);
    for (const part of [bytes.subarray(0, 10), bytes.subarray(10, at + 1), bytes.subarray(at + 1)]) {
      s.write(part);
      await new Promise((r) => setTimeout(r, 20));
    }
    const got = await answer(s);
    expect(got.status).toBe(200);
    expect(JSON.parse(got.body)).toEqual({ length: bytes.length, text: body });
    s.destroy();
  });

  it('refuses a body over the limit, drains it, and the connection answers the next request', async () => {
    const { address } = await echoServer(16);
    const s = await open(address.port);
    s.write(post(40) + 'x'.repeat(40));
    const refused = await answer(s);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toEqual({ error: 'request body too large: more than 16 bytes' });
    s.write(post(16) + 'y'.repeat(16));
    const next = await answer(s);
    expect(JSON.parse(next.body)).toEqual({ length: 16, text: 'y'.repeat(16) });
    s.destroy();
  });

  it('fails, without hanging, when the client goes away in the middle of a body', async () => {
    let outcome!: (o: string) => void;
    const settled = new Promise<string>((r) => (outcome = r));
    const { address } = await echoServer(1000, (o) => outcome(o));
    const s = await open(address.port);
    s.write(post(100) + 'z'.repeat(10));
    await new Promise((r) => setTimeout(r, 50));
    s.destroy();
    expect(await settled).toMatch(/^error: /);
  });

  it('reads an empty body', async () => {
    const { address } = await echoServer(1000);
    const s = await open(address.port);
    s.write(post(0));
    expect(JSON.parse((await answer(s)).body)).toEqual({ length: 0, text: '' });
    s.destroy();
  });
});
