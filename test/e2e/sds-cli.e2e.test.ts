/**
 * End to end through the CLI against a real node process (issue 6): a genesis with one active meta
 * node of alice (10 stos: St = 10^19 wei, Lt = 10^13 noz), then `tx sds prepay`, `tx sds upload`,
 * and the queries, with alice's balance checked to the wei.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChaind, tempHome } from '../cli/run-chaind.ts';
import { freePort, startChaind, waitForTx } from '../cli/node/node-process.ts';
import { testKey } from '../helpers/fixture.ts';
import { genesisMetaNode, nodeKeyOf } from '../modules/register/harness.ts';

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const alice = testKey(0);
const bob = testKey(1);
const META = nodeKeyOf(31);
const STOS = 10n ** 18n;
const FUNDS = 1000n * STOS;
const FEE = 200_000_000_000_000n;
const HASH = 'v05ahm50ugfjrgd3ga8mqi6bqka32ks3dooe1p9g';
const CHAIN = 'sds-e2e';

describe('sds through the CLI against a node process', () => {
  it('prepay and upload, then the queries and alice balance to the wei', async () => {
    const home = await tempHome();
    const h = ['--home', home];
    expect((await runChaind(['init', 'sds-node', '--chain-id', CHAIN, ...h])).code).toBe(0);
    expect((await runChaind(['keys', 'add', 'alice', '--recover', '--keyring-backend', 'test', ...h], MNEMONIC + '\n')).code).toBe(0);
    expect((await runChaind(['genesis', 'add-genesis-account', alice.address, `${FUNDS}wei`, ...h])).code).toBe(0);
    const genesisPath = join(home, 'config', 'genesis.json');
    const genesis = JSON.parse(await readFile(genesisPath, 'utf8'));
    genesis.app_state.register.meta_nodes = [genesisMetaNode(META, alice.address, 10n * STOS)];
    await writeFile(genesisPath, JSON.stringify(genesis, null, 2));

    const port = await freePort();
    const node = startChaind([...h, '--rpc.laddr', `tcp://127.0.0.1:${port}`, '--consensus.timeout_commit', '150ms', '--minimum-gas-prices', '0wei', '--grpc.address', '127.0.0.1:0']);
    try {
      await node.waitFor(/committed state .*height=1\b/);
      const client = ['--node', `tcp://127.0.0.1:${port}`, ...h];
      const tx = async (args: string[]) => {
        const r = await runChaind(['tx', 'sds', ...args, '--chain-id', CHAIN, '--keyring-backend', 'test', '--fees', `${FEE}wei`, '-y', '-o', 'json', ...client]);
        expect([r.code, r.stderr]).toEqual([0, '']);
        const res = JSON.parse(r.stdout) as { code: number; txhash: string };
        expect(res.code).toBe(0);
        return waitForTx(port, res.txhash);
      };
      const query = async (args: string[]) => {
        const r = await runChaind(['query', ...args, '-o', 'json', ...client]);
        expect([r.code, r.stderr]).toEqual([0, '']);
        return JSON.parse(r.stdout);
      };

      expect((await tx(['prepay', 'alice', bob.address, '1stos'])).tx_result.code).toBe(0);
      const up = await tx(['upload', '--file-hash', HASH, '--uploader', bob.address, '--reporter', META.address, '--from', 'alice']);
      expect(up.tx_result.code).toBe(0);

      expect(await query(['sds', 'upload', HASH])).toEqual({ file_info: { height: up.height, reporters: 'AQAAAAAAAAA=', uploader: bob.address } });
      // trunc(1e13 · 1e18 / (1e19 + 0 + 1e18)) = 909090909090 noz bought
      expect(await query(['sds', 'noz-supply'])).toEqual({ remaining: (10n ** 13n - 909_090_909_090n).toString(), total: '10000000000000' });
      expect(await query(['sds', 'params'])).toEqual({ bond_denom: 'wei' });
      // 1000 stos − 10 stos deposited at genesis − 1 stos prepaid − two fees
      const balances = (await query(['bank', 'balances', alice.address])) as { balances: { denom: string; amount: string }[] };
      expect(balances.balances).toEqual([{ denom: 'wei', amount: (FUNDS - 10n * STOS - STOS - 2n * FEE).toString() }]);
    } finally {
      await node.stop();
    }
  }, 120_000);
});
