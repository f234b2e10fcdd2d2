/**
 * The libp2p identity `id` answers: an ed25519 key's peer ID (the identity multihash of the
 * protobuf `PublicKey{Type: Ed25519, Data}`, base58btc: `12D3KooW…`). The key is the home's P2P key
 * when it opens with the wallet password, else one derived from the wallet key.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { base58btc } from 'multiformats/bases/base58';
import { ed25519KeyPairFromSeed } from '../../crypto/ed25519.ts';

export interface PeerIdentity {
  readonly id: string;
  /** base64 of the protobuf PublicKey */
  readonly publicKey: string;
}

export function peerIdentity(ed25519PublicKey: Uint8Array): PeerIdentity {
  const proto = Uint8Array.from([0x08, 0x01, 0x12, ed25519PublicKey.length, ...ed25519PublicKey]);
  const multihash = Uint8Array.from([0x00, proto.length, ...proto]);
  return { id: base58btc.baseEncode(multihash), publicKey: Buffer.from(proto).toString('base64') };
}

/** An identity for a wallet without a P2P key file: ed25519 seed = sha256("nodeclient ipfs peer" ‖ wallet key). */
export function derivedPeerIdentity(walletPrivateKey: Uint8Array): PeerIdentity {
  const seed = sha256(Buffer.concat([Buffer.from('nodeclient ipfs peer'), walletPrivateKey]));
  return peerIdentity(ed25519KeyPairFromSeed(seed).publicKey);
}
