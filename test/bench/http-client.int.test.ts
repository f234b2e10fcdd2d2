/**
 * The RPC benchmark's own HTTP/1.1 client (bench/http-client.ts) against a real `node:http`
 * server: answers framed by Content-Length and by chunks (split across packets), connections kept
 * alive and capped, a server that closes, and a server that never answers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpPool } from '../../bench/http-client.ts';

let server: Server | undefined;
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const s of sockets) s.destroy();
  sockets.clear();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  server.on('connection', (s) => sockets.add(s));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`;
}

async function bodyOf(req: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
}

describe('HttpPool', () => {
  it('POSTs the body with its length and reads a Content-Length answer, on one kept-alive connection', async () => {
    const seen: string[] = [];
    const url = await serve(async (req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers['content-type']} ${req.headers['content-length']} ${await bodyOf(req)}`);
      const text = JSON.stringify({ echo: seen.length, é: 'ü' });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
      res.end(text);
    });
    const pool = new HttpPool(url, 4);
    const first = await pool.post('{"a":"é"}', 1000);
    const second = await pool.post('[]', 1000);
    expect([first.status, JSON.parse(first.body.toString('utf8'))]).toEqual([200, { echo: 1, é: 'ü' }]);
    expect(JSON.parse(second.body.toString('utf8'))).toEqual({ echo: 2, é: 'ü' });
    expect(seen).toEqual(['POST /rpc application/json 10 {"a":"é"}', 'POST /rpc application/json 2 []']);
    expect(sockets.size).toBe(1);
    pool.close();
  });

  it('reads a chunked answer written in pieces, and an error status', async () => {
    const url = await serve(async (req, res) => {
      await bodyOf(req);
      res.writeHead(req.headers['content-length'] === '1' ? 503 : 200, { 'Content-Type': 'application/json' });
      res.write('{"part":');
      await new Promise((r) => setTimeout(r, 20));
      res.write('"one",');
      await new Promise((r) => setTimeout(r, 20));
      res.end('"two":2}');
    });
    const pool = new HttpPool(url);
    const ok = await pool.post('{}', 1000);
    expect([ok.status, ok.body.toString()]).toEqual([200, '{"part":"one","two":2}']);
    const failed = await pool.post('x', 1000);
    expect([failed.status, failed.body.toString()]).toEqual([503, '{"part":"one","two":2}']);
    pool.close();
  });

  it('opens at most maxSockets connections; the other requests wait for one', async () => {
    let open = 0;
    let most = 0;
    const url = await serve(async (req, res) => {
      await bodyOf(req);
      most = Math.max(most, ++open);
      await new Promise((r) => setTimeout(r, 10));
      open--;
      res.writeHead(200, { 'Content-Length': 2 });
      res.end('ok');
    });
    const pool = new HttpPool(url, 3);
    const answers = await Promise.all(Array.from({ length: 12 }, () => pool.post('{}', 2000)));
    expect(answers.map((a) => a.body.toString())).toEqual(Array(12).fill('ok'));
    expect(most).toBe(3);
    expect(sockets.size).toBe(3);
    pool.close();
  });

  it('opens a new connection after the server closed one, and fails a request that gets no answer', async () => {
    let calls = 0;
    const url = await serve(async (req, res) => {
      await bodyOf(req);
      calls++;
      if (calls === 3) return; // never answers
      res.writeHead(200, { 'Content-Length': 2, Connection: 'close' });
      res.end('ok');
    });
    const pool = new HttpPool(url);
    expect((await pool.post('{}', 1000)).body.toString()).toBe('ok');
    expect((await pool.post('{}', 1000)).body.toString()).toBe('ok');
    await expect(pool.post('{}', 200)).rejects.toThrow('no answer in 200 ms');
    pool.close();
  });
});
