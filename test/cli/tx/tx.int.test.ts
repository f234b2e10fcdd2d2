/**
 * `chaind tx …` as a real process against a node in this process (consensus RPC on a free loopback
 * port). Given alice and bob funded at genesis, when the CLI builds, signs and broadcasts, then the
 * node holds exactly the txs the outputs describe, signed by alice's key over the right sign bytes.
 */
import { decodeTxRaw as cosmjsDecodeTxRaw, makeSignBytes, makeSignDoc } from '@cosmjs/proto-signing';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { SigningKey } from 'ethers';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccount } from '../../../src/modules/auth/state.ts';
import { CHAIN_ID } from '../../helpers/fixture.ts';
import { ABANDON, ABANDON_MNEMONIC } from '../../crypto/vectors.ts';
import { toBech32 } from '@cosmjs/encoding';
import { ALICE, ALICE_FUNDS, BOB, CAROL, startLocalNode, type LocalNode } from './local-node.ts';
import { chaindInProcess, syncResponse } from './tx-cli.ts';
import { freePort } from '../../helpers/free-port.ts';

let ln: LocalNode;
let dir: string;
beforeAll(async () => {
  ln = await startLocalNode();
  dir = await mkdtemp(join(tmpdir(), 'chaind-txfiles-'));
}, 30_000);
afterAll(async () => {
  await ln?.close();
});

/** an account address no key of the keyring has */
const NO_KEY = toBech32('st', new Uint8Array(20).fill(1));
const hashOf = (bytes: Uint8Array) => Buffer.from(sha256(bytes)).toString('hex').toUpperCase();
const unsignedSend = (from: string, to: string, amount: string, opts: { memo?: string; gas?: string; fee?: string } = {}) =>
  `{"body":{"messages":[{"@type":"/sdk.bank.v1beta1.MsgSend","from_address":"${from}","to_address":"${to}","amount":[{"denom":"wei","amount":"${amount}"}]}],` +
  `"memo":"${opts.memo ?? ''}","timeout_height":"0","extension_options":[],"non_critical_extension_options":[]},` +
  `"auth_info":{"signer_infos":[],"fee":{"amount":[${opts.fee ? `{"denom":"wei","amount":"${opts.fee}"}` : ''}],"gas_limit":"${opts.gas ?? '200000'}","payer":"","granter":""},"tip":null},"signatures":[]}\n`;

function pendingTxs() {
  return ln.node.mempool.all();
}

function accountOf(address: string): { number: bigint; sequence: bigint } {
  const a = getAccount(ln.node.chain.app.state, address)!;
  return { number: a.account_number, sequence: a.sequence };
}

function balanceOf(address: string): bigint {
  const res = ln.node.chain.app.queryObject('sdk.bank.v1beta1.Query/Balance', { address, denom: 'wei' }) as { balance: { amount: string } };
  return BigInt(res.balance.amount);
}

/** Checks with cosmjs and ethers that the tx is alice's DIRECT signature over (chain id, account number). */
function expectSignedByAlice(txBytes: Uint8Array, accountNumber: bigint, sequence: bigint): void {
  const tx = cosmjsDecodeTxRaw(txBytes);
  const signer = tx.authInfo.signerInfos[0]!;
  expect(tx.authInfo.signerInfos).toHaveLength(1);
  expect(signer.sequence).toBe(sequence);
  expect(signer.publicKey?.typeUrl).toBe('/chain.crypto.v1.ethsecp256k1.PubKey');
  const signBytes = makeSignBytes(makeSignDoc(cosmjsRawBody(txBytes), cosmjsRawAuthInfo(txBytes), CHAIN_ID, Number(accountNumber)));
  const sig = tx.signatures[0]!;
  expect(sig.length).toBe(65);
  const recovered = SigningKey.recoverPublicKey(keccak_256(signBytes), {
    r: '0x' + Buffer.from(sig.slice(0, 32)).toString('hex'),
    s: '0x' + Buffer.from(sig.slice(32, 64)).toString('hex'),
    v: 27 + sig[64]!,
  });
  expect(SigningKey.computePublicKey(recovered, true)).toBe('0x' + ABANDON.index0.publicKey);
}

// TxRaw fields 1 and 2 exactly as sent (what DIRECT signs)
function rawField(bytes: Uint8Array, field: number): Uint8Array {
  let i = 0;
  while (i < bytes.length) {
    const tag = bytes[i++]!;
    let len = 0;
    let shift = 0;
    for (;;) {
      const b = bytes[i++]!;
      len |= (b & 0x7f) << shift;
      shift += 7;
      if (b < 0x80) break;
    }
    if (tag >> 3 === field) return bytes.slice(i, i + len);
    i += len;
  }
  throw new Error(`field ${field} missing`);
}
const cosmjsRawBody = (b: Uint8Array) => rawField(b, 1);
const cosmjsRawAuthInfo = (b: Uint8Array) => rawField(b, 2);

describe('tx bank send: sign and broadcast', { timeout: 30_000 }, () => {
  it('-y (sync): signs with the keyring key over account 0 and the chain id, prints the CheckTx response', async () => {
    const r = await ln.chaind(['tx', 'bank', 'send', 'alice', BOB.address, '1000wei', '-y']);
    const [pending] = pendingTxs();
    expect(pendingTxs()).toHaveLength(1);
    expect(r).toEqual({ code: 0, stdout: syncResponse(hashOf(pending!.bytes)), stderr: '' });
    expectSignedByAlice(pending!.bytes, 0n, 0n);
    ln.node.produceBlock();
    expect(ln.node.tx(pending!.hash)!.result.code).toBe(0);
    expect(balanceOf(BOB.address)).toBe(5n * 10n ** 20n + 1000n);
  });

  it('-b block waits for the block and prints the DeliverTx response with height, logs and events', async () => {
    ln.node.start();
    let r;
    try {
      r = await ln.chaind(['tx', 'bank', 'send', 'alice', BOB.address, '2000wei', '-y', '-b', 'block', '--note', 'by block']);
    } finally {
      ln.node.stop();
    }
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    const stored = ln.node.tx(out.txhash)!;
    expect(Object.keys(out)).toEqual(['height', 'txhash', 'codespace', 'code', 'data', 'raw_log', 'logs', 'info', 'gas_wanted', 'gas_used', 'tx', 'timestamp', 'events']);
    expect(out).toMatchObject({
      height: stored.height.toString(),
      code: 0,
      codespace: '',
      data: Buffer.from(stored.result.data).toString('hex').toUpperCase(),
      raw_log: stored.result.log,
      gas_wanted: '200000',
      gas_used: stored.result.gas_used.toString(),
      tx: null,
      timestamp: '',
      events: stored.result.events.map((e) => ({ type: e.type, attributes: e.attributes.map((a) => ({ key: a.key, value: a.value, index: a.index })) })),
    });
    expect(out.logs).toEqual(JSON.parse(stored.result.log).map((l: object) => ({ log: '', ...l })));
    expectSignedByAlice(stored.raw, 0n, 1n);
  });

  it('-b block with a failing message prints the non-zero code and still exits 0 (as the SDK)', async () => {
    const spendable = balanceOf(ALICE.address);
    ln.node.start();
    let r;
    try {
      r = await ln.chaind(['tx', 'bank', 'send', 'alice', BOB.address, `${ALICE_FUNDS * 2n}wei`, '-y', '-b', 'block']);
    } finally {
      ln.node.stop();
    }
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({
      code: 5,
      codespace: 'sdk',
      raw_log: `failed to execute message; message index: 0: spendable balance ${spendable}wei is smaller than ${ALICE_FUNDS * 2n}wei: insufficient funds`,
      logs: [],
      data: '',
    });
  });

  it('--sign-mode amino-json signs the StdSignDoc; the node accepts it', async () => {
    const r = await ln.chaind(['tx', 'bank', 'send', 'alice', BOB.address, '3wei', '-y', '--sign-mode', 'amino-json', '-o', 'text']);
    expect(r.code).toBe(0);
    const [pending] = pendingTxs();
    expect(r.stdout).toBe(
      `code: 0\ncodespace: ""\ndata: ""\nevents: []\ngas_used: "0"\ngas_wanted: "0"\nheight: "0"\ninfo: ""\nlogs: []\nraw_log: '[]'\ntimestamp: ""\ntx: null\ntxhash: ${pending!.hash}\n`,
    );
    expect(cosmjsDecodeTxRaw(pending!.bytes).authInfo.signerInfos[0]!.modeInfo?.single?.mode).toBe(127);
    ln.node.produceBlock();
    expect(ln.node.tx(pending!.hash)!.result.code).toBe(0);
  });

  it('asks before signing: "y" broadcasts, "n" cancels (exit 0), no answer is an error', async () => {
    const before = accountOf(ALICE.address).sequence;
    const tx = unsignedSend(ALICE.address, BOB.address, '4');
    const no = await ln.chaind(['tx', 'bank', 'send', 'alice', BOB.address, '4wei'], 'n\n');
    expect(no).toEqual({ code: 0, stdout: tx, stderr: 'confirm transaction before signing and broadcasting [y/N]: cancelled transaction\n' });
    const none = await ln.chaind(['tx', 'bank', 'send', 'alice', BOB.address, '4wei']);
    expect(none).toEqual({
      code: 1,
      stdout: tx,
      stderr: 'confirm transaction before signing and broadcasting [y/N]: cancelled transaction\nError: EOF: no answer to the confirmation prompt on stdin (pass --yes to skip it)\n',
    });
    expect(pendingTxs()).toHaveLength(0);
    const yes = await ln.chaind(['tx', 'bank', 'send', 'alice', BOB.address, '4wei'], 'y\n');
    expect(yes.code).toBe(0);
    expect(yes.stderr).toBe('confirm transaction before signing and broadcasting [y/N]: ');
    expect(yes.stdout).toBe(tx + syncResponse(pendingTxs()[0]!.hash));
    expectSignedByAlice(pendingTxs()[0]!.bytes, 0n, before);
    ln.node.produceBlock();
  });

  it('--fees and --gas-prices set the fee (ceil(price × gas)); the node charges it', async () => {
    const alice = balanceOf(ALICE.address);
    const r = await ln.chaind(['tx', 'bank', 'send', 'alice', BOB.address, '1wei', '-y', '--gas', '100001', '--gas-prices', '0.5wei']);
    expect(r.code).toBe(0);
    const tx = cosmjsDecodeTxRaw(pendingTxs()[0]!.bytes);
    expect(tx.authInfo.fee?.amount).toEqual([{ denom: 'wei', amount: '50001' }]);
    expect(tx.authInfo.fee?.gasLimit).toBe(100001n);
    ln.node.produceBlock();
    expect(balanceOf(ALICE.address)).toBe(alice - 50001n - 1n);
    const f = await ln.chaind(['tx', 'bank', 'send', 'alice', BOB.address, '1wei', '-y', '--fees', '2gwei', '--timeout-height', '1000']);
    expect(f.code).toBe(0);
    const tx2 = cosmjsDecodeTxRaw(pendingTxs()[0]!.bytes);
    expect(tx2.authInfo.fee?.amount).toEqual([{ denom: 'wei', amount: '2000000000' }]);
    expect(tx2.body.timeoutHeight).toBe(1000n);
    ln.node.produceBlock();
  });

  it('a non-zero -s signs ahead of the chain (SDK Factory.Prepare): txs pre-signed with the next sequences all go through', async () => {
    const { sequence } = accountOf(ALICE.address);
    const bob = balanceOf(BOB.address);
    expect(pendingTxs()).toHaveLength(0);
    // the chain's sequence (committed state), then the next two given with -s
    for (const s of [[], ['-s', String(sequence + 1n)], ['--sequence', String(sequence + 2n)]]) {
      const r = await ln.chaind(['tx', 'bank', 'send', 'alice', BOB.address, '1wei', '-y', ...s]);
      expect([r.code, JSON.parse(r.stdout).code]).toEqual([0, 0]);
    }
    const pending = pendingTxs();
    pending.forEach((t, i) => expectSignedByAlice(t.bytes, 0n, sequence + BigInt(i)));
    ln.node.produceBlock();
    expect(pending.map((t) => ln.node.tx(t.hash)!.result.code)).toEqual([0, 0, 0]);
    expect(balanceOf(BOB.address)).toBe(bob + 3n);
  });
});

describe('simulation: --dry-run and --gas auto', { timeout: 30_000 }, () => {
  it('--dry-run prints the estimate and sends nothing; --gas auto signs with ⌊adjustment × estimate⌋', async () => {
    const dry = await ln.chaind(['tx', 'bank', 'send', ALICE.address, BOB.address, '1000wei', '--dry-run']);
    const m = /^gas estimate: (\d+)\n$/.exec(dry.stderr);
    expect(m).not.toBeNull();
    expect(dry).toEqual({ code: 0, stdout: '', stderr: dry.stderr });
    expect(pendingTxs()).toHaveLength(0);
    const estimate = BigInt(m![1]!);
    expect(estimate).toBeGreaterThan(21000n);

    const adjusted = (estimate * 3n) / 2n;
    const auto = await ln.chaind(['tx', 'bank', 'send', 'alice', BOB.address, '1000wei', '--gas', 'auto', '--gas-adjustment', '1.5', '-y']);
    expect(auto.stderr).toBe(`gas estimate: ${adjusted}\n`);
    expect(auto.stdout).toBe(syncResponse(pendingTxs()[0]!.hash));
    ln.node.produceBlock();
    const stored = ln.node.tx(JSON.parse(auto.stdout).txhash)!;
    expect(stored.result.code).toBe(0);
    expect(stored.result.gas_wanted).toBe(adjusted);

    const gen = await ln.chaind(['tx', 'bank', 'send', 'alice', BOB.address, '1000wei', '--gas', 'auto', '--generate-only']);
    expect(gen.code).toBe(0);
    const genEstimate = /^gas estimate: (\d+)\n$/.exec(gen.stderr)![1]!;
    expect(gen.stdout).toBe(unsignedSend(ALICE.address, BOB.address, '1000', { gas: genEstimate }));
  });

  it('--dry-run wants an address, not a key name (SDK)', async () => {
    const r = await ln.chaind(['tx', 'bank', 'send', 'alice', BOB.address, '1wei', '--dry-run']);
    expect(r).toEqual({ code: 1, stdout: '', stderr: 'Error: a valid bech32 address must be provided in simulation mode: decoding bech32 failed: invalid bech32 string length 5\n' });
  });
});

describe('--generate-only, tx sign, tx broadcast, tx encode/decode', { timeout: 30_000 }, () => {
  it('generate → sign → encode/decode → broadcast; a second broadcast is the SDK code 19', async () => {
    const unsignedFile = join(dir, 'unsigned.json');
    // an address needs no key with --generate-only
    const gen = await ln.chaind(['tx', 'bank', 'send', ALICE.address, BOB.address, '7wei', '--generate-only', '--note', 'hello', '--fees', '9wei']);
    expect(gen).toEqual({ code: 0, stdout: unsignedSend(ALICE.address, BOB.address, '7', { memo: 'hello', fee: '9' }), stderr: '' });
    await writeFile(unsignedFile, gen.stdout);

    const { number, sequence } = accountOf(ALICE.address);
    const signed = await ln.chaind(['tx', 'sign', unsignedFile, '--from', 'alice']);
    expect(signed.code).toBe(0);
    const doc = JSON.parse(signed.stdout);
    expect(doc.auth_info.signer_infos).toEqual([
      { public_key: { '@type': '/chain.crypto.v1.ethsecp256k1.PubKey', key: ABANDON.index0.publicKeyBase64 }, mode_info: { single: { mode: 'SIGN_MODE_DIRECT' } }, sequence: sequence.toString() },
    ]);
    expect(doc.body).toEqual(JSON.parse(gen.stdout).body);

    const signedFile = join(dir, 'signed.json');
    const toFile = await chaindInProcess(['tx', 'sign', unsignedFile, '--from', 'alice', '--output-document', signedFile, '--home', ln.home]);
    expect(toFile).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await readFile(signedFile, 'utf8')).toBe(signed.stdout);

    const sigOnly = await chaindInProcess(['tx', 'sign', unsignedFile, '--from', 'alice', '--signature-only', '--home', ln.home]);
    expect(JSON.parse(sigOnly.stdout)).toEqual({
      signatures: [{ public_key: doc.auth_info.signer_infos[0].public_key, data: { single: { mode: 'SIGN_MODE_DIRECT', signature: doc.signatures[0] } }, sequence: sequence.toString() }],
    });

    // validate-signatures: the signers, then each signature checked against its signer and, online,
    // verified with the account's number and sequence as the node has them now
    const validate = (...args: string[]) => chaindInProcess(['tx', 'validate-signatures', ...args, '--home', ln.home]);
    const head = `Signers:\n  0: ${ALICE.address}\n\nSignatures:\n`;
    expect(await validate(signedFile)).toEqual({ code: 0, stdout: `${head}  0: ${ALICE.address}\t\t\t[OK]\n\n`, stderr: '' });
    expect(await validate(unsignedFile)).toEqual({ code: 1, stdout: `${head}\n`, stderr: 'Error: signatures validation failed\n' });
    const tampered = join(dir, 'tampered.json');
    const bad = Buffer.from(doc.signatures[0], 'base64');
    bad[5] ^= 1;
    await writeFile(tampered, JSON.stringify({ ...doc, signatures: [bad.toString('base64')] }));
    expect(await validate(tampered)).toEqual({ code: 1, stdout: head, stderr: 'Error: signatures validation failed\n' });
    expect(await validate(tampered, '--offline', '-a', '0', '-s', '0')).toEqual({ code: 0, stdout: `${head}  0: ${ALICE.address}\t\t\t[OK]\n\n`, stderr: '' });
    expect(await validate(tampered, '--offline')).toEqual({ code: 1, stdout: '', stderr: 'Error: account-number and sequence must be set in offline mode\n' });
    const aminoFile = join(dir, 'signed-amino.json');
    expect((await chaindInProcess(['tx', 'sign', unsignedFile, '--from', 'alice', '--sign-mode', 'amino-json', '--output-document', aminoFile, '--home', ln.home])).code).toBe(0);
    expect(await validate(aminoFile)).toEqual({ code: 0, stdout: `${head}  0: ${ALICE.address}\t\t\t[OK]\n\n`, stderr: '' });

    const encoded = await ln.chaind(['tx', 'encode', signedFile]);
    expect(encoded.code).toBe(0);
    const bytes = new Uint8Array(Buffer.from(encoded.stdout.trim(), 'base64'));
    expectSignedByAlice(bytes, number, sequence);
    expect(cosmjsDecodeTxRaw(bytes).body.memo).toBe('hello');
    const decoded = await ln.chaind(['tx', 'decode', encoded.stdout.trim()]);
    expect(decoded).toEqual({ code: 0, stdout: signed.stdout, stderr: '' });
    const decodedHex = await chaindInProcess(['tx', 'decode', '--hex', Buffer.from(bytes).toString('hex')]);
    expect(decodedHex.stdout).toBe(signed.stdout);

    const sent = await ln.chaind(['tx', 'broadcast', signedFile]);
    expect(sent).toEqual({ code: 0, stdout: syncResponse(hashOf(bytes)), stderr: '' });
    const again = await chaindInProcess(['tx', 'broadcast', signedFile, '--home', ln.home]);
    expect(again).toEqual({ code: 0, stdout: syncResponse(hashOf(bytes), 19, 'sdk', ''), stderr: '' });
    ln.node.produceBlock();
    expect(ln.node.tx(hashOf(bytes))!.result.code).toBe(0);
    // delivered, the account's sequence moved on; DIRECT sign bytes hold the signer info's own sequence, so it still verifies
    expect((await validate(signedFile)).code).toBe(0);
    // amino JSON sign bytes hold the account's sequence: verified with the one the node has now, it fails
    expect(await validate(aminoFile)).toEqual({ code: 1, stdout: head, stderr: 'Error: signatures validation failed\n' });
  });

  it('sign-batch: one signed tx per line, the sequence counting up; --append makes one tx of all the messages', async () => {
    const { number, sequence } = accountOf(ALICE.address);
    const batchFile = join(dir, 'batch.json');
    await writeFile(batchFile, unsignedSend(ALICE.address, BOB.address, '21') + unsignedSend(ALICE.address, BOB.address, '22', { gas: '150000' }) + unsignedSend(ALICE.address, BOB.address, '23'));
    const signed = await chaindInProcess(['tx', 'sign-batch', batchFile, '--from', 'alice', '--home', ln.home]);
    expect(signed.code).toBe(0);
    const lines = signed.stdout.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((l) => JSON.parse(l).auth_info.signer_infos.map((si: { sequence: string }) => si.sequence))).toEqual([[`${sequence}`], [`${sequence + 1n}`], [`${sequence + 2n}`]]);
    const before = balanceOf(BOB.address);
    for (const [i, line] of lines.entries()) {
      const f = join(dir, `batch-signed-${i}.json`);
      await writeFile(f, line);
      const bytes = new Uint8Array(Buffer.from((await chaindInProcess(['tx', 'encode', f, '--home', ln.home])).stdout.trim(), 'base64'));
      expectSignedByAlice(bytes, number, sequence + BigInt(i));
      expect(JSON.parse((await chaindInProcess(['tx', 'broadcast', f, '--home', ln.home])).stdout).code).toBe(0);
    }
    ln.node.produceBlock();
    expect(balanceOf(BOB.address) - before).toBe(66n);

    // --append: the messages in one tx, its gas the sum, memo and fees from the flags
    const now = accountOf(ALICE.address).sequence;
    const one = await chaindInProcess(['tx', 'sign-batch', batchFile, '--from', 'alice', '--append', '--note', 'all three', '--fees', '7wei', '--home', ln.home]);
    const doc = JSON.parse(one.stdout);
    expect([doc.body.messages.map((m: { amount: { amount: string }[] }) => m.amount[0]!.amount), doc.body.memo, doc.auth_info.fee, doc.auth_info.signer_infos[0].sequence]).toEqual([
      ['21', '22', '23'],
      'all three',
      { amount: [{ denom: 'wei', amount: '7' }], gas_limit: '550000', payer: '', granter: '' },
      `${now}`,
    ]);
    // --signature-only and --offline (-a/-s): the signatures, no node asked
    const down = `tcp://127.0.0.1:${await freePort()}`;
    const sigs = await chaindInProcess(['tx', 'sign-batch', batchFile, '--from', 'alice', '--signature-only', '--offline', '-a', `${number}`, '-s', '40', '--node', down, '--home', ln.home]);
    expect(sigs.stdout.trim().split('\n').map((l) => JSON.parse(l).signatures[0].sequence)).toEqual(['40', '41', '42']);

    // a line that is no tx ends the batch: the txs before it, then its error
    const broken = join(dir, 'batch-broken.json');
    await writeFile(broken, unsignedSend(ALICE.address, BOB.address, '1') + 'not json\n' + unsignedSend(ALICE.address, BOB.address, '2'));
    const r = await chaindInProcess(['tx', 'sign-batch', broken, '--from', 'alice', '--home', ln.home]);
    expect([r.code, r.stdout.trim().split('\n').length, r.stderr.startsWith('Error: ') && r.stderr.trimEnd().endsWith(': tx parse error')]).toEqual([1, 1, true]);
    expect((await chaindInProcess(['tx', 'sign-batch', batchFile, '--from', 'bob', '--home', ln.home])).stderr).toBe('Error: tx intended signer does not match the given signer: bob\n');
  });

  it('--offline signs with -a/-s and the configured chain id without asking the node', async () => {
    const { number, sequence } = accountOf(ALICE.address);
    const unsignedFile = join(dir, 'unsigned-offline.json');
    await writeFile(unsignedFile, unsignedSend(ALICE.address, BOB.address, '11'));
    const down = `tcp://127.0.0.1:${await freePort()}`;
    const signed = await ln.chaind(['tx', 'sign', unsignedFile, '--from', 'alice', '--offline', '-a', number.toString(), '-s', sequence.toString(), '--node', down]);
    expect(signed.code).toBe(0);
    const signedFile = join(dir, 'signed-offline.json');
    await writeFile(signedFile, signed.stdout);
    const sent = await ln.chaind(['tx', 'broadcast', signedFile]);
    expect(JSON.parse(sent.stdout).code).toBe(0);
    ln.node.produceBlock();
    expectSignedByAlice(ln.node.tx(JSON.parse(sent.stdout).txhash)!.raw, number, sequence);
    // (bank send --offline: offline.int.test.ts)
  });

  it('without client.toml the chain id comes from the node status', async () => {
    const bare = await mkdtemp(join(tmpdir(), 'chaind-bare-'));
    const r = await ln.chaind(['tx', 'bank', 'send', 'alice', BOB.address, '13wei', '-y', '--keyring-backend', 'test', '--keyring-dir', ln.home, '--node', ln.nodeUri, '--home', bare]);
    expect(r.code).toBe(0);
    ln.node.produceBlock();
    expect(ln.node.tx(JSON.parse(r.stdout).txhash)!.result.code).toBe(0);
  });
});

describe('refusals', { timeout: 30_000 }, () => {
  const send = (...extra: string[]) => ['tx', 'bank', 'send', 'alice', BOB.address, '5wei', '-y', ...extra];
  const cases: [string, string[], string][] = [
    ['--ledger', send('--ledger'), 'ledger support is not available: no device (chaind signs with keyring keys only; drop --ledger)'],
    // (--aux itself: aux.int.test.ts)
    ['--aux on a tx file', ['tx', 'broadcast', 'x.json', '--aux'], '--aux applies to the commands that build a tx from messages (it prints their aux signer data), not to a tx file'],
    ['--tip without --aux', send('--tip', '1wei'), '--tip is only valid with --aux (the tipper is the --from account, which signs the aux signer data)'],
    ['direct-aux without --aux', send('--sign-mode', 'direct-aux'), `fee payer ${ALICE.address} cannot sign with SIGN_MODE_DIRECT_AUX: unauthorized`],
    ['fees and gas prices', send('--fees', '1wei', '--gas-prices', '1wei'), 'cannot provide both fees and gas prices'],
    ['unknown key', ['tx', 'bank', 'send', 'dave', BOB.address, '5wei', '-y'], 'dave.info: key not found'],
    [
      'address without key',
      ['tx', 'bank', 'send', NO_KEY, BOB.address, '5wei', '-y'],
      `key with address ${NO_KEY} not found: key not found (an address without its key in the keyring can only be used with --generate-only or --dry-run)`,
    ],
    [
      'account not on chain',
      ['tx', 'bank', 'send', 'carol', BOB.address, '5wei', '-y'],
      `rpc error: code = NotFound desc = rpc error: code = NotFound desc = account ${CAROL.address} not found: key not found`,
    ],
    ['bad recipient', ['tx', 'bank', 'send', 'alice', 'st1xyz', '5wei', '-y'], 'decoding bech32 failed: invalid bech32 string length 6'],
    ['bad amount', ['tx', 'bank', 'send', 'alice', BOB.address, 'five', '-y'], 'invalid decimal coin expression: five'],
    ['offline without -a/-s', send('--offline'), 'account-number and sequence must be set in offline mode'],
    ['offline with --gas auto', send('--offline', '-a', '0', '-s', '0', '--gas', 'auto'), 'cannot estimate gas in offline mode'],
    [
      'offline generate-only with --chain-id',
      ['tx', 'bank', 'send', ALICE.address, BOB.address, '5wei', '--generate-only', '--offline', '-a', '0', '-s', '0', '--chain-id', 'x'],
      'chain ID cannot be used when offline and generate-only flags are set',
    ],
    ['mnemonic memo', send('--note', ABANDON_MNEMONIC), 'cannot provide a valid mnemonic seed in the memo field'],
    [
      'fee payer other than the signer',
      send('--fee-payer', BOB.address),
      `fee payer ${BOB.address} must sign the transaction too, and chaind signs with one key (--from ${ALICE.address}); use --generate-only and sign the file with each key (tx sign --sign-mode amino-json), or leave --fee-payer out`,
    ],
    ['sign by a non-signer', ['tx', 'sign', 'UNSIGNED', '--from', 'bob'], 'tx intended signer does not match the given signer: bob'],
    ['broadcast offline', ['tx', 'broadcast', 'UNSIGNED', '--offline'], 'cannot broadcast tx during offline mode'],
    ['missing tx file', ['tx', 'broadcast', '/nonexistent/tx.json'], 'open /nonexistent/tx.json: no such file or directory'],
    ['garbage tx bytes', ['tx', 'decode', 'AAAA'], 'expected 2 wire type, got 0: tx parse error'],
  ];
  for (const [name, args, message] of cases) {
    it(name, async () => {
      const file = join(dir, 'refusal-unsigned.json');
      await writeFile(file, unsignedSend(ALICE.address, BOB.address, '1'));
      const r = await chaindInProcess([...args.map((a) => (a === 'UNSIGNED' ? file : a)), '--home', ln.home]);
      expect(r).toEqual({ code: 1, stdout: '', stderr: `Error: ${message}\n` });
    });
  }

  it('--memo and --fee-account are the older names of --note and --fee-granter; --fee-payer is kept in the fee', async () => {
    const r = await chaindInProcess(['tx', 'bank', 'send', ALICE.address, BOB.address, '1wei', '--generate-only', '--memo', 'old', '--fee-account', BOB.address, '--fee-payer', BOB.address, '--home', ln.home]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.body.memo).toBe('old');
    expect(doc.auth_info.fee).toEqual({ amount: [], gas_limit: '200000', payer: BOB.address, granter: BOB.address });
  });

  it('a node that is not there', async () => {
    const port = await freePort();
    const r = await ln.chaind(send('--node', `tcp://127.0.0.1:${port}`));
    expect(r).toEqual({ code: 1, stdout: '', stderr: `Error: post failed: Post "http://127.0.0.1:${port}": dial tcp 127.0.0.1:${port}: connect: connection refused\n` });
  });

  it('a fee granter goes to the node, which refuses it in CheckTx (exit 0, code 18)', async () => {
    const r = await ln.chaind(send('--fee-granter', BOB.address));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ code: 18, codespace: 'sdk', raw_log: 'fee grants are not enabled: invalid request' });
  });
});
