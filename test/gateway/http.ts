/** Plain HTTP for the gateway's tests and benchmark: exact paths, status, headers and body. */
import { request, type Agent } from 'node:http';
import { connect } from 'node:net';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function send(base: string, method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}, agent?: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const r = request(`${base}${path}`, { method, agent, headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end(body);
  });
}

/** A request sent as written (no URL normalization by a client); resolves with everything the server sent. */
export function raw(base: string, requestText: string): Promise<string> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const s = connect(Number(u.port), u.hostname, () => s.write(requestText));
    const chunks: Buffer[] = [];
    s.on('data', (d: Buffer) => chunks.push(d));
    s.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    s.on('error', reject);
  });
}

/** A client that sends its headers, then trickles its body one byte every `everyMs`; resolves when the server closes. */
export function trickle(base: string, path: string, declaredLength: number, everyMs = 200): Promise<{ afterMs: number; text: string }> {
  const u = new URL(base);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const s = connect(Number(u.port), u.hostname, () => {
      s.write(`POST ${path} HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: application/json\r\nContent-Length: ${declaredLength}\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    const timer = setInterval(() => s.writable && s.write(' '), everyMs);
    s.on('data', (d: Buffer) => chunks.push(d));
    s.on('close', () => {
      clearInterval(timer);
      resolve({ afterMs: Date.now() - started, text: Buffer.concat(chunks).toString('utf8') });
    });
    s.on('error', () => undefined);
    setTimeout(() => {
      if (!s.destroyed) {
        clearInterval(timer);
        s.destroy();
        reject(new Error('the server did not cut the slow client off within 30 s'));
      }
    }, 30_000).unref();
  });
}
