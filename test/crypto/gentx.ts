/**
 * The SignDoc of the real mainnet gentx `stratos-validator-00` (stratosnet/mainnet gentx/, chain
 * `stratos-1`, account 0, sequence 0, SIGN_MODE_DIRECT), re-encoded from its JSON with a minimal
 * protobuf writer — independent of src/codec. reference/wire-formats.md §3.2 gives its keccak256.
 */
import protobuf from 'protobufjs';

type Field = readonly [number, 'string' | 'bytes' | 'uint64', string | Uint8Array | number];

function message(fields: readonly Field[]): Uint8Array {
  const w = protobuf.Writer.create();
  for (const [no, kind, value] of fields) {
    if (kind === 'string') {
      if (value !== '') w.uint32((no << 3) | 2).string(value as string);
    } else if (kind === 'bytes') {
      w.uint32((no << 3) | 2).bytes(value as Uint8Array);
    } else if (value !== 0) {
      w.uint32(no << 3).uint64(value as number);
    }
  }
  return w.finish();
}

const any = (typeUrl: string, value: Uint8Array) => message([[1, 'string', typeUrl], [2, 'bytes', value]]);
/** sdk.Dec marshals to the integer of its 18-decimal fixed point */
const dec = (text: string) => BigInt(text.replace('.', '')).toString();
const b64 = (text: string) => Uint8Array.from(Buffer.from(text, 'base64'));

export const GENTX_00 = {
  signerPubKey: 'AzrvAmTY02IKTAoCUIXFnTyv9spQoUIwhmWiOGN/elvF',
  delegator: 'st1cxmws9w5ej8847q5ycfskhetrccnhruf56rgc0',
  validator: 'stvaloper1cxmws9w5ej8847q5ycfskhetrccnhrufrk2gyy',
  consensusPubKey: 'PrFvH4KYDtJYKQIK7mvnEfsMTifD8EhY3vwIpru5LP8=',
  signature: 'qliLes0ZaqDe2sQYhzNTrRoLXv+i87wPmuda1+b78dABrRIJlC3BwpRQDqvafSuD7x5cL0sFvHIZvfizYzEAfAA=',
  signDocKeccak: '9cd813cb2967e138dbeb484d00d55aec079c4d105e975f27a54bd4274dd527c3',
} as const;

export function gentx00SignDoc(): Uint8Array {
  const createValidator = message([
    [1, 'bytes', message([[1, 'string', 'stratos-validator-00']])],
    [
      2,
      'bytes',
      message([
        [1, 'string', dec('0.100000000000000000')],
        [2, 'string', dec('0.200000000000000000')],
        [3, 'string', dec('0.010000000000000000')],
      ]),
    ],
    [3, 'string', '1'],
    [4, 'string', GENTX_00.delegator],
    [5, 'string', GENTX_00.validator],
    [6, 'bytes', any('/cosmos.crypto.ed25519.PubKey', message([[1, 'bytes', b64(GENTX_00.consensusPubKey)]]))],
    [7, 'bytes', message([[1, 'string', 'wei'], [2, 'string', '99000000000000000000']])],
  ]);
  const body = message([
    [1, 'bytes', any('/cosmos.staking.v1beta1.MsgCreateValidator', createValidator)],
    [2, 'string', '170a66353590090bb656c2096f6aff78663ef323@127.0.0.1:26656'],
  ]);
  const signerInfo = message([
    [1, 'bytes', any('/stratos.crypto.v1.ethsecp256k1.PubKey', message([[1, 'bytes', b64(GENTX_00.signerPubKey)]]))],
    [2, 'bytes', message([[1, 'bytes', message([[1, 'uint64', 1]])]])], // mode_info.single.mode = DIRECT
  ]);
  const authInfo = message([
    [1, 'bytes', signerInfo],
    [2, 'bytes', message([[2, 'uint64', 200000]])], // fee: no amount, gas 200000
  ]);
  return message([
    [1, 'bytes', body],
    [2, 'bytes', authInfo],
    [3, 'string', 'stratos-1'],
  ]);
}
