/**
 * Server reflection as grpcurl uses it, over a real client (@grpc/grpc-js, bidirectional stream
 * `ServerReflectionInfo` of `grpc.reflection.v1` and `v1alpha`): list the services, fetch the file
 * of a service with its dependencies, build the types from those descriptors alone, and call the
 * method with them. Given a node with the register module and its empty state: DepositByNode of
 * an unknown node is the empty record.
 */
import * as grpc from '@grpc/grpc-js';
import protobuf from 'protobufjs';
import descriptorExt from 'protobufjs/ext/descriptor/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegisterNode, type RegisterNode } from '../../cli/tx/register/register-node.ts';

/** grpc/reflection/v1/reflection.proto, the messages a client sends and reads */
const schema = protobuf.parse(
  `syntax = "proto3";
  message Req { string host = 1; oneof r { string file_by_filename = 3; string file_containing_symbol = 4; string all_extension_numbers_of_type = 6; string list_services = 7; } }
  message Res {
    string valid_host = 1; Req original_request = 2;
    oneof r { Files file_descriptor_response = 4; Ext all_extension_numbers_response = 5; Services list_services_response = 6; Err error_response = 7; }
  }
  message Files { repeated bytes file_descriptor_proto = 1; }
  message Ext { string base_type_name = 1; repeated int32 extension_number = 2; }
  message Services { repeated Service service = 1; }
  message Service { string name = 1; }
  message Err { int32 error_code = 1; string error_message = 2; }`,
  { keepCase: true },
).root;
const Req = schema.lookupType('Req');
const Res = schema.lookupType('Res');
const FileDescriptorProto = (descriptorExt as unknown as { FileDescriptorProto: protobuf.Type }).FileDescriptorProto;
const FileDescriptorSet = (descriptorExt as unknown as { FileDescriptorSet: protobuf.Type }).FileDescriptorSet;

type Answer = Record<string, any>;
interface FileDescriptor {
  name: string;
  package: string;
  dependency: string[];
}

let n: RegisterNode;
let client: grpc.Client;
beforeAll(async () => {
  n = await startRegisterNode();
  client = new grpc.Client(`127.0.0.1:${n.grpc.address.port}`, grpc.credentials.createInsecure());
}, 30_000);
afterAll(async () => {
  client?.close();
  await n?.close();
});

/** One reflection stream: each request answered in order; `close` half-closes and waits for the status. */
function reflectionStream(version: 'v1' | 'v1alpha') {
  const call = client.makeBidiStreamRequest(
    `/grpc.reflection.${version}.ServerReflection/ServerReflectionInfo`,
    (req: Record<string, unknown>) => Buffer.from(Req.encode(Req.fromObject(req)).finish()),
    (bytes: Buffer) => Res.toObject(Res.decode(bytes), { defaults: false }) as Answer,
  );
  const answers: Answer[] = [];
  const waiting: ((a: Answer) => void)[] = [];
  call.on('data', (a: Answer) => (waiting.length ? waiting.shift()!(a) : answers.push(a)));
  const status = new Promise<grpc.StatusObject>((resolve) => call.on('status', resolve));
  call.on('error', () => undefined); // the status carries it
  return {
    ask(req: Record<string, unknown>): Promise<Answer> {
      call.write(req);
      return answers.length ? Promise.resolve(answers.shift()!) : new Promise((resolve) => waiting.push(resolve));
    },
    async close(): Promise<[number, string]> {
      call.end();
      const s = await status;
      return [s.code, s.details];
    },
  };
}

const filesOf = (a: Answer): FileDescriptor[] => (a.file_descriptor_response.file_descriptor_proto as Uint8Array[]).map((b) => FileDescriptorProto.decode(b) as unknown as FileDescriptor);

describe('grpc.reflection ServerReflectionInfo', () => {
  it('lists the served services in name order (not the proto services of modules the node does not run)', async () => {
    const s = reflectionStream('v1');
    const res = await s.ask({ host: 'h', list_services: '*' });
    expect(res.valid_host).toBe('h');
    expect(res.original_request).toEqual({ host: 'h', list_services: '*' });
    expect(res.list_services_response.service.map((x: { name: string }) => x.name)).toEqual([
      'chain.pot.v1.Query',
      'chain.register.v1.Query',
      'chain.sds.v1.Query',
      'grpc.reflection.v1.ServerReflection',
      'grpc.reflection.v1alpha.ServerReflection',
      'sdk.auth.v1beta1.Query',
      'sdk.bank.v1beta1.Query',
      'sdk.base.consensus.v1beta1.Service',
      'sdk.distribution.v1beta1.Query',
      'sdk.evidence.v1beta1.Query',
      'sdk.gov.v1.Query',
      'sdk.gov.v1beta1.Query',
      'sdk.mint.v1beta1.Query',
      'sdk.slashing.v1beta1.Query',
      'sdk.staking.v1beta1.Query',
      'sdk.tx.v1beta1.Service',
    ]);
    expect(await s.close()).toEqual([grpc.status.OK, '']);
  });

  it('file_containing_symbol gives the file and its dependencies, enough to build and call the method', async () => {
    const s = reflectionStream('v1alpha');
    const files = filesOf(await s.ask({ file_containing_symbol: 'chain.register.v1.Query' }));
    // the file first, then every file it needs, each once
    expect(files[0]!.name).toBe('chain_register_v1.proto');
    expect(files[0]!.dependency).toEqual(['google_protobuf.proto', 'sdk_base_query_v1beta1.proto', 'sdk_base_v1beta1.proto', 'sdk_staking_v1beta1.proto']);
    const names = files.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const f of files) for (const d of f.dependency) expect([f.name, d, names.includes(d)]).toEqual([f.name, d, true]);
    const missing = await s.ask({ file_containing_symbol: 'no.such.Type' });
    expect(missing.error_response).toEqual({ error_code: grpc.status.NOT_FOUND, error_message: 'Symbol not found: no.such.Type' });
    expect(await s.close()).toEqual([grpc.status.OK, '']);

    // the types from the descriptors alone, and a call with them
    const root = (protobuf.Root as unknown as { fromDescriptor(set: unknown, o: { keepCase: boolean }): protobuf.Root }).fromDescriptor(
      FileDescriptorSet.create({ file: files as never }),
      { keepCase: true },
    );
    const method = root.lookupService('chain.register.v1.Query').methods['DepositByNode']!;
    const reqType = root.lookupType(method.requestType);
    const resType = root.lookupType(method.responseType);
    const body = await new Promise<Record<string, any>>((resolve, reject) =>
      client.makeUnaryRequest(
        '/chain.register.v1.Query/DepositByNode',
        (o: Record<string, unknown>) => Buffer.from(reqType.encode(reqType.fromObject(o)).finish()),
        (b: Buffer) => resType.toObject(resType.decode(b), { defaults: true, longs: String, enums: String }),
        { network_addr: 'stsds1gfpyysjzgfpyysjzgfpyysjzgfpyysjzn7lefa', query_type: 2 },
        (err, res) => (err ? reject(err) : resolve(res!)),
      ),
    );
    expect([body.deposit_info.network_address, body.deposit_info.status, body.deposit_info.tokens]).toEqual(['', 'BOND_STATUS_UNSPECIFIED', '0']);
  });

  it('file_by_filename and unknown names', async () => {
    const s = reflectionStream('v1');
    expect(filesOf(await s.ask({ file_by_filename: 'sdk_base_v1beta1.proto' })).map((f) => f.name)).toEqual(['sdk_base_v1beta1.proto']);
    const consensus = filesOf(await s.ask({ file_containing_symbol: 'sdk.base.consensus.v1beta1.Service.GetLatestBlock' }));
    expect(consensus[0]!.package).toBe('sdk.base.consensus.v1beta1');
    expect((await s.ask({ file_by_filename: 'nope.proto' })).error_response).toEqual({ error_code: grpc.status.NOT_FOUND, error_message: 'Proto file not found: nope.proto' });
    expect((await s.ask({ all_extension_numbers_of_type: 'sdk.base.v1beta1.Coin' })).error_response).toEqual({
      error_code: grpc.status.NOT_FOUND,
      error_message: 'Extensions not found for symbol sdk.base.v1beta1.Coin',
    });
    expect(await s.close()).toEqual([grpc.status.OK, '']);
  });
});
