/** Public API of the codec: protobuf registry, Any, tx encode/decode/sign bytes, amino JSON, proto-JSON. */
export { loadProtoRoot, PROTO_DIR } from './proto-root.ts';
export { type Any, type Codec, codec, createCodec, type ProtoObject, type UnpackedAny } from './registry.ts';
export { type InterfaceName, type InterfaceRegistry } from './interface-registry.ts';
export { MalformedProtoError } from './wire.ts';
export {
  type AuthInfo,
  type AuthInfoInput,
  type Coin,
  type CompactBitArray,
  type DecodedTx,
  decodeTxRaw,
  encodeAuthInfo,
  encodeTxBody,
  encodeTxRaw,
  type Fee,
  type FeeInput,
  type Int64Like,
  makeSignDocBytes,
  makeSignerInfo,
  type ModeInfo,
  SignMode,
  type SignerInfo,
  type Tip,
  type TxBody,
  type TxBodyInput,
  txHash,
  type TxRaw,
} from './tx.ts';
export {
  type AminoFeeInput,
  aminoAnyJson,
  aminoMsgJson,
  type AminoSignDocInput,
  aminoSignBytes,
  aminoSignBytesOfTx,
  type AminoSignerData,
  aminoSignDocJson,
} from './amino-json.ts';
export { aminoTypeName, UNWRAPPED_AMINO_MESSAGES } from './amino-names.ts';
export { parseProtoJson, printProtoJson, type ProtoJsonOptions, protoJsonValue } from './proto-json.ts';
export { goJson, type GoJsonValue, sortedGoJson } from './go-json.ts';
export { decFromWire, decText, decToWire } from './custom-scalars.ts';
