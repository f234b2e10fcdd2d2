/**
 * File descriptors of the codec's proto types, for server reflection (reflection.ts): one
 * `google.protobuf.FileDescriptorProto` per proto package (`chain_register_v1.proto` holds package
 * `chain.register.v1`, as protobufjs `Root.toDescriptor` groups them), in the codec's profile
 * words, each listing the package files it refers to as dependencies. The sources are parsed
 * without file names, so the package is the unit a client receives.
 */
import protobuf from 'protobufjs';
import descriptorExt from 'protobufjs/ext/descriptor/index.js';
import type { Codec } from '../../codec/registry.ts';

export interface DescriptorFile {
  readonly name: string;
  /** encoded FileDescriptorProto */
  readonly bytes: Uint8Array;
  readonly dependencies: readonly string[];
}

export interface DescriptorIndex {
  readonly files: ReadonlyMap<string, DescriptorFile>;
  /** fully-qualified symbol (message, enum, service, `Service.Method`) → file name */
  readonly symbols: ReadonlyMap<string, string>;
}

interface FileLike {
  name: string;
  package: string;
  dependency: string[];
  messageType: MessageLike[];
  enumType: { name: string }[];
  service: { name: string; method: { name: string; inputType: string; outputType: string }[] }[];
}
interface MessageLike {
  name: string;
  field: { name?: string; typeName?: string }[];
  nestedType: MessageLike[];
  enumType: { name: string }[];
}

/** The ext module adds `toDescriptor` to protobufjs reflection objects and exports descriptor.proto's types. */
const FileDescriptorProto = (descriptorExt as unknown as { FileDescriptorProto: protobuf.Type }).FileDescriptorProto;

const indexes = new WeakMap<Codec, DescriptorIndex>();

export function descriptorIndex(codec: Codec): DescriptorIndex {
  const hit = indexes.get(codec);
  if (hit) return hit;
  const set = (codec.root as protobuf.Root & { toDescriptor(edition: string): { file: FileLike[] } }).toDescriptor('proto3');
  const symbols = new Map<string, string>();
  for (const file of set.file) {
    const addMessage = (prefix: string, m: MessageLike): void => {
      symbols.set(`${prefix}.${m.name}`, file.name);
      for (const e of m.enumType) symbols.set(`${prefix}.${m.name}.${e.name}`, file.name);
      for (const n of m.nestedType) addMessage(`${prefix}.${m.name}`, n);
    };
    for (const m of file.messageType) addMessage(file.package, m);
    for (const e of file.enumType) symbols.set(`${file.package}.${e.name}`, file.name);
    for (const s of file.service) {
      symbols.set(`${file.package}.${s.name}`, file.name);
      for (const m of s.method) symbols.set(`${file.package}.${s.name}.${m.name}`, file.name);
    }
  }
  // protobufjs writes type references as the source spelled them (`crypto.ProofOps`); descriptors
  // carry them fully qualified (`.consensus.crypto.ProofOps`), as protoc writes them
  const root = codec.root;
  const qualifyMessage = (fullName: string, m: MessageLike): void => {
    const type = root.lookup(fullName) as protobuf.Type | null;
    for (const f of m.field as { name?: string; typeName?: string }[]) {
      const field = type?.fields[f.name ?? ''];
      if (f.typeName && field?.resolvedType) f.typeName = field.resolvedType.fullName;
    }
    for (const nested of m.nestedType) qualifyMessage(`${fullName}.${nested.name}`, nested);
  };
  for (const file of set.file) {
    for (const m of file.messageType) qualifyMessage(`${file.package}.${m.name}`, m);
    for (const sd of file.service) {
      const service = root.lookupService(`${file.package}.${sd.name}`);
      for (const md of sd.method) {
        const method = service.methods[md.name]!;
        method.resolve();
        md.inputType = method.resolvedRequestType!.fullName;
        md.outputType = method.resolvedResponseType!.fullName;
      }
    }
  }
  const files = new Map<string, DescriptorFile>();
  for (const file of set.file) {
    const referenced = new Set<string>();
    const refer = (typeName: string | undefined): void => {
      if (!typeName) return;
      const owner = symbols.get(typeName.replace(/^\./, ''));
      if (owner && owner !== file.name) referenced.add(owner);
    };
    const walk = (m: MessageLike): void => {
      for (const f of m.field) refer(f.typeName);
      for (const n of m.nestedType) walk(n);
    };
    for (const m of file.messageType) walk(m);
    for (const s of file.service) for (const m of s.method) (refer(m.inputType), refer(m.outputType));
    file.dependency = [...referenced].sort();
    const bytes = FileDescriptorProto.encode(file as never).finish();
    files.set(file.name, { name: file.name, bytes, dependencies: file.dependency });
  }
  const index = { files, symbols };
  indexes.set(codec, index);
  return index;
}

