/**
 * `chaind export` writes genutil's section as SDK v0.47's genutil ExportGenesis does (its default,
 * `{"gen_txs":[]}`, in sorted key order), and the exported document validates and starts a new
 * chain at its initial height.
 */
import { describe, expect, it } from 'vitest';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempHome } from '../run-chaind.ts';
import { freePort } from './node-process.ts';
import { chaind } from './in-process.ts';
import { testKey } from '../../helpers/fixture.ts';

describe('chaind export: genutil', () => {
  it('has "genutil":{"gen_txs":[]} in its place, validates and starts a new chain', async () => {
    const home = await tempHome();
    const alice = testKey(0);
    expect((await chaind(['init', 'val', '--home', home, '--chain-id', 'export-1'])).code).toBe(0);
    expect((await chaind(['genesis', 'add-genesis-account', alice.address, '1stos', '--home', home])).code).toBe(0);
    const start = ['--rpc.laddr', `tcp://127.0.0.1:${await freePort()}`, '--grpc.address', '127.0.0.1:0', '--consensus.timeout_commit', '50ms'];
    expect((await chaind(['start', '--home', home, ...start, '--halt-height', '4'])).code).toBe(0);

    const r = await chaind(['export', '--home', home]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(',"evidence":{"evidence":[]},"genutil":{"gen_txs":[]},"gov":{');
    const doc = JSON.parse(r.stdout);
    expect(Object.keys(doc.app_state)).toEqual(['auth', 'bank', 'distribution', 'evidence', 'genutil', 'gov', 'mint', 'pot', 'register', 'sds', 'slashing', 'staking']);
    expect(doc.app_state.genutil).toEqual({ gen_txs: [] });
    expect(doc.initial_height).toBe('4');
    // --modules-to-export knows it
    expect(JSON.parse((await chaind(['export', '--home', home, '--modules-to-export', 'genutil'])).stdout).app_state).toEqual({ genutil: { gen_txs: [] } });

    // a new home with the exported genesis and the same validator key
    const next = await tempHome();
    expect((await chaind(['init', 'val', '--home', next, '--chain-id', 'export-1'])).code).toBe(0);
    copyFileSync(join(home, 'config/priv_validator_key.json'), join(next, 'config/priv_validator_key.json'));
    expect((await chaind(['export', '--home', home, '--output-document', join(next, 'config/genesis.json')])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(next, 'config/genesis.json'), 'utf8')).app_state.genutil).toEqual({ gen_txs: [] });
    expect(await chaind(['genesis', 'validate-genesis', '--home', next])).toEqual({ code: 0, stdout: `File at ${join(next, 'config/genesis.json')} is a valid genesis file\n`, stderr: '' });
    const started = await chaind(['start', '--home', next, ...start, '--halt-height', '6']);
    expect(started.code).toBe(0);
    expect(started.stderr).toContain('INF node stopped height=5 module=server\n');
    expect(JSON.parse((await chaind(['export', '--home', next])).stdout).app_state.bank).toEqual(doc.app_state.bank);
  });
});
