/**
 * Decoded messages as a gRPC client receives them: gogoproto leaves an empty non-oneof `bytes`
 * field nil, which proto-JSON prints as `null` (e.g. `"next_key":null`). Used by the REST
 * gateway and by the CLI's gRPC-style queries.
 */
import type protobuf from 'protobufjs';
import type { Codec, ProtoObject } from './registry.ts';
import { messageInfo, protoName } from './field-info.ts';

/**
 * A response as the gateway holds it after the gRPC round trip: proto3 does not write an empty
 * singular `bytes` field, so Go decodes it as nil, which jsonpb prints as `null` (e.g.
 * `"next_key":null`, sdk-modules §1.1). Messages nested in Any keep their own decoding.
 * (`codec` is the codec the message was decoded with; the CLI's gRPC-style queries use this too.)
 */
export function asReceivedOverGrpc(codec: Codec, type: protobuf.Type, message: unknown): unknown {
  if (message === null || typeof message !== 'object') return message;
  const obj = message as ProtoObject;
  if (protoName(type) === 'google.protobuf.Any') return obj;
  const out: ProtoObject = { ...obj };
  for (const f of messageInfo(type).fields) {
    const v = obj[f.name];
    if (f.kind === 'message' && v !== null && v !== undefined) {
      const inner = f.messageType as protobuf.Type;
      out[f.name] = f.repeated ? (v as unknown[]).map((item) => asReceivedOverGrpc(codec, inner, item)) : asReceivedOverGrpc(codec, inner, v);
    } else if (f.scalar === 'bytes' && !f.repeated && f.oneof === null && v instanceof Uint8Array && v.length === 0) {
      out[f.name] = null;
    }
  }
  return out;
}

