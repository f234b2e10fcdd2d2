/**
 * `npm start` (the compiled src/node/localnet.ts) on a new home while another process holds a
 * storage port: the chain runs, and the banner names the part that failed, the address, its log
 * and the flag that moves the port, not "made by an earlier version". The next start, with that
 * port free but a gateway's port taken, runs the storage network and names the gateway instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { tempHome } from '../cli/run-chaind.ts';
import { localnetFlags, localnetPorts, startLocalnet, type Localnet, type LocalnetPorts } from '../helpers/localnet.ts';

function hold(port: number): Promise<Server> {
  const server = createServer();
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
const release = (server: Server) => new Promise((resolve) => server.close(resolve));

/** stdout from the storage network's heading on, once the banner is complete */
async function storagePart(net: Localnet): Promise<string> {
  const banner = await net.banner;
  return banner.slice(banner.indexOf('\nstorage network')).replace(/token [A-Za-z0-9+/]{27}=/g, 'token <token>');
}

describe('npm start with a storage port in use', () => {
  let home: string;
  let ports: LocalnetPorts;
  let net: Localnet | undefined;
  beforeAll(async () => {
    home = await tempHome();
    ports = await localnetPorts();
  });
  afterAll(async () => {
    await net?.stop();
  });

  it('names the resource node, the address, its log and --sds.rpc-port; the chain runs', async () => {
    const taken = await hold(ports.sds);
    try {
      net = startLocalnet(home, [...localnetFlags(ports), '--consensus.timeout_commit', '200ms']);
      expect(await storagePart(net)).toBe(
        [
          '',
          'storage network: not running (the chain runs without it and without the regional gateways)',
          `  resource node rn0 failed to start: 127.0.0.1:${ports.sds} is in use by another process (listen EADDRINUSE)`,
          `  log: ${join(home, 'storage', 'rn0', 'node.log')}`,
          "  fix: stop that process, or stop this network (Ctrl-C) and move the port: npm start -- --sds.rpc-port <port> (the resource nodes' JSON-RPC ports: rn0 on it, each next node +1)",
          '',
          '',
        ].join('\n'),
      );
      // the chain goes on
      const res = await fetch(`http://127.0.0.1:${ports.rpc}/status`);
      expect(res.status).toBe(200);
    } finally {
      expect(await net!.stop()).toBe(0);
      net = undefined;
      await release(taken);
    }
  }, 120_000);

  it('the next start runs the storage network, and names a gateway whose port is taken', async () => {
    const taken = await hold(ports.gateway + 1);
    try {
      net = startLocalnet(home, [...localnetFlags(ports), '--consensus.timeout_commit', '200ms']);
      const part = await storagePart(net);
      expect(part).toContain(`\nstorage network (nodeclient; logs: ${join(home, 'storage')}/*/*.log):\n  meta-node service  http://127.0.0.1:${ports.meta}  `);
      expect(part.slice(part.indexOf('\nregional gateways'))).toBe(
        [
          '',
          'regional gateways: not running (the storage network runs without them)',
          `  the USEAST gateway failed to start: 127.0.0.1:${ports.gateway + 1} is in use by another process (listen EADDRINUSE)`,
          `  log: ${join(home, 'gateways', 'USEAST', 'gateway.log')}`,
          "  fix: stop that process, or stop this network (Ctrl-C) and move the port: npm start -- --gateway.port <port> (the gateways' ports: EU on it, USEAST, USWEST and ASIA on the next three)",
          '',
          '',
        ].join('\n'),
      );
    } finally {
      expect(await net!.stop()).toBe(0);
      net = undefined;
      await release(taken);
    }
  }, 120_000);
});
