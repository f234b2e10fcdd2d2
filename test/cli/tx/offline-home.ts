/**
 * A client home whose keyring holds alice (test backend) and whose client.toml points at a port
 * where no node listens (9, discard): for tests of what a command refuses locally, before anything
 * is signed or sent — any network call would fail differently. `chaind` runs in this process.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { main } from '../../../src/cli/chaind.ts';
import { bufferOutput } from '../../../src/cli/output.ts';
import { scriptedPrompter } from '../../../src/cli/prompt.ts';
import { hdPath } from '../../../src/crypto/hd.ts';
import { openKeyring } from '../../../src/crypto/keyring/open.ts';
import { CHAIN_ID, MNEMONIC } from '../../helpers/fixture.ts';

export interface OfflineHome {
  /** the temporary folder (the home is its `home/`) */
  readonly dir: () => string;
  readonly home: () => string;
  chaind(args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  /** exit 1 with `Error: <text>` and nothing on stdout */
  fails(args: string[], text: string): Promise<void>;
}

/** Registers the home's creation and removal with the test file's beforeAll / afterAll. */
export function offlineHome(prefix: string): OfflineHome {
  let dir = '';
  let home = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
    home = join(dir, 'home');
    await openKeyring({ backend: 'test', dir: home }).newAccount('alice', MNEMONIC, '', hdPath(0, 0), 'eth_secp256k1');
    await mkdir(join(home, 'config'), { recursive: true });
    await writeFile(join(home, 'config', 'client.toml'), `chain-id = "${CHAIN_ID}"\nkeyring-backend = "test"\nnode = "tcp://127.0.0.1:9"\n`);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const chaind = async (args: string[]) => {
    const out = bufferOutput();
    const code = await main([...args, '--home', home], { out, prompt: scriptedPrompter([], out.stderr) });
    return { code, stdout: out.out, stderr: out.err };
  };
  return {
    dir: () => dir,
    home: () => home,
    chaind,
    async fails(args, text) {
      expect(await chaind(args), args.join(' ')).toEqual({ code: 1, stdout: '', stderr: `Error: ${text}\n` });
    },
  };
}
