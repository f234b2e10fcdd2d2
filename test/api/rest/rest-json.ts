/** A REST server on a free loopback port for an in-process node, and GETs of its JSON answers (module route tests). */
import type { RunningServer } from '../../../src/api/http.ts';
import { startRestServer } from '../../../src/api/rest/server.ts';
import type { Node } from '../../../src/node/node.ts';

export interface RestJson {
  /** GET `prefix + path`: the status and the parsed body */
  get(path: string): Promise<{ status: number; json: any }>;
  close(): Promise<void>;
}

export async function startRestJson(node: Node, prefix = ''): Promise<RestJson> {
  const rest: RunningServer = await startRestServer(node, { address: '127.0.0.1:0' });
  return {
    async get(path) {
      const r = await fetch(`http://127.0.0.1:${rest.address.port}${prefix}${path}`);
      return { status: r.status, json: await r.json() };
    },
    close: () => rest.close(),
  };
}
