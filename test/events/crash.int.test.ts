import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Chain } from '../../src/abci/chain.ts';
import { appModules } from '../../src/abci/modules.ts';

/** Starts the writer, kills it with SIGKILL after `afterBlocks` committed blocks plus a random delay. */
function runAndKill(dbPath: string, afterBlocks: number, snapshots: 'whole' | 'deltas'): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/crash-writer.ts', dbPath, snapshots], { stdio: ['ignore', 'pipe', 'pipe'] });
    let last = 0;
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d: Buffer) => {
      const heights = d.toString().trim().split('\n').map(Number);
      last = heights[heights.length - 1]!;
      if (last >= afterBlocks && !child.killed) setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 40));
    });
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve(last) : reject(new Error(`writer exited ${code}: ${err}`))));
  });
}

describe('crash safety', () => {
  it.each(['whole', 'deltas'] as const)('a writer killed mid-block leaves the last committed block whole and nothing after it (%s snapshots)', async (snapshots) => {
    const dir = mkdtempSync(join(tmpdir(), 'crash-'));
    try {
      const dbPath = join(dir, 'chain.sqlite');
      for (let round = 0; round < 3; round++) {
        const reported = await runAndKill(dbPath, 4 + round * 4, snapshots);
        const chain = Chain.open({ ...appModules, dbPath });
        // the block being written when the kill came is either whole or absent
        expect(chain.height === BigInt(reported) || chain.height === BigInt(reported) + 1n).toBe(true);
        for (let h = 1n; h <= chain.height; h++) expect(chain.store.getBlock(h)!.txs.length).toBe(50);
        expect(chain.store.getBlock(chain.height + 1n)).toBeUndefined();
        // the restore above went through the deltas the writer left
        if (round === 2) expect(chain.store.snapshotBases().some(([, base]) => base !== undefined)).toBe(snapshots === 'deltas');
        chain.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
