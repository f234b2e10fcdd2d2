/**
 * Server reflection as grpcurl uses it: list the services, fetch the file of a service with its
 * dependencies, build the types from those descriptors alone, and call the method with them.
 * Given a node with the register module and one resource node… here simply the module's empty
 * state: DepositByNode of an unknown node is the empty record.
 */
import protobuf from 'protobufjs';
import descriptorExt from 'protobufjs/ext/descriptor/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegisterNode, type RegisterNode } from '../../cli/tx/register/register-node.ts';
import { grpcCall, grpcStream } from './grpc-client.ts';

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

const encode = (req: Record<string, unknown>) => Req.encode(Req.fromObject(req)).finish();
const decode = (bytes: Buffer) => Res.toObject(Res.decode(bytes), { defaults: false }) as Record<string, any>;

let n: RegisterNode;
beforeAll(async () => {
  n = await startRegisterNode();
}, 30_000);
afterAll(async () => {
  await n?.close();
});

describe('grpc.reflection.v1 ServerReflectionInfo', () => {
  it('lists the served services (not the proto services of modules the node does not run)', async () => {
    const s = grpcStream(n.grpc.address.port, '/grpc.reflection.v1.ServerReflection/ServerReflectionInfo');
    const res = decode(await s.exchange(encode({ host: 'h', list_services: '*' })));
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
      'sdk.tx.v1beta1.Service',
    ]);
    expect(await s.close()).toEqual({ status: 0, message: '' });
  });

  it('file_containing_symbol gives the file and its dependencies, enough to build and call the method', async () => {
    const s = grpcStream(n.grpc.address.port, '/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo');
    const res = decode(await s.exchange(encode({ file_containing_symbol: 'chain.register.v1.Query' })));
    const files = (res.file_descriptor_response.file_descriptor_proto as Uint8Array[]).map((b) => FileDescriptorProto.decode(b) as unknown as { name: string; package: string; dependency: string[] });
    expect(files.at(-1)!.name).toBe('chain_register_v1.proto');
    expect(files.at(-1)!.dependency).toEqual(['google_protobuf.proto', 'sdk_base_query_v1beta1.proto', 'sdk_base_v1beta1.proto', 'sdk_staking_v1beta1.proto']);
    // every dependency came before the file that needs it
    const seen = new Set<string>();
    for (const f of files) {
      for (const d of f.dependency) expect([f.name, d, seen.has(d)]).toEqual([f.name, d, true]);
      seen.add(f.name);
    }
    // a file already sent on this stream is not sent again
    const again = decode(await s.exchange(encode({ file_containing_symbol: 'sdk.base.v1beta1.Coin' })));
    expect(again.file_descriptor_response.file_descriptor_proto ?? []).toEqual([]);
    const missing = decode(await s.exchange(encode({ file_containing_symbol: 'no.such.Type' })));
    expect(missing.error_response).toEqual({ error_code: 5, error_message: 'unknown symbol: no.such.Type' });
    expect(await s.close()).toEqual({ status: 0, message: '' });

    // the types from the descriptors alone
    const root = (protobuf.Root as unknown as { fromDescriptor(set: unknown, o: { keepCase: boolean }): protobuf.Root }).fromDescriptor(
      FileDescriptorSet.create({ file: files as never }),
      { keepCase: true },
    );
    const service = root.lookupService('chain.register.v1.Query');
    const method = service.methods['DepositByNode']!;
    const reqType = root.lookupType(method.requestType);
    const resType = root.lookupType(method.responseType);
    const request = reqType.encode(reqType.fromObject({ network_addr: 'stsds1gw8wgm5j3xdwvtqxt6gxapmu3h7su78rfu3lxq', query_type: 2 })).finish();
    const r = await grpcCall(n.grpc.address.port, '/chain.register.v1.Query/DepositByNode', Buffer.from(request));
    expect([r.status, r.message]).toEqual([0, '']);
    const body = resType.toObject(resType.decode(r.messages[0]!), { defaults: true, longs: String, enums: String }) as { deposit_info: Record<string, unknown> };
    expect([body.deposit_info.network_address, body.deposit_info.status, body.deposit_info.tokens]).toEqual(['', 'BOND_STATUS_UNSPECIFIED', '0']);
  });

  it('file_by_filename and unknown names', async () => {
    const s = grpcStream(n.grpc.address.port, '/grpc.reflection.v1.ServerReflection/ServerReflectionInfo');
    const res = decode(await s.exchange(encode({ file_by_filename: 'sdk_base_v1beta1.proto' })));
    expect(res.file_descriptor_response.file_descriptor_proto.map((b: Uint8Array) => (FileDescriptorProto.decode(b) as unknown as { name: string }).name)).toEqual(['sdk_base_v1beta1.proto']);
    expect(decode(await s.exchange(encode({ file_by_filename: 'nope.proto' }))).error_response).toEqual({ error_code: 5, error_message: 'unknown file: nope.proto' });
    expect(decode(await s.exchange(encode({ all_extension_numbers_of_type: 'sdk.base.v1beta1.Coin' }))).all_extension_numbers_response).toEqual({ base_type_name: 'sdk.base.v1beta1.Coin' });
    expect(await s.close()).toEqual({ status: 0, message: '' });
  });
});
