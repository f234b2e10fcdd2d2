/** `gateway init|token create|list|revoke|set-tier` in process (main of src/cli/gateway.ts): outputs and errors. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/gateway.ts';
import { readGatewayConfig } from '../../src/gateway/config.ts';
import { hashToken, TOKEN_PATTERN } from '../../src/gateway/tokens.ts';

const OWNER = 'st144ykkar9fhl8khs7lwz0s7py9vj4w9adp37kt9';
let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'gw-cli-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

async function gateway(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(['--home', home, ...args], { out: { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) }, stopSignal: Promise.resolve() });
  return { code, stdout, stderr };
}

describe('gateway CLI', () => {
  it('init writes the config from the flags, once', async () => {
    const r = await gateway('init', '--region', 'usWest', '--listen', '127.0.0.1:9000', '--rpc-upstream', 'http://127.0.0.1:9301/=3', '--rpc-upstream', 'http://127.0.0.1:9302', '--spfs-upstream', 'http://127.0.0.1:6000');
    expect(r).toEqual({ code: 0, stdout: `${join(home, 'config', 'gateway.toml')}\n`, stderr: '' });
    expect(readGatewayConfig(home)).toMatchObject({
      region: 'USWEST', listen: '127.0.0.1:9000', spfsUpstream: 'http://127.0.0.1:6000',
      rpcUpstreams: [{ url: 'http://127.0.0.1:9301', weight: 3 }, { url: 'http://127.0.0.1:9302', weight: 1 }],
      regions: [{ region: 'USWEST', domain: 'http://127.0.0.1:9000', weight: 100 }],
    });
    expect(await gateway('init')).toEqual({ code: 1, stdout: '', stderr: `Error: ${join(home, 'config', 'gateway.toml')} exists: this home is initialized already\n` });
  });

  it('init refuses a bad region or upstream', async () => {
    expect((await gateway('init', '--region', 'MARS')).stderr).toBe('Error: unknown region code "MARS": expected one of EU, USEAST, USWEST, ASIA\n');
    expect((await gateway('init', '--rpc-upstream', 'ftp://x=1')).stderr).toBe('Error: invalid --rpc-upstream "ftp://x=1": expected http://host:port[=weight]\n');
    expect((await gateway('init', '--rpc-upstream', 'http://x=0')).stderr).toBe('Error: invalid --rpc-upstream "http://x=0": expected http://host:port[=weight]\n');
  });

  it('token create prints the token once; list shows its prefix and usage, never the token', async () => {
    expect((await gateway('token', 'create', '--tier', 'free')).stderr).toBe(`Error: no ${join(home, 'config', 'gateway.toml')}: run gateway init --home ${home} first\n`);
    await gateway('init', '--region', 'EU');
    const r = await gateway('token', 'create', '--tier', 'basic', '--owner', OWNER, '--label', 'alice');
    expect(r.code).toBe(0);
    const t = JSON.parse(r.stdout);
    expect(t).toEqual({ id: 1, token: expect.stringMatching(TOKEN_PATTERN), tier: 'basic', owner: OWNER, label: 'alice', region: 'EU' });
    const list = await gateway('token', 'list');
    expect(list.stdout).not.toContain(t.token);
    expect(JSON.parse(list.stdout)).toEqual([
      { id: 1, prefix: t.token.slice(0, 4), tier: 'basic', owner: OWNER, label: 'alice', created_at: expect.any(Number), revoked_at: 0, revoked: false, usage: { window_start: expect.any(Number), requests: 0, bytes_in: 0, bytes_out: 0, rejected: 0 } },
    ]);
    const db = readFileSync(join(home, 'data', 'gateway.sqlite'));
    expect(db.includes(Buffer.from(t.token))).toBe(false);
    expect(db.includes(Buffer.from(hashToken(t.token)))).toBe(true);
  });

  it('token create refuses an unknown tier or a bad owner', async () => {
    await gateway('init');
    expect(await gateway('token', 'create', '--tier', 'gold')).toEqual({ code: 1, stdout: '', stderr: 'Error: unknown tier "gold": the config has free, basic, pro\n' });
    expect((await gateway('token', 'create', '--tier', 'free', '--owner', 'st1nope')).stderr).toBe('Error: invalid --owner "st1nope": expected an st1… wallet address\n');
  });

  it('revoke once; set-tier to a configured tier', async () => {
    await gateway('init');
    await gateway('token', 'create', '--tier', 'free');
    expect(JSON.parse((await gateway('token', 'revoke', '1')).stdout)).toEqual({ id: 1, revoked: true });
    expect((await gateway('token', 'revoke', '1')).stderr).toBe('Error: token 1 is revoked already\n');
    expect((await gateway('token', 'revoke', '7')).stderr).toBe('Error: no token 7\n');
    expect((await gateway('token', 'revoke', 'abc')).stderr).toBe('Error: invalid token id "abc": expected the number `gateway token list` shows\n');
    expect(JSON.parse((await gateway('token', 'set-tier', '1', 'pro')).stdout)).toEqual({ id: 1, tier: 'pro' });
    expect((await gateway('token', 'set-tier', '1', 'gold')).stderr).toBe('Error: unknown tier "gold": the config has free, basic, pro\n');
    expect((await gateway('token', 'set-tier', '9', 'pro')).stderr).toBe('Error: no token 9\n');
    expect(JSON.parse((await gateway('token', 'list')).stdout)[0]).toMatchObject({ tier: 'pro', revoked: true });
  });
});
