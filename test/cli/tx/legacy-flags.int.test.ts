/**
 * The older-style flags spec §4.3 lists for `tx register remove-meta-node` and `tx pot withdraw`:
 * `--indent` and `--trust-node` (default true) are accepted, bare or with a Go bool value, and
 * change nothing (an SDK v0.47 client prints compact JSON and verifies no proofs). Given a home
 * with no node (`--generate-only` from an address), the output with them equals the output without.
 */
import { toBech32 } from '@cosmjs/encoding';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAIN_ID, testKey } from '../../helpers/fixture.ts';
import { chaindInProcess } from './tx-cli.ts';

const ALICE = testKey(0);
const BOB = testKey(1);
const META_NODE = toBech32('stsds', new Uint8Array(20).fill(9));

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'chaind-legacy-flags-'));
});

const run = (...args: string[]) => chaindInProcess([...args, '--generate-only', '--chain-id', CHAIN_ID, '--home', home]);

describe('--indent and --trust-node', () => {
  const commands: [string, string[]][] = [
    ['pot withdraw', ['tx', 'pot', 'withdraw', '--amount', '1stos', '--target-address', BOB.address, '--from', ALICE.address]],
    ['register remove-meta-node', ['tx', 'register', 'remove-meta-node', '--network-address', META_NODE, '--from', ALICE.address]],
  ];
  for (const [name, args] of commands) {
    it(`${name}: accepted bare or with a value, without effect`, async () => {
      const plain = await run(...args);
      expect(plain.code).toBe(0);
      expect(plain.stderr).toBe('');
      for (const extra of [['--indent'], ['--trust-node'], ['--indent=true', '--trust-node=false'], ['--trust-node', 'false', '--indent', 'F']]) {
        expect(await run(...args, ...extra)).toEqual(plain);
      }
    });
  }

  it('a value that is not a Go bool is refused, naming the flag', async () => {
    const r = await run('tx', 'pot', 'withdraw', '--amount', '1stos', '--target-address', BOB.address, '--from', ALICE.address, '--trust-node=maybe');
    expect(r).toEqual({ code: 1, stdout: '', stderr: `Error: invalid argument "maybe" for "--trust-node" flag: strconv.ParseBool: parsing "maybe": invalid syntax\nRun 'chaind tx pot withdraw --help' for usage.\n` });
  });

  it('other tx commands do not take them (the spec lists them for these two only)', async () => {
    const r = await run('tx', 'bank', 'send', ALICE.address, BOB.address, '1wei', '--indent');
    expect(r).toEqual({ code: 1, stdout: '', stderr: "Error: unknown flag: --indent\nRun 'chaind tx bank send --help' for usage.\n" });
  });
});
