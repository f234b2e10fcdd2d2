/**
 * `chaind start` runs the pot total-supply restoration by default, as the real chain does at
 * heights ≡ 1 (mod 10000), block 1 included (reference §3.6): the gap between the bank supply and
 * `initial_total_supply` is minted at block 1 into the community pool (the `distribution` module
 * account). With `[pot] restore-total-supply = false` in app.toml nothing is minted.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/chaind.ts';
import { bufferOutput } from '../../../src/cli/output.ts';
import { moduleAccountAddress } from '../../../src/modules/auth/account.ts';
import { balanceOf } from '../../../src/modules/bank/state.ts';
import { createLogger, parseLogLevel } from '../../../src/node/logger.ts';
import { resolveStartSettings } from '../../../src/node/settings.ts';
import { startNode, type RunningNode } from '../../../src/node/start.ts';
import { testKey } from '../../helpers/fixture.ts';

const STOS = 10n ** 18n;
const FUNDS = 12_345n * STOS;
const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function startWith(appTomlEdit: (text: string) => string): Promise<{ node: RunningNode; initialTotalSupply: bigint }> {
  const home = await mkdtemp(join(tmpdir(), 'pot-restore-'));
  dirs.push(home);
  expect(await main(['init', 'r', '--home', home], { out: bufferOutput() })).toBe(0);
  expect(await main(['genesis', 'add-genesis-account', testKey(0).address, `${FUNDS}wei`, '--home', home], { out: bufferOutput() })).toBe(0);
  const appToml = join(home, 'config', 'app.toml');
  await writeFile(appToml, appTomlEdit(await readFile(appToml, 'utf8')));
  const genesis = JSON.parse(await readFile(join(home, 'config', 'genesis.json'), 'utf8'));
  const settings = resolveStartSettings(home, new Map([['rpc.laddr', 'tcp://127.0.0.1:0'], ['json-rpc.enable', 'false'], ['grpc.enable', 'false'], ['consensus.timeout_commit', '20ms']]));
  const node = await startNode(home, { settings, logger: createLogger({ format: 'json', filter: parseLogLevel('error'), write: () => undefined }) });
  while (node.node.height < 1n) await new Promise((r) => setTimeout(r, 10));
  return { node, initialTotalSupply: BigInt(genesis.app_state.pot.params.initial_total_supply.amount) };
}

describe('chaind start and the total-supply restoration', { timeout: 30_000 }, () => {
  it('by default mints the gap to initial_total_supply into the community pool at block 1', async () => {
    const { node, initialTotalSupply } = await startWith((t) => t);
    try {
      // the spec's default: 4·10^26 wei
      expect(initialTotalSupply).toBe(400_000_000n * STOS);
      const state = node.node.chain.app.state;
      expect(balanceOf(state, moduleAccountAddress('distribution'), 'wei')).toBe(initialTotalSupply - FUNDS);
      expect(state.bank.supply.wei).toBe(initialTotalSupply);
      expect(balanceOf(state, moduleAccountAddress('pot'), 'wei')).toBe(0n);
      expect(balanceOf(state, testKey(0).address, 'wei')).toBe(FUNDS);
    } finally {
      await node.close();
    }
  });

  it('with [pot] restore-total-supply = false the supply stays the genesis supply', async () => {
    const { node } = await startWith((t) => t.replace('restore-total-supply = true', 'restore-total-supply = false'));
    try {
      const state = node.node.chain.app.state;
      expect(balanceOf(state, moduleAccountAddress('distribution'), 'wei')).toBe(0n);
      expect(state.bank.supply.wei).toBe(FUNDS);
    } finally {
      await node.close();
    }
  });
});
