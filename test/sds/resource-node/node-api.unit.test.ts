/**
 * A resource node's JSON-RPC methods in process (src/sds/resource-node/): user_/owner_ behind the
 * dispatchers of namespaces.ts, with a fake meta node and a fake tx sender. What goes over the
 * wire: a wrongly typed field is -32602 (never a -5 TIME_OUT), the IPC socket's `remoterpc`
 * namespace, the owner methods' txs, a FAILED upload's status.
 */
import { describe, expect, it } from 'vitest';
import { nodeDispatchers } from '../../../src/sds/resource-node/namespaces.ts';
import { ownerMethods, type OwnerApiDeps } from '../../../src/sds/resource-node/owner-api.ts';
import { userMethods } from '../../../src/sds/resource-node/user-api.ts';
import { UploadSessions } from '../../../src/sds/resource-node/upload-sessions.ts';
import type { MetaClient } from '../../../src/sds/resource-node/meta-client.ts';
import type { TxSender } from '../../../src/sds/chain/tx-sender.ts';
import type { TxMessage } from '../../../src/client/sign-tx.ts';
import type { SpOperation, SpRequests, SpResponses } from '../../../src/sds/meta-node/sp-protocol.ts';
import { signSds, SignedMessage } from '../../../src/sds/protocol/signature.ts';
import { wallet } from '../meta-node/fixture.ts';

const alice = wallet(1);
const NODE = 'stsds1testnode';

/** A meta node answering each operation with `answers[op]`; the calls it got, in order. */
function fakeMeta(answers: Partial<{ [K in SpOperation]: SpResponses[K] }>) {
  const calls: { op: string; request: unknown }[] = [];
  const meta = {
    async call<K extends SpOperation>(op: K, request: SpRequests[K]): Promise<SpResponses[K]> {
      calls.push({ op, request });
      const a = answers[op];
      if (a === undefined) throw new Error(`meta node unreachable (${op})`);
      return a as SpResponses[K];
    },
  } as unknown as MetaClient;
  return { meta, calls };
}

function node(meta: MetaClient, owner: Partial<OwnerApiDeps> = {}, namespaces = ['user', 'owner']) {
  const uploads = new UploadSessions({ meta, store: {} as never, tmpDir: '/nonexistent', self: { networkAddress: NODE, peerUrl: 'http://127.0.0.1:1' }, log: () => undefined });
  const sent: TxMessage[][] = [];
  const sender = { send: async (msgs: TxMessage[]) => (sent.push(msgs), { hash: 'AB12', height: 7n, result: {} }) } as unknown as TxSender;
  const d = nodeDispatchers(
    userMethods({ meta, uploads, downloads: {} as never, networkAddress: NODE, log: () => undefined }),
    ownerMethods({
      wallet: alice.address, networkAddress: NODE, sender, meta, joinCluster: async () => undefined, status: async () => '',
      activation: (deposit) => ({ typeName: 'chain.register.v1.MsgCreateResourceNode', value: { deposit } }),
      onChain: async () => undefined, nodeType: 4, ...owner,
    }),
    namespaces,
  );
  const call = async (method: string, params: unknown, transport: 'http' | 'ipc' = 'http') =>
    JSON.parse((await (transport === 'http' ? d.http : d.ipc).handle(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [params] }), transport))!) as Record<string, unknown>;
  return { call, sent, dispatchers: d };
}

describe('user_: a field of the wrong type is JSON-RPC -32602, never -5', () => {
  const { meta, calls } = fakeMeta({});
  const { call } = node(meta);
  it.each([
    ['user_requestGetOzone', { walletaddr: 5 }, 'invalid argument 0: json: cannot unmarshal number into Go struct field ParamReqGetOzone.walletaddr of type string'],
    ['user_requestListShare', { page: 'x' }, 'invalid argument 0: json: cannot unmarshal string into Go struct field ParamReqShareList.page of type uint64'],
    ['user_requestListShare', { signature: 'x' }, 'invalid argument 0: json: cannot unmarshal string into Go struct field ParamReqShareList.signature of type rpc.Signature'],
    ['user_requestStopShare', { shareid: 1 }, 'invalid argument 0: json: cannot unmarshal number into Go struct field ParamReqStopShare.shareid of type string'],
    ['user_requestClearExpiredShareLinks', { req_time: '1' }, 'invalid argument 0: json: cannot unmarshal string into Go struct field ParamReqClearExpiredShareLinks.req_time of type int64'],
    ['user_requestShare', { duration: 'abc' }, 'invalid argument 0: json: cannot unmarshal string into Go struct field ParamReqShareFile.duration of type int64'],
    ['user_requestGetShared', { sharelink: 'sds://FEKxKy_01d791f0fa5a8c68', req_time: 1.5 }, 'invalid argument 0: json: cannot unmarshal number 1.5 into Go struct field ParamReqGetShared.req_time of type int64'],
    ['user_requestListShare', { page: 1e30 }, 'invalid argument 0: json: cannot unmarshal number 1e+30 into Go struct field ParamReqShareList.page of type uint64'],
    ['user_requestClearExpiredShareLinks', { req_time: -1e19 }, 'invalid argument 0: json: cannot unmarshal number -10000000000000000000 into Go struct field ParamReqClearExpiredShareLinks.req_time of type int64'],
  ])('%s %j', async (method, params, message) => {
    expect(await call(method, params)).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message } });
    expect(calls).toEqual([]);
  });

  it('the meta node unreachable is still -5 with the reason', async () => {
    expect(await call('user_requestGetOzone', { walletaddr: alice.address })).toEqual({ jsonrpc: '2.0', id: 1, result: { return: '-5', detail: 'meta node unreachable (getOzone)' } });
  });
});

describe('parameter keys are matched as Go\'s encoding/json matches them: without regard to case, the last winning', () => {
  const { meta, calls } = fakeMeta({ getOzone: { ok: true, ozone: '42', sequenceNumber: 'SN:0000000000000000003' } });
  const { call } = node(meta);
  it('WalletAddr, WALLETADDR and walletaddr fill the same field', async () => {
    for (const params of [{ WalletAddr: alice.address }, { WALLETADDR: alice.address }, { walletaddr: 'st1other', WalletAddr: alice.address }]) {
      expect(await call('user_requestGetOzone', params)).toMatchObject({ result: { return: '0', ozone: '42' } });
    }
    expect(calls.map((c) => c.request)).toEqual([{ wallet: alice.address }, { wallet: alice.address }, { wallet: alice.address }]);
    // a later spelling with the wrong type is the one checked
    expect(await call('user_requestGetOzone', { walletaddr: alice.address, WalletAddr: 5 })).toMatchObject({ error: { code: -32602 } });
  });
});

describe('the IPC socket serves the public API as remoterpc_ (reference §1.1)', () => {
  const { meta } = fakeMeta({ getOzone: { ok: true, ozone: '42', sequenceNumber: 'SN:0000000000000000003' } });
  const { call, dispatchers } = node(meta, {}, ['user']);
  it('remoterpc_requestGetOzone over IPC answers as user_requestGetOzone', async () => {
    const want = { jsonrpc: '2.0', id: 1, result: { return: '0', ozone: '42', sequencynumber: 'SN:0000000000000000003' } };
    expect(await call('remoterpc_requestGetOzone', { walletaddr: alice.address }, 'ipc')).toEqual(want);
    expect(await call('user_requestGetOzone', { walletaddr: alice.address }, 'ipc')).toEqual(want);
    expect(dispatchers.ipc.modules()).toEqual({ remoterpc: '1.0', rpc: '1.0', user: '1.0' });
  });
  it('HTTP does not: -32601', async () => {
    expect(await call('remoterpc_requestGetOzone', { walletaddr: alice.address })).toEqual({
      jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'the method remoterpc_requestGetOzone does not exist/is not available' },
    });
    expect(dispatchers.http.modules()).toEqual({ rpc: '1.0', user: '1.0' });
  });
  it('owner_ methods stay out of remoterpc', async () => {
    expect((await call('remoterpc_requestStatus', {}, 'ipc')).error).toEqual({ code: -32601, message: 'the method remoterpc_requestStatus does not exist/is not available' });
  });
});

describe('owner_', () => {
  const { meta } = fakeMeta({});
  const description = { moniker: 'rn2x', identity: '', website: '', security_contact: '', details: 'd' };
  it('requestUpdatePPInfo sends the node type the node has on chain (never 0, which the chain refuses)', async () => {
    const { call, sent } = node(meta, { onChain: async () => ({ nodeType: 6, bonded: true }) });
    expect(await call('owner_requestUpdatePPInfo', { moniker: 'rn2x', details: 'd', fee: '0.01stos', gas: 500000 })).toEqual({ jsonrpc: '2.0', id: 1, result: { return: '0', detail: 'tx AB12 at height 7' } });
    expect(sent).toEqual([[{ typeName: 'chain.register.v1.MsgUpdateResourceNode', value: { description, beneficiary_address: '', network_address: NODE, owner_address: alice.address, node_type: 6 } }]]);
  });
  it('requestUpdatePPInfo: the config node_type when the chain cannot tell', async () => {
    const { call, sent } = node(meta, { onChain: async () => Promise.reject(new Error('chain down')), nodeType: 4 });
    await call('owner_requestUpdatePPInfo', { moniker: 'rn2x', details: 'd' });
    expect(sent[0]![0]!.value.node_type).toBe(4);
  });
  it('requestActivate on a node already active on chain sends no tx', async () => {
    const { call, sent } = node(meta, { onChain: async () => ({ nodeType: 4, bonded: true }) });
    expect(await call('owner_requestActivate', { deposit: '1stos' })).toEqual({
      jsonrpc: '2.0', id: 1, result: { return: '0', activationstate: 1, detail: `resource node ${NODE} is already active on chain: no tx sent` },
    });
    expect(sent).toEqual([]);
  });
  it('requestActivate on a node on chain but not bonded: -9, no tx', async () => {
    const { call, sent } = node(meta, { onChain: async () => ({ nodeType: 4, bonded: false }) });
    expect((await call('owner_requestActivate', { deposit: '1stos' })).result).toEqual({
      return: '-9', detail: `resource node ${NODE} is already on chain but not bonded: no tx sent (add to its deposit with tx register update-resource-node-deposit)`,
    });
    expect(sent).toEqual([]);
  });
  it('requestActivate on a node not on chain sends the create-resource-node tx', async () => {
    const { call, sent } = node(meta);
    expect((await call('owner_requestActivate', { deposit: '1stos' })).result).toEqual({ return: '0', activationstate: 1, detail: 'tx AB12 at height 7' });
    expect(sent).toEqual([[{ typeName: 'chain.register.v1.MsgCreateResourceNode', value: { deposit: { denom: 'wei', amount: '1000000000000000000' } } }]]);
  });
});

describe('user_getFileStatus of a FAILED upload', () => {
  const fileHash = 'v05j1m57usr7le7v8nuteq0oum04a1coukkldhf0';
  const t = 1_800_000_000;
  const params = { filehash: fileHash, signature: { ...signSds(alice.key, SignedMessage.fileStatus(fileHash, alice.address, t)) }, req_time: t };
  it('says why it failed, as the meta node recorded it', async () => {
    const { meta } = fakeMeta({ fileStatus: { ok: true, state: 2, replicas: 0, userHasFile: false, failure: 'connect ECONNREFUSED 127.0.0.1:41483' } });
    expect((await node(meta).call('user_getFileStatus', params)).result).toEqual({
      return: '0', error: 'the upload failed (connect ECONNREFUSED 127.0.0.1:41483): upload it again', file_upload_state: 2,
    });
  });
  it('without a recorded reason: the file has no replica', async () => {
    const { meta } = fakeMeta({ fileStatus: { ok: true, state: 2, replicas: 0, userHasFile: false } });
    expect((await node(meta).call('user_getFileStatus', params)).result).toEqual({ return: '0', error: 'the file has no replica in the network: upload it again', file_upload_state: 2 });
  });
});
