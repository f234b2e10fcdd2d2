/**
 * `npm start`'s banner when a part of the storage network or a gateway does not start: the part,
 * the address another process holds (or the part's own error), its log, and the `npm start` flag
 * that moves that port (src/node/localnet-banner.ts `failureRows`). A real gateway process on a
 * taken port gives the failure these rows read.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { failureRows, type LocalnetPorts } from '../../src/node/localnet-banner.ts';
import { startLocalGateways } from '../../src/node/localnet-gateways.ts';
import { ProcessStartFailure, stopProcess } from '../../src/node/storage-processes.ts';
import { tempHome } from '../cli/run-chaind.ts';
import { freePort, takenPort } from '../helpers/free-port.ts';

const PORTS: LocalnetPorts = { metaPort: 9400, rpcPort: 9301, peerPort: 18481, ipfsPort: 6798, gatewayPort: 8080 };
const inUse = (address: string) => `Error: listen EADDRINUSE: address already in use ${address}\n`;
const failure = (part: string, stderr: string, code: number | null = 1) => new ProcessStartFailure(part, `/h/${part}.log`, code, stderr);
const move = (flag: string, what: string) => `  fix: stop that process, or stop this network (Ctrl-C) and move the port: npm start -- ${flag} <port> (${what})`;

describe('failureRows', () => {
  it('names the part, the address in use, the log and the flag of each port', () => {
    expect(failureRows(failure('meta', inUse('127.0.0.1:9400')), PORTS)).toEqual([
      '  the meta-node service (meta) failed to start: 127.0.0.1:9400 is in use by another process (listen EADDRINUSE)',
      '  log: /h/meta.log',
      move('--sds.meta-port', "the meta-node service's port"),
    ]);
    expect(failureRows(failure('rn1', inUse('127.0.0.1:9302')), PORTS)).toEqual([
      '  resource node rn1 failed to start: 127.0.0.1:9302 is in use by another process (listen EADDRINUSE)',
      '  log: /h/rn1.log',
      move('--sds.rpc-port', "the resource nodes' JSON-RPC ports: rn0 on it, each next node +1"),
    ]);
    expect(failureRows(failure('rn0', `some log line\n${inUse('127.0.0.1:18481')}`), PORTS)[2]).toBe(move('--sds.peer-port', "the resource nodes' internal ports: rn0 on it, each next node +1"));
    expect(failureRows(failure('ipfs', inUse('127.0.0.1:6798')), PORTS)[2]).toBe(move('--sds.ipfs-port', "the storage client API's port"));
    expect(failureRows(failure('gateway-USWEST', inUse('127.0.0.1:8082')), PORTS)).toEqual([
      '  the USWEST gateway failed to start: 127.0.0.1:8082 is in use by another process (listen EADDRINUSE)',
      '  log: /h/gateway-USWEST.log',
      move('--gateway.port', "the gateways' ports: EU on it, USEAST, USWEST and ASIA on the next three"),
    ]);
    // an address no flag of npm start sets
    expect(failureRows(failure('rn0', inUse('127.0.0.1:1234')), PORTS)[2]).toBe('  fix: stop that process, then stop this network (Ctrl-C) and start it again');
  });

  it("another cause: the part's own error, else its exit code", () => {
    expect(failureRows(failure('rn0', 'Error: chain unreachable\n'), PORTS)).toEqual(['  resource node rn0 failed to start: chain unreachable', '  log: /h/rn0.log']);
    expect(failureRows(failure('meta', '', null), PORTS)).toEqual(['  the meta-node service (meta) failed to start: exited with code null before serving', '  log: /h/meta.log']);
    expect(failureRows(new Error('funding failed: insufficient funds'), PORTS)).toEqual(['  funding failed: insufficient funds']);
  });
});

describe('a gateway on a taken port', () => {
  let taken: Awaited<ReturnType<typeof takenPort>>;
  let port: number;
  beforeAll(async () => {
    taken = await takenPort();
    port = taken.port;
  });
  afterAll(() => taken.close());

  it('fails with the failure the banner reads', async () => {
    const home = await tempHome();
    const e = await startLocalGateways(home, { basePort: port, rpcUrls: ['http://127.0.0.1:1'], spfsUrl: 'http://127.0.0.1:1' }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(ProcessStartFailure);
    expect(failureRows(e, { ...PORTS, gatewayPort: port })).toEqual([
      `  the EU gateway failed to start: 127.0.0.1:${port} is in use by another process (listen EADDRINUSE)`,
      `  log: ${join(home, 'gateways', 'EU', 'gateway.log')}`,
      move('--gateway.port', "the gateways' ports: EU on it, USEAST, USWEST and ASIA on the next three"),
    ]);
  });
});

describe('a part that dies after it started', () => {
  it('is said on the network\'s stderr with its log; one stopped with SIGTERM is not', async () => {
    const home = await tempHome();
    const base = await freePort();
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
    try {
      const gateways = await startLocalGateways(home, { basePort: base, rpcUrls: ['http://127.0.0.1:1'], spfsUrl: 'http://127.0.0.1:1' });
      const eu = gateways[0]!.process;
      const exited = new Promise((r) => eu.child.once('exit', r));
      eu.child.kill('SIGKILL');
      await exited;
      await Promise.all(gateways.slice(1).map((g) => stopProcess(g.process)));
      expect(written.filter((l) => l.includes(' exited ('))).toEqual([
        `gateway-EU exited (killed by SIGKILL): the local network runs without it until the next start; its log: ${join(home, 'gateways', 'EU', 'gateway.log')}\n`,
      ]);
    } finally {
      spy.mockRestore();
    }
  }, 30_000);
});
