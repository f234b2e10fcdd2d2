/**
 * `chaind start` on chain data SQLite cannot read (a file that is not a database, a truncated one):
 * exit 1 naming the file and what the operator can do, the home's lock released.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempHome } from '../run-chaind.ts';
import { freePort } from './node-process.ts';
import { chaind } from './in-process.ts';

describe('chaind start on damaged chain data', () => {
  it('names the file and the way out, for a file that is not a database and for a truncated one', async () => {
    const home = await tempHome();
    expect((await chaind(['init', 'val', '--home', home, '--chain-id', 'damaged-1'])).code).toBe(0);
    const args = ['--home', home, '--rpc.laddr', `tcp://127.0.0.1:${await freePort()}`, '--grpc.address', '127.0.0.1:0', '--consensus.timeout_commit', '50ms'];
    expect((await chaind(['start', ...args, '--halt-height', '4'])).code).toBe(0);
    const db = join(home, 'data/chain.sqlite');
    const advice = 'restore it from a copy, or start the chain over with "chaind consensus unsafe-reset-all" (deletes the chain data)';
    truncateSync(db, 30_000);
    const truncated = await chaind(['start', ...args]);
    expect([truncated.code, truncated.stderr.trim().split('\n').at(-1)]).toEqual([1, `Error: the chain data ${db} is damaged (database disk image is malformed): ${advice}`]);
    writeFileSync(db, 'not a database, just text that is long enough to be read as a header of one');
    const garbage = await chaind(['start', ...args]);
    expect([garbage.code, garbage.stderr.trim().split('\n').at(-1)]).toEqual([1, `Error: the chain data ${db} is damaged (file is not a database): ${advice}`]);
    expect(existsSync(join(home, 'data/LOCK'))).toBe(false);
  });
});
