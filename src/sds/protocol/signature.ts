/**
 * What a storage-network client signs (reference/storage-network.md §1.3): secp256k1 ECDSA, low-S,
 * over keccak256 of the UTF-8 message, the message being a plain concatenation of fields. The
 * `signature` object of every signed RPC call carries the `st1…` address, the `stpub1…` key (bech32
 * over the raw 33-byte compressed key, no amino prefix) and the hex signature: 65 bytes r‖s‖v as Go
 * signs, or 64 bytes r‖s as the TS SDK sends.
 */
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { accAddress, Hrp } from '../../crypto/address.ts';
import { fromBech32, toBech32 } from '../../crypto/bech32.ts';
import { ethAddress, ethPubKey, ethSign, ethSignRecoverable, ethVerify, PUB_KEY_LENGTH } from '../../crypto/ethsecp256k1.ts';
import { secp256k1 } from '../../crypto/secp256k1-backend.ts';

export interface SdsSignature {
  /** `st1…` wallet address */
  readonly address: string;
  /** `stpub1…` wallet public key */
  readonly pubkey: string;
  /** hex of 64 (r‖s) or 65 (r‖s‖v) bytes */
  readonly signature: string;
}

/** decimal req_time, never in exponent form */
const time = (t: number | bigint): string => (typeof t === 'bigint' ? t.toString() : Number.isInteger(t) ? BigInt(t).toString() : String(t));

/** The signed strings, plain concatenations (t = decimal req_time) */
export const SignedMessage = Object.freeze({
  /** requestUpload, uploadData, uploadSign, requestDownload */
  upload: (filehash: string, address: string, sn: string, t: number | bigint): string => filehash + address + sn + time(t),
  /** requestGetShared: `link` is the part of `sds://<link>[/<password>]` before the password */
  getShared: (link: string, address: string, sn: string, t: number | bigint): string => link + address + sn + time(t),
  /** getFileStatus, requestDeleteFile, requestShare */
  fileStatus: (filehash: string, address: string, t: number | bigint): string => filehash + address + time(t),
  /** requestStopShare */
  stopShare: (shareid: string, address: string, t: number | bigint): string => shareid + address + time(t),
  /** requestList, requestListShare, requestClearExpiredShareLinks, owner_requestPrepay */
  list: (address: string, t: number | bigint): string => address + time(t),
});

/** bech32 'stpub' over the raw 33 compressed bytes */
export function stpubOf(compressedPubKey: Uint8Array): string {
  if (compressedPubKey.length !== PUB_KEY_LENGTH) {
    throw new Error(`invalid wallet public key: expected ${PUB_KEY_LENGTH} compressed bytes, got ${compressedPubKey.length}`);
  }
  return toBech32(Hrp.accountPub, compressedPubKey);
}

/** The 33-byte key of an `stpub1…` string; throws Error naming the problem. */
export function pubKeyFromStpub(text: string): Uint8Array {
  if (typeof text !== 'string') throw new Error('invalid wallet public key: not a string');
  const { bytes } = fromBech32(text, Hrp.accountPub, PUB_KEY_LENGTH);
  if (!secp256k1().isValidPublicKey(bytes)) throw new Error(`invalid wallet public key "${text}": not a point on secp256k1`);
  return bytes;
}

/** `st1…` address of a 33-byte compressed key (Ethereum-style: keccak of the uncompressed key). */
export function walletAddressOf(compressedPubKey: Uint8Array): string {
  return accAddress(ethAddress(compressedPubKey));
}

/** Signs keccak256(utf8(message)) with low-S; hex of 65 bytes r‖s‖v (Go) or 64 bytes r‖s (TS SDK) */
export function signSds(privateKey: Uint8Array, message: string, form: 64 | 65 = 65): SdsSignature {
  const pub = ethPubKey(privateKey);
  const bytes = utf8ToBytes(message);
  const sig = form === 64 ? ethSign(privateKey, bytes) : ethSignRecoverable(privateKey, bytes);
  return { address: walletAddressOf(pub), pubkey: stpubOf(pub), signature: bytesToHex(sig) };
}

export type SdsSignatureCheck = { readonly ok: true } | { readonly ok: false; readonly detail: string };

/** secp256k1 group order n / 2: an s above it is high-S */
const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

const fail = (detail: string): SdsSignatureCheck => ({ ok: false, detail });
const short = (s: string): string => (s.length > 80 ? `${s.slice(0, 80)}…` : s);

/** The wallet key of a signature object: its pubkey parsed and matching its address, or the problem. */
function walletKey(sig: unknown): { pub: Uint8Array } | { problem: string } {
  if (sig === undefined || sig === null || typeof sig !== 'object') return { problem: 'missing signature' };
  const { address, pubkey } = sig as Record<string, unknown>;
  if (typeof pubkey !== 'string' || pubkey === '') return { problem: 'wrong wallet pubkey' };
  let pub: Uint8Array;
  try {
    pub = pubKeyFromStpub(pubkey);
  } catch {
    return { problem: 'wrong wallet pubkey' };
  }
  if (typeof address !== 'string' || address !== walletAddressOf(pub)) {
    return { problem: `address ${typeof address === 'string' ? short(address) : '(missing)'} does not match the pubkey` };
  }
  return { pub };
}

/** The part of the check the PP does alone for a download: the pubkey parses and derives `address` (the SP checks the signature). */
export function pubkeyProblem(sig: SdsSignature): string | undefined {
  const k = walletKey(sig);
  return 'problem' in k ? k.problem : undefined;
}

/** The PP's check: the pubkey parses and derives `address`, the hex parses (64 or 65 bytes), low-S, verifies */
export function verifySds(sig: SdsSignature | undefined | null, message: string): SdsSignatureCheck {
  try {
    const key = walletKey(sig);
    if ('problem' in key) return fail(key.problem);
    const { pub } = key;
    const { signature } = sig as unknown as Record<string, unknown>;
    if (typeof signature !== 'string' || signature.length === 0 || signature.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(signature)) {
      return fail('signature is not hex');
    }
    const bytes = Uint8Array.from(Buffer.from(signature, 'hex'));
    if (bytes.length !== 64 && bytes.length !== 65) return fail(`signature has ${bytes.length} bytes; expected 64 or 65`);
    const s = BigInt('0x' + bytesToHex(bytes.subarray(32, 64)));
    if (s > HALF_N) return fail('signature is not canonical (high S)');
    if (typeof message !== 'string') return fail('signature does not match');
    if (!ethVerify(pub, utf8ToBytes(message), bytes)) return fail('signature does not match');
    return { ok: true };
  } catch (e) {
    return fail(`signature check failed: ${(e as Error)?.message ?? String(e)}`);
  }
}
