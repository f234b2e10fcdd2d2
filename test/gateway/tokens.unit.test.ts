import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashToken, TOKEN_PATTERN, TokenStore } from '../../src/gateway/tokens.ts';

const OWNER = 'st144ykkar9fhl8khs7lwz0s7py9vj4w9adp37kt9';
let dir: string;
let store: TokenStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gw-tokens-'));
  store = new TokenStore(join(dir, 'gateway.sqlite'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('TokenStore', () => {
  it('issues 28-character base64 tokens without "/", distinct', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const { token } = store.create('free', '', '', 1);
      expect(token).toMatch(TOKEN_PATTERN);
      expect(token).toHaveLength(28);
      expect(Buffer.from(token, 'base64')).toHaveLength(20);
      seen.add(token);
    }
    expect(seen.size).toBe(200);
  });

  it('stores the SHA-256 of a token, never the token', () => {
    const { token, row } = store.create('basic', OWNER, 'ops', 1700000000);
    expect(row).toEqual({ id: 1, prefix: token.slice(0, 4), tier: 'basic', owner: OWNER, label: 'ops', created_at: 1700000000, revoked_at: 0 });
    const stored = store.db.prepare('SELECT * FROM tokens').all() as Record<string, unknown>[];
    expect(stored[0]!.hash).toBe(hashToken(token));
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token.slice(0, 12));
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    for (const f of readdirSync(dir)) {
      const bytes = readFileSync(join(dir, f));
      expect(bytes.includes(Buffer.from(token))).toBe(false);
      expect(bytes.includes(Buffer.from(token, 'base64'))).toBe(false);
    }
  });

  it('looks tokens up by their hash; malformed or unknown ones are not found', () => {
    const { token, row } = store.create('free', '', '', 1);
    expect(store.lookup(token)).toEqual(row);
    expect(store.lookup(token.slice(0, 27))).toBeUndefined();
    expect(store.lookup(`${token}x`)).toBeUndefined();
    expect(store.lookup(token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase())).toBeUndefined();
    expect(store.lookup('')).toBeUndefined();
    expect(store.lookup(`${'A'.repeat(27)}=`)).toBeUndefined();
  });

  it('revokes once, re-tiers, lists', () => {
    const a = store.create('free', '', '', 1);
    const b = store.create('free', OWNER, '', 2);
    expect(store.revoke(a.row.id, 50)).toBe(true);
    expect(store.revoke(a.row.id, 60)).toBe(false);
    expect(store.revoke(99, 60)).toBe(false);
    expect(store.lookup(a.token)!.revoked_at).toBe(50);
    expect(store.setTier(b.row.id, 'pro')).toBe(true);
    expect(store.setTier(99, 'pro')).toBe(false);
    expect(store.lookup(b.token)!.tier).toBe('pro');
    expect(store.list().map((r) => [r.id, r.tier, r.revoked_at])).toEqual([[1, 'free', 50], [2, 'pro', 0]]);
  });

  it('adds usage per window and remembers what an owner added', () => {
    const { row } = store.create('free', '', '', 1);
    store.addUsage(row.id, 60, { requests: 1, bytesIn: 2, bytesOut: 3, rejected: 4 });
    store.addUsage(row.id, 60, { requests: 1, bytesIn: 2, bytesOut: 3, rejected: 0 });
    expect(store.usage(row.id, 60)).toEqual({ window_start: 60, requests: 2, bytes_in: 4, bytes_out: 6, rejected: 4 });
    expect(store.usage(row.id, 120)).toEqual({ window_start: 120, requests: 0, bytes_in: 0, bytes_out: 0, rejected: 0 });
    store.addOwned(OWNER, 'Qm1');
    store.addOwned(OWNER, 'Qm1');
    expect(store.owns(OWNER, 'Qm1')).toBe(true);
    expect(store.owns('st1other', 'Qm1')).toBe(false);
  });

  it('knows content by its DAG, whichever CID version names it', () => {
    // `hello world\n` as Kubo adds it, and the same dag-pb node as CIDv1
    store.addOwned(OWNER, 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o');
    expect(store.owns(OWNER, 'bafybeicg2rebjoofv4kbyovkw7af3rpiitvnl6i7ckcywaq6xjcxnc2mby')).toBe(true);
    expect(store.owns(OWNER, 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o')).toBe(true);
    // the raw-leaf CIDv1 of the same bytes is another DAG
    expect(store.owns(OWNER, 'bafkreifjjcie6lypi6ny7amxnfftagclbuxndqonfipmb64f2km2devei4')).toBe(false);
  });
});
