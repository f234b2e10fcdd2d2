/** A gRPC server's service list as a client gets it by server reflection, over @grpc/grpc-js. */
import * as grpc from '@grpc/grpc-js';
import protobuf from 'protobufjs';

/** `list_services` over grpc.reflection.v1 (the request and answer fields this test reads). */
export async function reflectedServices(port: number): Promise<string[]> {
  const schema = protobuf.parse(
    `syntax = "proto3";
    message Req { string host = 1; oneof r { string list_services = 7; } }
    message Res { oneof r { Services list_services_response = 6; } }
    message Services { repeated Service service = 1; }
    message Service { string name = 1; }`,
    { keepCase: true },
  ).root;
  const Req = schema.lookupType('Req');
  const Res = schema.lookupType('Res');
  const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  try {
    const call = client.makeBidiStreamRequest(
      '/grpc.reflection.v1.ServerReflection/ServerReflectionInfo',
      (req: Record<string, unknown>) => Buffer.from(Req.encode(Req.fromObject(req)).finish()),
      (bytes: Buffer) => Res.toObject(Res.decode(bytes)) as { list_services_response: { service: { name: string }[] } },
    );
    const answer = new Promise<{ list_services_response: { service: { name: string }[] } }>((resolve, reject) => {
      call.on('data', resolve);
      call.on('error', reject);
    });
    call.write({ host: '', list_services: '*' });
    const names = (await answer).list_services_response.service.map((x) => x.name);
    call.end();
    return names;
  } finally {
    client.close();
  }
}
