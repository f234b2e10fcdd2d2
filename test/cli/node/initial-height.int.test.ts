/**
 * A chain whose genesis starts above height 1 (`init --initial-height`, what a non-zero-height
 * `chaind export` writes) with its validators from gentxs (genesis.json lists none): its first block
 * is at the initial height, made with the set InitChain returned.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { tempHome } from '../run-chaind.ts';
import { chaind } from './in-process.ts';
import { freePort, rpc, startChaind, type NodeProcess } from './node-process.ts';

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const ALICE = 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx';

describe('a gentx chain with initial height 5', () => {
  let node: NodeProcess | undefined;
  afterAll(async () => {
    await node?.stop();
  });

  it('makes blocks 5, 6, … with the gentx validator signing', async () => {
    const home = await tempHome();
    expect((await chaind(['init', 'val', '--home', home, '--chain-id', 'ih-1', '--initial-height', '5'])).code).toBe(0);
    expect((await chaind(['keys', 'add', 'alice', '--recover', '--keyring-backend', 'test', '--home', home], [MNEMONIC])).code).toBe(0);
    expect((await chaind(['genesis', 'add-genesis-account', ALICE, '1000stos', '--home', home])).code).toBe(0);
    expect((await chaind(['genesis', 'gentx', 'alice', '100stos', '--keyring-backend', 'test', '--home', home])).code).toBe(0);
    expect((await chaind(['genesis', 'collect-gentxs', '--home', home])).code).toBe(0);
    const port = await freePort();
    node = startChaind(['--home', home, '--rpc.laddr', `tcp://127.0.0.1:${port}`, '--consensus.timeout_commit', '100ms', '--grpc.address', '127.0.0.1:0', '--json-rpc.enable=false']);
    await node.waitFor(/height=6 module=state/);
    const first = await rpc(port, 'block', { height: '5' });
    expect(first.block.header.height).toBe('5');
    const vals = await rpc(port, 'validators', { height: '5' });
    expect(vals.validators.map((v: { voting_power: string }) => v.voting_power)).toEqual(['100000']);
  }, 60_000);
});
