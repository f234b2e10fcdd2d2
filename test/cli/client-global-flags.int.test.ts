/**
 * The root's persistent flags on the client commands (SDK v0.47: `--log_level`, `--log_format`,
 * `--trace` on every command; `--chain-id`, `--grpc-addr`, `--grpc-insecure` and `--height` on
 * queries, `query tx` and `query txs` included): a command line copied from a real chain runs, and
 * the answer is the one without them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, startLocalNode, type LocalNode } from './tx/local-node.ts';

let ln: LocalNode;
beforeAll(async () => {
  ln = await startLocalNode();
}, 30_000);
afterAll(async () => {
  await ln?.close();
});

const GLOBAL = ['--log_level', 'debug', '--log_format', 'json', '--trace'];

describe('client commands take the global flags', { timeout: 30_000 }, () => {
  it('query: the same answer with --log_level, --log_format, --trace, --chain-id, --grpc-addr, --grpc-insecure', async () => {
    const plain = await ln.chaind(['query', 'bank', 'balances', ALICE.address, '-o', 'json']);
    expect(plain.code).toBe(0);
    const flagged = await ln.chaind(['query', 'bank', 'balances', ALICE.address, '-o', 'json', ...GLOBAL, '--chain-id', 'other-chain', '--grpc-addr', '127.0.0.1:1', '--grpc-insecure']);
    expect(flagged).toEqual(plain);
  });

  it('query tx and query txs accept --height (a committed tx is found at any height)', async () => {
    const sent = await ln.chaind(['tx', 'bank', 'send', 'alice', BOB.address, '1wei', '-y', '-o', 'json', ...GLOBAL]);
    expect(sent.code).toBe(0);
    const hash = JSON.parse(sent.stdout).txhash as string;
    ln.node.produceBlock();
    const byHash = await ln.chaind(['query', 'tx', hash, '-o', 'json']);
    expect(await ln.chaind(['query', 'tx', hash, '-o', 'json', '--height', '1', '--trace'])).toEqual(byHash);
    const search = ['query', 'txs', '--events', `tx.hash=${hash}`, '-o', 'json'];
    const found = await ln.chaind(search);
    expect(JSON.parse(found.stdout).total_count).toBe('1');
    expect(await ln.chaind([...search, '--height', '1', '--log_level', 'info'])).toEqual(found);
  });

  it('keys: --log_level, --log_format and --trace change nothing', async () => {
    const plain = await ln.chaind(['keys', 'show', 'alice', '-a']);
    expect(plain).toEqual({ code: 0, stdout: `${ALICE.address}\n`, stderr: '' });
    expect(await ln.chaind(['keys', 'show', 'alice', '-a', ...GLOBAL])).toEqual(plain);
  });
});
