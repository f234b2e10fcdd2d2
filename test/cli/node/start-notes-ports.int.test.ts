/**
 * `chaind start`: the global flags accepted without effect (`--trace`, a `--chain-id` other than
 * genesis.json's) log their note; a server whose address another process holds fails the start
 * with one message naming the address and the flag that moves it (no grpc-js log line).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { resolveStartSettings } from '../../../src/node/settings.ts';
import { runChaind, tempHome } from '../run-chaind.ts';
import { freePort } from './node-process.ts';
import { takenPort } from '../../helpers/free-port.ts';
import { chaind } from './in-process.ts';

let home: string;

beforeAll(async () => {
  home = await tempHome();
  expect((await chaind(['init', 'notes', '--home', home, '--chain-id', 'notes-1'])).code).toBe(0);
});

describe('the global flags start accepts without effect log a note', () => {
  it('--trace given, --chain-id other than genesis.json', () => {
    const genesis = join(home, 'config/genesis.json');
    // a fresh home's one note: gRPC-Web is on in app.toml and not served
    const grpcWeb = 'gRPC-Web server not started (grpc-web.address 0.0.0.0:9091): gRPC-Web is not served by this simulator (the gRPC server is)';
    expect(resolveStartSettings(home, new Map([['trace', 'true'], ['chain-id', 'other-chain']])).notes).toEqual([
      '--trace has no effect: errors carry no stack traces',
      `--chain-id other-chain has no effect: the chain id comes from genesis.json (${genesis}: chain_id notes-1)`,
      grpcWeb,
    ]);
    // the values of a fresh home, and genesis.json's own chain id, log nothing
    expect(resolveStartSettings(home, new Map([['trace', 'false'], ['chain-id', 'notes-1']])).notes).toEqual([grpcWeb]);
    expect(resolveStartSettings(home).notes).toEqual([grpcWeb]);
  });

  it('are logged by a start', async () => {
    const r = await chaind(['start', '--home', home, '--rpc.laddr', `tcp://127.0.0.1:${await freePort()}`, '--grpc.address', '127.0.0.1:0', '--halt-height', '1', '--trace', '--chain-id', 'other-chain']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(' INF --trace has no effect: errors carry no stack traces module=server\n');
    expect(r.stderr).toContain(` INF --chain-id other-chain has no effect: the chain id comes from genesis.json (${join(home, 'config/genesis.json')}: chain_id notes-1) module=server\n`);
  });
});

describe('a server address in use fails the start naming the flag', () => {
  let taken: Awaited<ReturnType<typeof takenPort>>;
  let port: number;
  beforeAll(async () => {
    taken = await takenPort();
    port = taken.port;
  });
  afterAll(() => taken.close());

  /** A real process (grpc-js logs to the process's stderr): exit 1, log lines, then the one error line. */
  async function failedStart(flags: string[]): Promise<string> {
    const r = await runChaind(['start', '--home', home, '--consensus.timeout_commit', '100ms', ...flags]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n');
    expect(lines.pop()).toBe('');
    const last = lines.pop()!;
    // nothing but the node's own log lines before it
    expect(lines.filter((l) => !/^\d{1,2}:\d\d[AP]M (INF|ERR) /.test(l))).toEqual([]);
    return last;
  }

  it('the consensus RPC: --rpc.laddr', async () => {
    expect(await failedStart(['--rpc.laddr', `tcp://127.0.0.1:${port}`, '--grpc.address', '127.0.0.1:0'])).toBe(
      `Error: failed to start a server: --rpc.laddr tcp://127.0.0.1:${port}: the address is already in use (another process listens on it): choose another with --rpc.laddr`,
    );
  });

  it('REST: --api.address', async () => {
    expect(await failedStart(['--rpc.laddr', `tcp://127.0.0.1:${await freePort()}`, '--api.enable', '--api.address', `tcp://127.0.0.1:${port}`, '--grpc.address', '127.0.0.1:0'])).toBe(
      `Error: failed to start a server: --api.address tcp://127.0.0.1:${port}: the address is already in use (another process listens on it): choose another with --api.address, or turn the REST server off with --api.enable=false`,
    );
  });

  it('gRPC: --grpc.address, without grpc-js log line', async () => {
    expect(await failedStart(['--rpc.laddr', `tcp://127.0.0.1:${await freePort()}`, '--grpc.address', `127.0.0.1:${port}`])).toBe(
      `Error: failed to start a server: --grpc.address 127.0.0.1:${port}: the address is already in use (another process listens on it): choose another with --grpc.address, or turn the gRPC server off with --grpc.enable=false`,
    );
  });
});
