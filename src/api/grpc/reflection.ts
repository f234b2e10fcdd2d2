/**
 * gRPC server reflection (grpc/proto `grpc.reflection.v1alpha` and `v1`, one bidirectional stream
 * `ServerReflectionInfo`), so that tools such as grpcurl can list and call the services without
 * the .proto files. Answers as grpc-go's reflection service: `list_services`, `file_by_filename`,
 * `file_containing_symbol` (the file and its dependencies not yet sent on this stream),
 * `all_extension_numbers_of_type` (no extensions here) and errors as `error_response`.
 */
import protobuf from 'protobufjs';
import { descriptorIndex, filesWithDependencies, type DescriptorIndex } from './descriptors.ts';
import { GRPC_CODES } from './status.ts';
import type { Codec } from '../../codec/registry.ts';

export const REFLECTION_SERVICES = ['grpc.reflection.v1alpha.ServerReflection', 'grpc.reflection.v1.ServerReflection'] as const;
export const REFLECTION_METHOD = 'ServerReflectionInfo';

const SCHEMA = protobuf.parse(
  `syntax = "proto3";
  message ServerReflectionRequest {
    string host = 1;
    oneof message_request {
      string file_by_filename = 3;
      string file_containing_symbol = 4;
      ExtensionRequest file_containing_extension = 5;
      string all_extension_numbers_of_type = 6;
      string list_services = 7;
    }
  }
  message ExtensionRequest { string containing_type = 1; int32 extension_number = 2; }
  message ServerReflectionResponse {
    string valid_host = 1;
    ServerReflectionRequest original_request = 2;
    oneof message_response {
      FileDescriptorResponse file_descriptor_response = 4;
      ExtensionNumberResponse all_extension_numbers_response = 5;
      ListServiceResponse list_services_response = 6;
      ErrorResponse error_response = 7;
    }
  }
  message FileDescriptorResponse { repeated bytes file_descriptor_proto = 1; }
  message ExtensionNumberResponse { string base_type_name = 1; repeated int32 extension_number = 2; }
  message ListServiceResponse { repeated ServiceResponse service = 1; }
  message ServiceResponse { string name = 1; }
  message ErrorResponse { int32 error_code = 1; string error_message = 2; }`,
  { keepCase: true },
).root;
const Request = SCHEMA.lookupType('ServerReflectionRequest');
const Response = SCHEMA.lookupType('ServerReflectionResponse');

interface ReflectionRequest {
  host?: string;
  message_request?: string;
  file_by_filename?: string;
  file_containing_symbol?: string;
  file_containing_extension?: { containing_type?: string; extension_number?: number };
  all_extension_numbers_of_type?: string;
  list_services?: string;
}

/** One reflection stream: each request message in, one response message out. */
export class ReflectionStream {
  private readonly sent = new Set<string>();
  private readonly index: DescriptorIndex;

  constructor(
    codec: Codec,
    private readonly services: readonly string[],
  ) {
    this.index = descriptorIndex(codec);
  }

  answer(requestBytes: Uint8Array): Uint8Array {
    const message = Request.decode(requestBytes);
    const req = Request.toObject(message, { oneofs: true }) as ReflectionRequest;
    const base = { valid_host: req.host ?? '', original_request: message };
    return Response.encode(Response.fromObject({ ...base, ...this.respond(req) })).finish();
  }

  private respond(req: ReflectionRequest): Record<string, unknown> {
    const error = (code: number, text: string) => ({ error_response: { error_code: code, error_message: text } });
    const files = (name: string) => ({ file_descriptor_response: { file_descriptor_proto: filesWithDependencies(this.index, name, this.sent).map((f) => f.bytes) } });
    switch (req.message_request) {
      case 'list_services':
        return { list_services_response: { service: [...this.services].sort().map((name) => ({ name })) } };
      case 'file_by_filename': {
        const name = req.file_by_filename ?? '';
        return this.index.files.has(name) ? files(name) : error(GRPC_CODES.NotFound, `unknown file: ${name}`);
      }
      case 'file_containing_symbol': {
        const symbol = req.file_containing_symbol ?? '';
        const file = this.index.symbols.get(symbol);
        return file ? files(file) : error(GRPC_CODES.NotFound, `unknown symbol: ${symbol}`);
      }
      case 'file_containing_extension': {
        const ext = req.file_containing_extension ?? {};
        return error(GRPC_CODES.NotFound, `unknown extension ${ext.extension_number ?? 0} of ${ext.containing_type ?? ''}`);
      }
      case 'all_extension_numbers_of_type': {
        const type = req.all_extension_numbers_of_type ?? '';
        return this.index.symbols.has(type) ? { all_extension_numbers_response: { base_type_name: type, extension_number: [] } } : error(GRPC_CODES.NotFound, `unknown type: ${type}`);
      }
      default:
        return error(GRPC_CODES.InvalidArgument, 'invalid MessageRequest: empty request');
    }
  }
}
