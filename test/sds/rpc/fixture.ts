/**
 * Fake resource-node methods for the transport tests, and raw HTTP / IPC exchanges that show
 * exactly what goes over the wire.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { RpcCallError, RpcDispatcher, type RpcMethod } from '../../../src/sds/rpc/dispatch.ts';

export interface Fake {
  readonly dispatcher: RpcDispatcher;
  /** params each call of user_echo / user_note saw, in order */
  readonly seen: { method: string; params: Record<string, unknown>; transport: string }[];
}

/** user_* served, owner_* registered but not served (as with the default rpc_namespaces). */
export function fakeNode(): Fake {
  const seen: Fake['seen'] = [];
  let release: (() => void) | undefined;
  const released = new Promise<void>((r) => (release = r));
  const methods = new Map<string, RpcMethod>([
    ['user_echo', async (params, ctx) => {
      seen.push({ method: 'user_echo', params, transport: ctx.transport });
      return { return: '0', got: params };
    }],
    ['user_note', async (params, ctx) => {
      seen.push({ method: 'user_note', params, transport: ctx.transport });
      return { return: '0' };
    }],
    ['user_crash', async (params) => {
      if (typeof params.sharelink === 'string' && params.sharelink.length < 6) throw new RangeError(`slice bounds out of range [:6] with length ${params.sharelink.length}`);
      return { return: '0' };
    }],
    ['user_badField', async () => {
      throw new RpcCallError(-32602, 'invalid argument 0: json: cannot unmarshal string into Go struct field ParamReqUploadFile.filesize of type int');
    }],
    ['user_nothing', async () => undefined],
    ['user_html', async () => ({ text: '<b>&</b>' })],
    // waits until user_release runs: only a concurrent batch can answer both
    ['user_wait', async () => {
      await released;
      return { return: '0', waited: true };
    }],
    ['user_release', async () => {
      release!();
      return { return: '0' };
    }],
    ['owner_secret', async () => ({ return: '0' })],
  ]);
  const typed: RpcMethod = async () => ({});
  (typed as { paramType?: string }).paramType = 'rpc.ParamReqUploadFile';
  methods.set('user_requestUpload', typed);
  return { dispatcher: new RpcDispatcher(methods, ['user']), seen };
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One raw HTTP exchange with a fresh connection (no agent). */
export function rawHttp(port: number, opts: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const body = opts.body === undefined ? undefined : Buffer.isBuffer(opts.body) ? opts.body : Buffer.from(opts.body);
    const headers: Record<string, string | number> = { ...opts.headers };
    if (body !== undefined) headers['Content-Length'] = body.length;
    const req = request({ host: '127.0.0.1', port, method: opts.method ?? 'POST', path: opts.path ?? '/', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A JSON POST to `/`. */
export function postJson(port: number, body: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return rawHttp(port, { body, headers: { 'Content-Type': 'application/json', ...headers } });
}

/**
 * A raw IPC connection: writes the given chunks (each after the previous one was flushed), then
 * half-closes, and collects everything the node wrote until it closed the connection.
 */
export function rawIpc(path: string, chunks: readonly (string | Buffer)[], opts: { end?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect(path);
    const got: Buffer[] = [];
    s.on('data', (c: Buffer) => got.push(c));
    s.on('error', reject);
    s.on('close', () => resolve(Buffer.concat(got).toString('utf8')));
    s.once('connect', async () => {
      for (const c of chunks) await new Promise<void>((done) => s.write(c, () => done()));
      if (opts.end !== false) s.end();
    });
  });
}

/** Reads lines from a raw IPC connection until `count` answers arrived; the connection stays open. */
export function ipcSession(path: string): Promise<{ send(text: string | Buffer): Promise<void>; next(count?: number): Promise<string[]>; close(): void }> {
  return new Promise((resolve, reject) => {
    const s = connect(path);
    let buffered = '';
    let wanted: { count: number; done(lines: string[]): void } | undefined;
    const check = (): void => {
      if (!wanted) return;
      const lines = buffered.split('\n');
      if (lines.length - 1 >= wanted.count) {
        const out = lines.slice(0, wanted.count);
        buffered = lines.slice(wanted.count).join('\n');
        const w = wanted;
        wanted = undefined;
        w.done(out);
      }
    };
    s.on('data', (c: Buffer) => {
      buffered += c.toString('utf8');
      check();
    });
    s.once('error', reject);
    s.once('connect', () =>
      resolve({
        send: (text) => new Promise<void>((done) => s.write(text, () => done())),
        next: (count = 1) =>
          new Promise<string[]>((done) => {
            wanted = { count, done };
            check();
          }),
        close: () => s.destroy(),
      }),
    );
  });
}
