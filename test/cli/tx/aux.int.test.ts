/**
 * `--aux` (spec §4.3, §5.2: `direct-aux` with `--aux`): a tx command prints the aux signer data of
 * SDK v0.47's `makeAuxSignerData` instead of sending; a fee payer puts it into a tx of its own
 * (what `aux-to-fee` does: the aux body, the aux signer's DIRECT_AUX signature and tip, its own
 * DIRECT signature over the whole) and the node delivers it.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codec } from '../../../src/codec/registry.ts';
import { encodeAuthInfo, encodeTxRaw, makeSignDocBytes, makeSignerInfo, SignMode } from '../../../src/codec/tx.ts';
import { pubKeyOf, signBytes } from '../../../src/crypto/keys.ts';
import { getAccount } from '../../../src/modules/auth/state.ts';
import { balanceOf } from '../../../src/modules/bank/state.ts';
import { CHAIN_ID } from '../../helpers/fixture.ts';
import { ALICE, BOB, CAROL, startLocalNode, type LocalNode } from './local-node.ts';

let ln: LocalNode;
beforeAll(async () => {
  ln = await startLocalNode();
}, 30_000);
afterAll(async () => {
  await ln?.close();
});

const ETH_PUBKEY_URL = '/chain.crypto.v1.ethsecp256k1.PubKey';
const FEE = 200_000_000_000_000n;

/**
 * What `aux-to-fee` makes of aux signer data: the aux body, the aux signer in its mode with its tip,
 * bob (fee payer) in DIRECT over the whole; broadcast, then a block; carol gets the 5 wei.
 */
async function deliverWithFeePayer(aux: { sig: string; sign_doc: { body_bytes: string; sequence: string } }, mode: number, tip: { amount: { denom: string; amount: string }[]; tipper: string }): Promise<void> {
  const bodyBytes = new Uint8Array(Buffer.from(aux.sign_doc.body_bytes, 'base64'));
  const sequence = BigInt(aux.sign_doc.sequence);
  const bobAccount = getAccount(ln.node.chain.app.state, BOB.address)!;
  const anyOf = (key: typeof ALICE) => ({ type_url: ETH_PUBKEY_URL, value: codec.encode(ETH_PUBKEY_URL, { key: pubKeyOf(key.priv).key }) });
  const authInfoBytes = encodeAuthInfo(
    {
      signer_infos: [makeSignerInfo(anyOf(ALICE), sequence, mode), makeSignerInfo(anyOf(BOB), bobAccount.sequence, SignMode.DIRECT)],
      fee: { amount: [{ denom: 'wei', amount: FEE.toString() }], gas_limit: 200_000n, payer: BOB.address, granter: '' },
      tip,
    },
    codec,
  );
  const bobSig = signBytes(BOB.priv, makeSignDocBytes(bodyBytes, authInfoBytes, CHAIN_ID, bobAccount.account_number));
  const tx = encodeTxRaw({ body_bytes: bodyBytes, auth_info_bytes: authInfoBytes, signatures: [new Uint8Array(Buffer.from(aux.sig, 'base64')), bobSig] }, codec);
  const carolBefore = balanceOf(ln.node.chain.app.state, CAROL.address, 'wei');
  const sent = await ln.node.broadcastTxSync(tx);
  expect({ code: sent.code, log: sent.code === 0 ? '' : sent.log }).toEqual({ code: 0, log: '' });
  ln.node.produceBlock();
  expect(balanceOf(ln.node.chain.app.state, CAROL.address, 'wei') - carolBefore).toBe(5n);
  expect(getAccount(ln.node.chain.app.state, ALICE.address)!.sequence).toBe(sequence + 1n);
}

describe('--aux', { timeout: 30_000 }, () => {
  it('prints the AuxSignerData (DIRECT_AUX by default); a fee payer completes the tx and the node delivers it', async () => {
    const r = await ln.chaind(['tx', 'bank', 'send', 'alice', CAROL.address, '5wei', '--aux', '--note', 'not signed']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const aux = JSON.parse(r.stdout);
    const sequence = getAccount(ln.node.chain.app.state, ALICE.address)?.sequence ?? 0n;
    expect(aux).toEqual({
      address: ALICE.address,
      sign_doc: {
        body_bytes: expect.any(String),
        public_key: { '@type': ETH_PUBKEY_URL, key: Buffer.from(pubKeyOf(ALICE.priv).key).toString('base64') },
        chain_id: CHAIN_ID,
        account_number: '0',
        sequence: sequence.toString(),
        // the tipper is the --from account; no --tip, no coins
        tip: { amount: [], tipper: ALICE.address },
      },
      mode: 'SIGN_MODE_DIRECT_AUX',
      sig: expect.any(String),
    });
    const bodyBytes = new Uint8Array(Buffer.from(aux.sign_doc.body_bytes, 'base64'));
    // the messages alone: the builder sets no memo (--note is not signed here)
    const body = codec.decode('sdk.tx.v1beta1.TxBody', bodyBytes) as { memo: string; messages: { type_url: string; value: Uint8Array }[] };
    expect([body.memo, body.messages.map((m) => codec.unpackAny(m).value)]).toEqual(['', [{ from_address: ALICE.address, to_address: CAROL.address, amount: [{ denom: 'wei', amount: '5' }] }]]);

    await deliverWithFeePayer(aux, SignMode.DIRECT_AUX, { amount: [], tipper: ALICE.address });
  });

  it('tx aux-to-fee: the fee payer completes the aux signer data from its file, signs after it and broadcasts', async () => {
    const r = await ln.chaind(['tx', 'bank', 'send', 'alice', CAROL.address, '5wei', '--aux']);
    expect(r.code).toBe(0);
    const file = join(await mkdtemp(join(tmpdir(), 'chaind-aux-')), 'aux.json');
    await writeFile(file, r.stdout);
    const before = balanceOf(ln.node.chain.app.state, CAROL.address, 'wei');
    const bobBefore = balanceOf(ln.node.chain.app.state, BOB.address, 'wei');
    const sent = await ln.chaind(['tx', 'aux-to-fee', file, '--from', 'bob', '--fees', `${FEE}wei`, '-y']);
    expect([sent.code, JSON.parse(sent.stdout).code]).toEqual([0, 0]);
    ln.node.produceBlock();
    expect(balanceOf(ln.node.chain.app.state, CAROL.address, 'wei') - before).toBe(5n);
    expect(bobBefore - balanceOf(ln.node.chain.app.state, BOB.address, 'wei')).toBe(FEE);
    // the aux data of another chain is refused
    await writeFile(file, r.stdout.replace(`"chain_id":"${CHAIN_ID}"`, '"chain_id":"other-chain"'));
    expect(await ln.chaind(['tx', 'aux-to-fee', file, '--from', 'bob', '-y'])).toEqual({ code: 1, stdout: '', stderr: `Error: expected chain-id ${CHAIN_ID}, got other-chain in aux signer data\n` });
  });

  it('--sign-mode amino-json signs the amino document over an empty fee; --tip sets the coins; other modes and misuses are refused', async () => {
    const r = await ln.chaind(['tx', 'bank', 'send', 'alice', CAROL.address, '5wei', '--aux', '--sign-mode', 'amino-json', '--tip', '3wei']);
    expect(r.code).toBe(0);
    const aux = JSON.parse(r.stdout);
    expect([aux.mode, aux.sign_doc.tip]).toEqual(['SIGN_MODE_LEGACY_AMINO_JSON', { amount: [{ denom: 'wei', amount: '3' }], tipper: ALICE.address }]);
    // the chain verifies it as the tipper's amino signature (over an empty fee); the tip itself is not paid (no TipDecorator)
    await deliverWithFeePayer(aux, SignMode.LEGACY_AMINO_JSON, { amount: [{ denom: 'wei', amount: '3' }], tipper: ALICE.address });

    expect(await ln.chaind(['tx', 'bank', 'send', 'alice', CAROL.address, '5wei', '--aux', '--sign-mode', 'direct'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: AuxTxBuilder can only sign with SIGN_MODE_DIRECT_AUX or SIGN_MODE_LEGACY_AMINO_JSON: invalid request\n',
    });
    expect(await ln.chaind(['tx', 'bank', 'send', 'alice', CAROL.address, '5wei', '--tip', '3wei'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: --tip is only valid with --aux (the tipper is the --from account, which signs the aux signer data)\n',
    });
    // without --aux, the one signer is the fee payer, which DIRECT_AUX does not cover
    expect(await ln.chaind(['tx', 'bank', 'send', 'alice', CAROL.address, '5wei', '--sign-mode', 'direct-aux', '-y'])).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: fee payer ${ALICE.address} cannot sign with SIGN_MODE_DIRECT_AUX: unauthorized\n`,
    });
  });
});
