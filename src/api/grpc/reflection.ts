/**
 * gRPC server reflection (`grpc.reflection.v1` and `v1alpha`, as grpcurl and other tools use it)
 * by the @grpc/reflection package, fed with the file descriptors of the codec's proto sources
 * (descriptors.ts: one file per proto package, in the codec's profile words) and of the
 * reflection protocol itself, so that `list_services` names exactly the services this node serves,
 * the reflection services included, in name order as grpc-go lists them. What the package answers:
 * a file with all its dependencies on every request (grpc-go leaves out files already sent on the
 * stream; clients accept both), errors as `error_response` with its texts (`Symbol not found: …`).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as protoLoader from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import protobuf from 'protobufjs';
import descriptorExt from 'protobufjs/ext/descriptor/index.js';
import type { Codec } from '../../codec/registry.ts';
import { descriptorIndex } from './descriptors.ts';

const FileDescriptorProto = (descriptorExt as unknown as { FileDescriptorProto: protobuf.Type }).FileDescriptorProto;

/** The reflection protocol's .proto files as @grpc/reflection ships them, as encoded file descriptors. */
function reflectionProtoFiles(): Uint8Array[] {
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve('@grpc/reflection/package.json')), 'build', 'proto');
  const definition = protoLoader.loadSync(['grpc/reflection/v1/reflection.proto', 'grpc/reflection/v1alpha/reflection.proto'], { includeDirs: [dir] });
  const files = new Map<string, Uint8Array>();
  for (const entry of Object.values(definition)) {
    for (const bytes of (entry as { fileDescriptorProtos?: Uint8Array[] }).fileDescriptorProtos ?? []) {
      files.set((FileDescriptorProto.decode(bytes) as unknown as { name: string }).name, bytes);
    }
  }
  return [...files.values()];
}

/** The reflection services for `services` (profile-word names) over the codec's descriptors. */
export function reflectionService(codec: Codec, services: readonly string[]): ReflectionService {
  const files = [...[...descriptorIndex(codec).files.values()].map((f) => f.bytes), ...reflectionProtoFiles()]
    .map((bytes) => ({ bytes, pkg: (FileDescriptorProto.decode(bytes) as unknown as { package: string }).package }))
    // the package lists services in the order of the files it was given
    .sort((a, b) => (a.pkg < b.pkg ? -1 : a.pkg > b.pkg ? 1 : 0));
  const definition = { files: { format: 'Protocol Buffer 3 FileDescriptorProto', fileDescriptorProtos: files.map((f) => f.bytes) } };
  return new ReflectionService(definition as unknown as protoLoader.PackageDefinition, {
    services: [...services, 'grpc.reflection.v1.ServerReflection', 'grpc.reflection.v1alpha.ServerReflection'],
  });
}
