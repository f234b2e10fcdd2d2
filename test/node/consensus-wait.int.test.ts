/**
 * The node commits a block only with precommits of more than 2/3 of its set's voting power
 * (CometBFT): with less — validators switched offline, a validator whose key it does not hold — it
 * makes no block and says once that it waits; once enough sign again, blocks go on. A chain whose
 * initial height is above 1 (an export started again) knows its set before its first block.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appModules } from '../../src/abci/modules.ts';
import { cometBlockMeta } from '../../src/consensus/block-meta.ts';
import { createPrivValidatorKey } from '../../src/consensus/keys.ts';
import { OperatorControl } from '../../src/node/consensus-control.ts';
import { genesisValidatorOf, validatorSetOf } from '../../src/node/genesis-file.ts';
import { Node } from '../../src/node/node.ts';
import type { GenesisDoc } from '../../src/state/genesis.ts';
import { genesisWith, testKey } from '../helpers/fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'consensus-wait-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const big = createPrivValidatorKey(new Uint8Array(32).fill(1));
const small = createPrivValidatorKey(new Uint8Array(32).fill(2));
let n = 0;

function nodeWith(keysHeld: readonly (typeof big)[], genesis: GenesisDoc = genesisWith([[testKey(0).address, 10n ** 21n]])) {
  // powers 2 and 1: the big one alone holds exactly 2/3, not more
  const genesisValidators = [genesisValidatorOf(big, 'big', 2n), genesisValidatorOf(small, 'small', 1n)];
  const validators = validatorSetOf(genesisValidators);
  const control = new OperatorControl(keysHeld.map((k) => k.address));
  const said: string[] = [];
  let tick = 0n;
  const node = new Node({
    ...appModules,
    dbPath: join(dir, `chain-${n++}.sqlite`),
    genesis,
    identity: { id: 'x', moniker: 'm', listenAddr: '', rpcAddress: '' },
    validators,
    genesisValidators,
    consensusControl: control,
    blockMeta: cometBlockMeta({ privValidatorKeys: keysHeld, genesisValidators: validators, consensusParams: genesis.consensus_params, control }),
    clock: () => 1_704_067_201_000_000_000n + tick++ * 1_000_000_000n,
    onConsensusWait: (m) => said.push(m),
  });
  return { node, control, said };
}

describe('consensus waits for more than 2/3 of the voting power', () => {
  it('a validator offline leaving exactly 2/3: no block, one message; back online: blocks go on', () => {
    const { node, control, said } = nodeWith([big, small]);
    try {
      expect(node.produceBlock()?.height).toBe(1n);
      control.setOffline(small.address, true);
      expect(node.produceBlock()).toBeUndefined();
      expect(node.produceBlock()).toBeUndefined();
      expect(node.height).toBe(1n);
      expect(said).toEqual([
        'consensus waits at height 2: the validators that sign hold 2 of 3 voting power, and a block needs more than 2/3 (switch validators online with "chaind consensus validator-offline <validator> --online")',
      ]);
      control.setOffline(small.address, false);
      expect(node.produceBlock()?.height).toBe(2n);
      expect(said.at(-1)).toBe('consensus goes on at height 2: validators holding 3 of 3 voting power sign');
    } finally {
      node.close();
    }
  });

  it('a validator whose key the node does not hold never signs: with 2/3 held, the chain does not start', () => {
    const { node, said } = nodeWith([big]);
    try {
      expect(node.produceBlock()).toBeUndefined();
      expect(said).toHaveLength(1);
    } finally {
      node.close();
    }
  });

  it('a chain whose initial height is 5 makes its first block at 5 with the genesis set', () => {
    const genesis = { ...genesisWith([[testKey(0).address, 10n ** 21n]]), initial_height: '5' };
    const { node, said } = nodeWith([big, small], genesis);
    try {
      expect(node.produceBlock()?.height).toBe(5n);
      expect(said).toEqual([]);
    } finally {
      node.close();
    }
  });
});
