/**
 * An account the chain creates is an EthAccount in every output (docs/quirks.md, A1). Given a node
 * where alice (genesis BaseAccount) sends carol 1 stos, carol's new account is read through the CLI
 * (`query account`, text and JSON), REST (one account and the list), gRPC (@grpc/grpc-js) and
 * CosmJS (its default parser refuses it; `cosmJsAccountParser` reads it); then carol signs txs
 * herself: with the CLI (which reads her EthAccount for number and sequence) and with numbers read
 * by CosmJS.
 */
import * as grpc from '@grpc/grpc-js';
import { StargateClient } from '@cosmjs/stargate';
import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth';
import { QueryAccountRequest, QueryAccountResponse, QueryAccountsRequest, QueryAccountsResponse } from 'cosmjs-types/cosmos/auth/v1beta1/query';
import { BinaryReader } from 'cosmjs-types/binary';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/api/http.ts';
import { startGrpcServer, type RunningGrpcServer } from '../../../src/api/grpc/server.ts';
import { startRestServer } from '../../../src/api/rest/server.ts';
import { main } from '../../../src/cli/chaind.ts';
import { bufferOutput } from '../../../src/cli/output.ts';
import { scriptedPrompter } from '../../../src/cli/prompt.ts';
import { cosmJsAccountParser } from '../../../src/client/account.ts';
import { pubKeyOf } from '../../../src/crypto/keys.ts';
import { EMPTY_CODE_HASH } from '../../../src/modules/auth/account.ts';
import { balanceOf } from '../../../src/modules/bank/state.ts';
import { msgSend, signed } from '../../helpers/fixture.ts';
import { ALICE, ALICE_FUNDS, CAROL, startLocalNode, type LocalNode } from '../../cli/tx/local-node.ts';

const STOS = 10n ** 18n;
/** alice 0 and bob 1 from genesis, the 17 module accounts 2…18: carol's account is the first the chain creates */
const CAROL_NUMBER = '19';
const CAROL_PUBKEY = Buffer.from(pubKeyOf(CAROL.priv).key).toString('base64');

let ln: LocalNode;
let rest: RunningServer;
let grpcServer: RunningGrpcServer;
let grpcClient: grpc.Client;
let rpcUrl: string;

beforeAll(async () => {
  ln = await startLocalNode();
  rest = await startRestServer(ln.node, { address: '127.0.0.1:0' });
  grpcServer = await startGrpcServer(ln.node, { address: '127.0.0.1:0' });
  grpcClient = new grpc.Client(`127.0.0.1:${grpcServer.address.port}`, grpc.credentials.createInsecure());
  rpcUrl = ln.nodeUri.replace('tcp://', 'http://');
  const r = await ln.node.broadcastTxSync(signed(ALICE, 0n, 0n, { messages: [msgSend(ALICE.address, CAROL.address, STOS)] }));
  expect(r.code).toBe(0);
  ln.node.produceBlock();
}, 30_000);
afterAll(async () => {
  grpcClient?.close();
  await grpcServer?.close();
  await rest?.close();
  await ln?.close();
});

async function chaind(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = bufferOutput();
  const code = await main([...args, '--home', ln.home], { out, prompt: scriptedPrompter([], out.stderr) });
  return { code, stdout: out.out, stderr: out.err };
}

async function restGet(path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`http://127.0.0.1:${rest.address.port}${path}`);
  return { status: res.status, text: await res.text() };
}

function grpcCall(path: string, request: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    grpcClient.makeUnaryRequest(path, (b: Buffer) => b, (b: Buffer) => b, Buffer.from(request), (err, response) => (err ? reject(err) : resolve(response!)));
  });
}

/** An EthAccount's fields read with an independent decoder: 1 BaseAccount (embedded), 2 code_hash. */
function decodeEthAccount(bytes: Uint8Array): { baseAccount: BaseAccount; codeHash: string } {
  const r = new BinaryReader(bytes);
  let baseAccount = BaseAccount.fromPartial({});
  let codeHash = '';
  while (r.pos < r.len) {
    const tag = r.uint32();
    if (tag >>> 3 === 1) baseAccount = BaseAccount.decode(r.bytes());
    else if (tag >>> 3 === 2) codeHash = r.string();
    else r.skipType(tag & 7);
  }
  return { baseAccount, codeHash };
}

const freshJson = `{"@type":"/chain.types.v1.EthAccount","base_account":{"address":"${CAROL.address}","pub_key":null,"account_number":"${CAROL_NUMBER}","sequence":"0"},"code_hash":"${EMPTY_CODE_HASH}"}`;

describe('an account created by receiving a send', { timeout: 30_000 }, () => {
  it('chaind query account: the spec’s YAML (sorted keys, base_account, code_hash) and proto-JSON with -o json', async () => {
    expect(await chaind(['query', 'account', CAROL.address])).toEqual({
      code: 0,
      stdout: [
        "'@type': /chain.types.v1.EthAccount",
        'base_account:',
        `  account_number: "${CAROL_NUMBER}"`,
        `  address: ${CAROL.address}`,
        '  pub_key: null',
        '  sequence: "0"',
        `code_hash: ${EMPTY_CODE_HASH}`,
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(await chaind(['query', 'account', CAROL.address, '-o', 'json'])).toEqual({ code: 0, stdout: freshJson + '\n', stderr: '' });
    // a genesis account stays the BaseAccount genesis.json made it
    expect(JSON.parse((await chaind(['query', 'account', ALICE.address, '-o', 'json'])).stdout)['@type']).toBe('/sdk.auth.v1beta1.BaseAccount');
  });

  it('REST: the account and its item in the accounts list', async () => {
    expect(await restGet(`/sdk/auth/v1beta1/accounts/${CAROL.address}`)).toEqual({ status: 200, text: `{"account":${freshJson}}` });
    const list = await restGet('/sdk/auth/v1beta1/accounts?pagination.limit=100');
    expect(list.status).toBe(200);
    const accounts = JSON.parse(list.text).accounts as { '@type': string; address?: string; base_account?: { address: string } }[];
    expect(accounts.filter((a) => a['@type'] === '/chain.types.v1.EthAccount')).toEqual([JSON.parse(freshJson)]);
    expect(accounts.map((a) => a['@type']).sort()).toEqual([
      '/chain.types.v1.EthAccount',
      '/sdk.auth.v1beta1.BaseAccount',
      '/sdk.auth.v1beta1.BaseAccount',
      ...Array(17).fill('/sdk.auth.v1beta1.ModuleAccount'),
    ]);
  });

  it('gRPC (@grpc/grpc-js): Query/Account and Query/Accounts hold /chain.types.v1.EthAccount with an embedded BaseAccount', async () => {
    const one = QueryAccountResponse.decode(await grpcCall('/sdk.auth.v1beta1.Query/Account', QueryAccountRequest.encode({ address: CAROL.address }).finish()));
    expect(one.account!.typeUrl).toBe('/chain.types.v1.EthAccount');
    expect(decodeEthAccount(one.account!.value)).toEqual({
      baseAccount: { address: CAROL.address, pubKey: undefined, accountNumber: 19n, sequence: 0n },
      codeHash: EMPTY_CODE_HASH,
    });
    const all = QueryAccountsResponse.decode(await grpcCall('/sdk.auth.v1beta1.Query/Accounts', QueryAccountsRequest.encode({ pagination: undefined }).finish()));
    expect(all.accounts.filter((a) => a.typeUrl === '/chain.types.v1.EthAccount').map((a) => Buffer.from(a.value))).toEqual([Buffer.from(one.account!.value)]);
  });

  it('CosmJS: the default parser refuses the EthAccount; cosmJsAccountParser reads it', async () => {
    const plain = await StargateClient.connect(rpcUrl);
    try {
      await expect(plain.getAccount(CAROL.address)).rejects.toThrow("Unsupported type: '/chain.types.v1.EthAccount'");
    } finally {
      plain.disconnect();
    }
    const client = await StargateClient.connect(rpcUrl, { accountParser: cosmJsAccountParser() });
    try {
      expect(await client.getAccount(CAROL.address)).toEqual({ address: CAROL.address, pubkey: null, accountNumber: 19n, sequence: 0 });
    } finally {
      client.disconnect();
    }
  });
});

describe('the fresh account signs its own txs', { timeout: 30_000 }, () => {
  it('with the CLI: tx bank send from carol succeeds; her EthAccount then carries her pubkey and sequence 1', async () => {
    const sent = await chaind(['tx', 'bank', 'send', 'carol', ALICE.address, '1000wei', '-y', '-o', 'json']);
    expect(sent.stderr).toBe('');
    expect(sent.code).toBe(0);
    const hash = JSON.parse(sent.stdout).txhash as string;
    ln.node.produceBlock();
    expect(ln.node.tx(hash)!.result.code).toBe(0);
    expect(balanceOf(ln.node.chain.app.state, CAROL.address, 'wei')).toBe(STOS - 1000n);
    expect(balanceOf(ln.node.chain.app.state, ALICE.address, 'wei')).toBe(ALICE_FUNDS - STOS + 1000n);

    expect((await chaind(['query', 'account', CAROL.address])).stdout).toBe(
      [
        "'@type': /chain.types.v1.EthAccount",
        'base_account:',
        `  account_number: "${CAROL_NUMBER}"`,
        `  address: ${CAROL.address}`,
        '  pub_key:',
        "    '@type': /chain.crypto.v1.ethsecp256k1.PubKey",
        `    key: ${CAROL_PUBKEY}`,
        '  sequence: "1"',
        `code_hash: ${EMPTY_CODE_HASH}`,
        '',
      ].join('\n'),
    );
  });

  it('with numbers read by CosmJS: getSequence, sign, broadcastTxSync, getTx; getAccount shows the amino pubkey', async () => {
    const client = await StargateClient.connect(rpcUrl, { accountParser: cosmJsAccountParser() });
    try {
      const { accountNumber, sequence } = await client.getSequence(CAROL.address);
      expect([accountNumber, sequence]).toEqual([19n, 1]);
      const hash = await client.broadcastTxSync(signed(CAROL, accountNumber, BigInt(sequence), { messages: [msgSend(CAROL.address, ALICE.address, 7n)] }));
      ln.node.produceBlock();
      expect((await client.getTx(hash))!.code).toBe(0);
      expect(await client.getBalance(CAROL.address, 'wei')).toEqual({ denom: 'wei', amount: String(STOS - 1000n - 7n) });
      expect(await client.getAccount(CAROL.address)).toEqual({
        address: CAROL.address,
        pubkey: { type: 'chain/PubKeyEthSecp256k1', value: CAROL_PUBKEY },
        accountNumber: 19n,
        sequence: 2,
      });
    } finally {
      client.disconnect();
    }
  });
});
