/**
 * The meta-node service's HTTP server:
 * - `POST /sp/<operation>`: the resource nodes' requests (sp-protocol.ts), JSON in and out;
 * - `GET` views of everything it keeps, for users and tests (docs/storage-network.md):
 *   `/status`, `/nodes`, `/files?offset&limit`, `/files/<hash>` (slices and replicas),
 *   `/wallets/<address>` (ozone, SN), `/traffic` (unsettled per wallet), `/traffic/log?after`,
 *   `/epochs`, `/epochs/<n>`, `/events?after=<id>&type=<t>&limit`;
 * - `POST /epochs/close`: the operator closes the current epoch now (report and settlement).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, listen, readBody, type RunningServer, sendJson } from '../../api/http.ts';
import { isAccountAddress } from '../../crypto/address.ts';
import type { ChainDuties } from './chain-duties.ts';
import type { MetaNodeService } from './service.ts';
import { SP_OPERATIONS, spRequestProblem, type SpOperation } from './sp-protocol.ts';

const BODY_LIMIT = 4 * 1024 * 1024;

function intParam(url: URL, name: string, dflt: number, max = Number.MAX_SAFE_INTEGER): number {
  const t = url.searchParams.get(name);
  if (t === null || t === '') return dflt;
  if (!/^\d+$/.test(t)) throw new HttpError(400, `invalid ${name} ${JSON.stringify(t)}: expected a non-negative integer`);
  return Math.min(Number(t), max);
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function serveMetaNodeApi(address: { host: string; port: number }, service: MetaNodeService, duties: ChainDuties): Promise<RunningServer> {
  const store = service.store;
  const ops = new Set<string>(SP_OPERATIONS);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://meta');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    if (req.method === 'POST' && path.startsWith('/sp/')) {
      const op = path.slice(4);
      if (!ops.has(op)) throw new HttpError(404, `unknown operation ${JSON.stringify(op)}: expected one of ${SP_OPERATIONS.join(', ')}`);
      let body: unknown;
      try {
        body = JSON.parse((await readBody(req, BODY_LIMIT)).toString('utf8'));
      } catch (e) {
        if (e instanceof BodyTooLargeError) throw new HttpError(413, e.message);
        throw new HttpError(400, `invalid JSON body: ${(e as Error).message}`);
      }
      if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'the body must be a JSON object');
      const problem = spRequestProblem(op as SpOperation, body as Record<string, unknown>);
      if (problem) throw new HttpError(400, problem);
      const fn = (service as unknown as Record<SpOperation, (r: unknown) => Promise<unknown>>)[op as SpOperation];
      sendJson(res, 200, await fn.call(service, body));
      return;
    }
    if (req.method === 'POST' && path === '/epochs/close') {
      const outcome = await duties.closeEpoch();
      sendJson(res, 200, outcome ? { epoch: outcome.epoch.toString(), tx_hash: outcome.txHash, volumes: outcome.volumes.map((v) => ({ wallet_address: v.wallet_address, volume: v.volume.toString() })) } : { epoch: null, reason: 'no traffic to report (or not enough signers: see /events)' });
      return;
    }
    if (req.method !== 'GET') throw new HttpError(405, `method ${req.method} not allowed on ${path}`);
    let m: RegExpExecArray | null;
    if (path === '/status') {
      sendJson(res, 200, {
        meta_nodes: duties.metaNodes.map((n) => ({ network_address: n.networkAddress, owner: n.owner })),
        settings: { ...service.settings, nozPerByte: service.settings.nozPerByte.toString(), trafficNozPerByte: service.settings.trafficNozPerByte.toString() },
        followed_height: store.getMeta('followed_height') ?? '0',
        next_epoch: store.getMeta('next_epoch') ?? '1',
      });
    } else if (path === '/nodes') {
      sendJson(res, 200, { resource_nodes: store.resourceNodes() });
    } else if (path === '/files') {
      sendJson(res, 200, { files: store.allFiles(intParam(url, 'offset', 0), intParam(url, 'limit', 100, 1000)) });
    } else if ((m = /^\/files\/([^/]+)$/.exec(path))) {
      const files = store.filesByHash(m[1]!);
      if (files.length === 0) throw new HttpError(404, `no file ${m[1]}`);
      sendJson(res, 200, { files, slices: store.slices(m[1]!).map((s) => ({ ...s, replicas: store.replicas(s.slice_hash) })) });
    } else if ((m = /^\/wallets\/([^/]+)$/.exec(path))) {
      if (!isAccountAddress(m[1]!)) throw new HttpError(400, `invalid wallet address ${JSON.stringify(m[1])}: expected an st1… account address`);
      const w = store.wallet(m[1]!);
      sendJson(res, 200, { address: w.address, ozone: w.ozone.toString(), sequence_number: w.sn.toString() });
    } else if (path === '/traffic') {
      sendJson(res, 200, { unsettled: Object.fromEntries([...store.unsettled()].map(([w, v]) => [w, v.toString()])) });
    } else if (path === '/traffic/log') {
      sendJson(res, 200, { traffic: store.trafficLog(intParam(url, 'after', 0), intParam(url, 'limit', 1000, 10000)) });
    } else if (path === '/epochs') {
      sendJson(res, 200, { epochs: store.reports().map((r) => ({ ...r, volumes: JSON.parse(r.volumes), carried: JSON.parse(r.carried) })) });
    } else if ((m = /^\/epochs\/(\d+)$/.exec(path))) {
      const r = store.report(Number(m[1]));
      if (!r) throw new HttpError(404, `no report for epoch ${m[1]}`);
      sendJson(res, 200, { ...r, volumes: JSON.parse(r.volumes), carried: JSON.parse(r.carried) });
    } else if (path === '/events') {
      sendJson(res, 200, { events: store.events(intParam(url, 'after', 0), intParam(url, 'limit', 1000, 10000), url.searchParams.get('type') ?? undefined) });
    } else {
      throw new HttpError(404, `no route ${path}`);
    }
  }

  return listen(address, async (req, res) => {
    try {
      await handle(req, res);
    } catch (e) {
      if (e instanceof HttpError) sendJson(res, e.status, { error: e.message });
      else throw e;
    }
  });
}
