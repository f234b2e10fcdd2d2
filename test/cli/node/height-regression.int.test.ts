/**
 * `chaind start` never signs below the height `priv_validator_state.json` records (CometBFT FilePV's
 * height regression check): after `consensus reset-state` (which keeps the file) and against a file
 * ahead of the stored chain it exits 1 naming the file, the heights and `unsafe-reset-all`, creating
 * nothing; a normal restart, and a start after `unsafe-reset-all`, work.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempHome } from '../run-chaind.ts';
import { freePort, startChaind } from './node-process.ts';
import { chaind } from './in-process.ts';

let home: string;
let stateFile: string;
let args: string[];

const state = () => JSON.parse(readFileSync(stateFile, 'utf8'));
const setState = (height: number, step: number) => writeFileSync(stateFile, JSON.stringify({ height: String(height), round: 0, step }, null, 2));
const advice = `"chaind consensus unsafe-reset-all" resets the file (and deletes the chain data)`;

beforeAll(async () => {
  home = await tempHome();
  stateFile = join(home, 'data/priv_validator_state.json');
  expect((await chaind(['init', 'val', '--home', home, '--chain-id', 'regress-1'])).code).toBe(0);
  args = ['--home', home, '--rpc.laddr', `tcp://127.0.0.1:${await freePort()}`, '--grpc.address', '127.0.0.1:0', '--consensus.timeout_commit', '50ms'];
  // blocks 1 to 3, then a clean stop records height 3
  expect((await chaind(['start', ...args, '--halt-height', '4'])).code).toBe(0);
  expect(state()).toEqual({ height: '3', round: 0, step: 3 });
});

describe('priv_validator_state.json ahead of the chain', () => {
  it('a restart continues above the recorded height', async () => {
    const r = await chaind(['start', ...args, '--halt-height', '6']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('INF node stopped height=5 module=server\n');
    expect(state()).toEqual({ height: '5', round: 0, step: 3 });
  });

  it('a file ahead of the stored chain is refused (height regression)', async () => {
    setState(9, 3);
    const r = await chaind(['start', ...args]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.endsWith(
      `Error: height regression. Got 6, last height 9: ${stateFile} records that this node's validator signed height 9, but its next block is height 6; signing that height again could double-sign. If the chain data was reset on purpose, ${advice}\n`,
    )).toBe(true);
    expect(r.stderr).not.toContain('committed state');
    // the file is left as it was, and the home is free
    expect(state()).toEqual({ height: '9', round: 0, step: 3 });
    expect(existsSync(join(home, 'data/LOCK'))).toBe(false);
  });

  it('the next height itself, once its precommit is signed, is refused too (step regression)', async () => {
    setState(6, 3);
    const r = await chaind(['start', ...args]);
    expect(r.code).toBe(1);
    expect(r.stderr.endsWith(
      `Error: step regression. Got 1, last step 3: ${stateFile} records that this node's validator signed height 6, but its next block is height 6; signing that height again could double-sign. If the chain data was reset on purpose, ${advice}\n`,
    )).toBe(true);
    setState(5, 3);
  });

  it('after consensus reset-state the new chain would sign from height 1: refused before its store is created', async () => {
    expect((await chaind(['consensus', 'reset-state', '--home', home])).code).toBe(0);
    expect(state()).toEqual({ height: '5', round: 0, step: 3 });
    const r = await chaind(['start', ...args]);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: height regression. Got 1, last height 5: ${stateFile} records that this node's validator signed height 5, but its next block is height 1; signing that height again could double-sign. If the chain data was reset on purpose, ${advice}\n`,
    });
    expect(existsSync(join(home, 'data/chain.sqlite'))).toBe(false);
    expect(existsSync(join(home, 'data/LOCK'))).toBe(false);
  });

  it('after a crash (kill -9) the file holds the heights the store holds: reset-state and start is refused', async () => {
    expect((await chaind(['consensus', 'unsafe-reset-all', '--home', home])).code).toBe(0);
    const node = startChaind(args);
    try {
      // blocks every 50 ms: the node records the height its store holds every second
      await node.waitFor(/committed state .*height=30 /);
      await new Promise((r) => setTimeout(r, 1200));
    } finally {
      node.child.kill('SIGKILL');
      await node.exited;
    }
    // recorded while it ran (a clean stop never came)
    expect(BigInt(state().height)).toBeGreaterThanOrEqual(30n);
    expect((await chaind(['consensus', 'reset-state', '--home', home])).code).toBe(0);
    const again = await chaind(['start', ...args]);
    expect([again.code, again.stderr]).toEqual([1, expect.stringMatching(/Error: height regression\. Got 1, last height \d+:/)]);
  }, 60_000);

  it('reset-state records the stored chain\'s last height when the file is behind it (a node that crashed before recording)', async () => {
    expect((await chaind(['consensus', 'unsafe-reset-all', '--home', home])).code).toBe(0);
    expect((await chaind(['start', ...args, '--halt-height', '5'])).code).toBe(0);
    setState(2, 3);
    const reset = await chaind(['consensus', 'reset-state', '--home', home]);
    expect([reset.code, reset.stderr]).toEqual([0, expect.stringContaining('Recorded the last signed height')]);
    expect(state()).toEqual({ height: '4', round: 0, step: 3 });
    expect((await chaind(['start', ...args])).stderr).toContain('Error: height regression. Got 1, last height 4:');
  });

  it('after consensus unsafe-reset-all the chain starts over', async () => {
    expect((await chaind(['consensus', 'unsafe-reset-all', '--home', home])).code).toBe(0);
    const r = await chaind(['start', ...args, '--halt-height', '3']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('INF node stopped height=2 module=server\n');
    expect(state()).toEqual({ height: '2', round: 0, step: 3 });
  });
});
