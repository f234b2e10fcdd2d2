/**
 * `tx pot report` signing with the meta nodes whose owner keys are in the home (docs/pot.md):
 * four bonded meta nodes (alice's, alice's suspended one, bob's, carol's; threshold
 * max(1, floor(2·4/3)) = 2), a home whose keyring holds alice and later bob, and the real
 * BLS12-381 verifier on the node. Expected BLS keys are derived here with node:crypto's HKDF.
 */
import { createHash, hkdfSync } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressFromBech32, Hrp } from '../../../../src/crypto/address.ts';
import { hdPath } from '../../../../src/crypto/hd.ts';
import { openKeyring } from '../../../../src/crypto/keyring/open.ts';
import { defaultRegisterGenesis } from '../../../../src/modules/register/genesis.ts';
import { acceptingBlsVerifier, bls12381Verifier, setBlsVerifier } from '../../../../src/modules/pot/bls.ts';
import { genesisWith, MNEMONIC, testKey } from '../../../helpers/fixture.ts';
import { genesisMetaNode, nodeKeyOf } from '../../../modules/register/harness.ts';
import { startCliNode, type CliNode } from '../cli-node.ts';
import { deliverTx, FEE } from './pot-node.ts';

const STOS = 10n ** 18n;
const [ALICE, BOB, CAROL] = [testKey(0), testKey(1), testKey(2)];
const MA = nodeKeyOf(0x61);
const MA2 = nodeKeyOf(0x64);
const MB = nodeKeyOf(0x62);
const MC = nodeKeyOf(0x63);
const R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;

/** IETF KeyGen with the chaind salt, written with node:crypto (first iteration: never 0 here) */
function expectedPubKey(ownerPriv: Uint8Array, networkAddress: string): string {
  const salt = createHash('sha256').update('chaind meta-node bls').digest();
  const okm = Buffer.from(hkdfSync('sha256', Buffer.concat([ownerPriv, Buffer.from([0])]), salt, Buffer.concat([Buffer.from(networkAddress), Buffer.from([0, 48])]), 48));
  const sk = BigInt('0x' + okm.toString('hex')) % R;
  return Buffer.from(bls12_381.G1.Point.BASE.multiply(sk).toBytes(true)).toString('base64');
}

let n: CliNode;
beforeAll(async () => {
  setBlsVerifier(bls12381Verifier);
  const genesis = genesisWith([[ALICE.address, 10n ** 24n], [BOB.address, 100n * STOS], [CAROL.address, 100n * STOS]]);
  genesis.app_state.register = {
    ...defaultRegisterGenesis(),
    meta_nodes: [
      genesisMetaNode(MA, ALICE.address, 10n * STOS),
      genesisMetaNode(MA2, ALICE.address, 10n * STOS, { suspend: true }),
      genesisMetaNode(MB, BOB.address, 10n * STOS),
      genesisMetaNode(MC, CAROL.address, 10n * STOS),
    ],
  };
  n = await startCliNode('pot-signers', genesis);
  // the home knows the network's genesis, so the missing signers can be named
  await writeFile(join(n.home, 'config', 'genesis.json'), JSON.stringify(genesis));
}, 30_000);
afterAll(async () => {
  setBlsVerifier(acceptingBlsVerifier);
  await n?.close();
});

const tx = (args: string[]) => deliverTx(n, args);

const VOLUMES = JSON.stringify([{ wallet_address: ALICE.address, volume: '1000' }]);
const report = (epoch: number, ...extra: string[]) => ['tx', 'pot', 'report', '--epoch', String(epoch), '--reference', `ref-${epoch}`, '--wallet-volumes', VOLUMES, ...extra];

describe('tx pot report signs with the meta nodes whose owner keys are in the home', { timeout: 60_000 }, () => {
  it('needs --reporter-addr when --from owns several meta nodes', async () => {
    const r = await n.chaind([...report(1), '--from', 'alice', '--fees', FEE, '-y']);
    expect(r.code).toBe(1);
    // DepositByOwner lists by store key: the address bytes
    const owned = [MA.address, MA2.address].sort((a, b) => Buffer.compare(addressFromBech32(a, Hrp.sds), addressFromBech32(b, Hrp.sds)));
    expect(r.stderr).toBe(`Error: --reporter-addr is required: ${ALICE.address} (--from) owns 2 meta nodes (${owned.join(', ')}); name the reporting one\n`);
  });

  it('fails before broadcasting when fewer owner keys than the threshold are in the keyring, naming the others', async () => {
    const height = n.node.height;
    const r = await n.chaind([...report(1), '--reporter-addr', MA.address, '--from', 'alice', '--fees', FEE, '-y']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'Error: not enough meta node signers for the volume report: found 1, need 2 (max(1, floor(2 × 4 bonded meta nodes / 3)))' +
        `; signing: ${MA.address} (key alice)` +
        `; not signing: ${MA2.address} (owner key alice is here, but the meta node is suspended), ${MB.address} (owner ${BOB.address}: no key for it in the keyring), ${MC.address} (owner ${CAROL.address}: no key for it in the keyring)` +
        '; add the owner keys to the keyring (chaind keys add --recover / keys import), or give --bls-keys\n',
    );
    expect(n.node.height).toBe(height);
    expect(n.node.chain.app.state.pot.last_distributed_epoch).toBe(0n);
  });

  it('with bob added, alice and bob sign: the pub keys are the derived ones and the node verifies the BLS12-381 signature', async () => {
    await openKeyring({ backend: 'test', dir: n.home }).newAccount('bob', MNEMONIC, '', hdPath(0, 1), 'eth_secp256k1');
    const gen = await n.chaind([...report(1), '--reporter-addr', MA.address, '--from', 'alice', '--generate-only', '-o', 'json']);
    expect([gen.code, gen.stderr]).toEqual([0, '']);
    const msg = JSON.parse(gen.stdout).body.messages[0];
    expect(msg.BLS_signature.pub_keys).toEqual([expectedPubKey(ALICE.priv.key, MA.address), expectedPubKey(BOB.priv.key, MB.address)]);

    expect(await tx(['tx', 'pot', 'foundation-deposit', '--amount', '1000stos'])).toEqual({ code: 0, log: '' });
    expect(await tx(['tx', 'sds', 'prepay', 'alice', '10stos'])).toEqual({ code: 0, log: '' });
    expect(await tx(report(1, '--reporter-addr', MA.address))).toEqual({ code: 0, log: '' });
    expect(n.node.chain.app.state.pot.last_distributed_epoch).toBe(1n);
  });

  it('--signers limits the owner keys, and says which meta node it left out', async () => {
    const r = await n.chaind([...report(2), '--reporter-addr', MA.address, '--signers', 'alice', '--from', 'alice', '--fees', FEE, '-y']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'Error: not enough meta node signers for the volume report: found 1 (among --signers alice), need 2 (max(1, floor(2 × 4 bonded meta nodes / 3)))' +
        `; signing: ${MA.address} (key alice)` +
        `; not signing: ${MA2.address} (owner key alice is here, but the meta node is suspended), ${MB.address} (owner ${BOB.address}: owner key not among --signers), ${MC.address} (owner ${CAROL.address}: no key for it in the keyring)` +
        '; add the owner keys to the keyring (chaind keys add --recover / keys import), or give --bls-keys\n',
    );
    expect(await tx(report(2, '--reporter-addr', MA.address, '--signers', 'alice,bob'))).toEqual({ code: 0, log: '' });
  });

  it('the ways to sign are exclusive', async () => {
    const r = await n.chaind([...report(3), '--reporter-addr', MA.address, '--signers', 'alice', '--bls-keys', '05'.repeat(32), '--from', 'alice', '-y']);
    expect([r.code, r.stderr]).toEqual([1, 'Error: --signers and --bls-keys cannot be used together: give at most one way to sign\n']);
  });

  it('--offline needs the reporter and explicit BLS keys, as the meta nodes are looked up on the node', async () => {
    const r = await n.chaind([...report(3), '--reporter-addr', MA.address, '--from', 'alice', '--offline', '--account-number', '0', '--sequence', '0', '--chain-id', 'x', '--generate-only']);
    expect([r.code, r.stderr]).toEqual([1, 'Error: --offline: tx pot report asks the node for the meta nodes (reporter and signers); give --reporter-addr and --bls-keys (or --bls-signature) to build the report offline\n']);
  });

  it("the real chain's --bls-signature JSON is taken as raw string bytes, so its tx_data fails the chain's txData check (21)", async () => {
    const sig = JSON.stringify({ pub_keys: ['pk1'], signature: 'sig', tx_data: 'data' });
    const gen = await n.chaind([...report(3), '--reporter-addr', MA.address, '--bls-signature', sig, '--from', 'alice', '--generate-only', '-o', 'json']);
    expect(JSON.parse(gen.stdout).body.messages[0].BLS_signature).toEqual({ pub_keys: ['cGsx'], signature: 'c2ln', txData: 'ZGF0YQ==' });
    const res = await tx(report(3, '--reporter-addr', MA.address, '--bls-signature', sig));
    expect(res).toEqual({ code: 21, log: 'failed to execute message; message index: 0: BLS signature txData is invalid' });
  });
});
