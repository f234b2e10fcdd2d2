/**
 * The actors of a run, drawn from the scenario with its seed: every key is derived from the seed and
 * the actor's name (sha256 of `sdsim/<seed>/<name>/<purpose>`), so the same scenario and seed give
 * the same addresses, deposits and genesis on every machine.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { accAddress, valAddress } from '../../crypto/address.ts';
import { ETH_SECP256K1 } from '../../crypto/ethsecp256k1.ts';
import { ed25519KeyPairFromSeed } from '../../crypto/ed25519.ts';
import { makePrivKey, pubKeyAddress, pubKeyOf, type PrivKey } from '../../crypto/keys.ts';
import { sdsNetworkAddress } from '../../crypto/sds-key.ts';
import { createPrivValidatorKey, type PrivValidatorKey } from '../../consensus/keys.ts';
import { Rng } from '../random/prng.ts';
import type { At, Scenario } from '../scenario/types.ts';
import { drawAmount, drawWhole } from './draw.ts';

/** secp256k1's group order: a private key must be in [1, n). */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

export interface Account {
  /** `validator-0`, `meta-1`, `resource-2`, `user-3`, `foundation` */
  readonly name: string;
  readonly priv: PrivKey;
  /** `st1…` */
  readonly address: string;
}

export interface ValidatorActor extends Account {
  readonly consensus: PrivValidatorKey;
  readonly operator: string;
  readonly selfDelegation: bigint;
}

export interface NodeActor extends Account {
  /** the node's ed25519 (p2p) public key */
  readonly p2pPublicKey: Uint8Array;
  /** `stsds1…` */
  readonly networkAddress: string;
  readonly deposit: bigint;
}

export interface ResourceActor extends NodeActor {
  readonly nodeType: number;
  readonly joinSeconds: number;
  readonly leaveSeconds: number | undefined;
}

export interface Population {
  readonly validators: readonly ValidatorActor[];
  readonly metaNodes: readonly NodeActor[];
  readonly resourceNodes: readonly ResourceActor[];
  readonly users: readonly (Account & { readonly prepay: bigint })[];
  readonly foundation: Account & { readonly deposit: bigint };
}

function seedBytes(seed: number, name: string, purpose: string): Uint8Array {
  return sha256(utf8ToBytes(`sdsim/${seed}/${name}/${purpose}`));
}

/** The account key of `name`: the seed hash, re-hashed in the (astronomically unlikely) case it is not a valid key. */
export function accountOf(seed: number, name: string): Account {
  let bytes = seedBytes(seed, name, 'account');
  for (;;) {
    const k = BigInt('0x' + Buffer.from(bytes).toString('hex'));
    if (k > 0n && k < SECP256K1_N) break;
    bytes = sha256(bytes);
  }
  const priv = makePrivKey(ETH_SECP256K1, bytes);
  return { name, priv, address: accAddress(pubKeyAddress(pubKeyOf(priv))) };
}

/** The p2p (ed25519) key and `stsds1…` network address of node `name`. */
export function p2pKeyOf(seed: number, name: string): { readonly p2pPublicKey: Uint8Array; readonly networkAddress: string } {
  const pair = ed25519KeyPairFromSeed(seedBytes(seed, name, 'p2p'));
  return { p2pPublicKey: pair.publicKey, networkAddress: sdsNetworkAddress(pair.publicKey) };
}

export const atSeconds = (a: At, epochSeconds: number): number => ('epoch' in a ? a.epoch * epochSeconds : a.seconds);

export function buildPopulation(s: Scenario): Population {
  const rng = Rng.fromSeed(s.seed).fork('population');
  const p = s.population;
  const node = (name: string): Omit<NodeActor, 'deposit'> => ({ ...accountOf(s.seed, name), ...p2pKeyOf(s.seed, name) });
  const vr = rng.fork('validators');
  const validators = Array.from({ length: p.validators.count }, (_, i): ValidatorActor => {
    const a = accountOf(s.seed, `validator-${i}`);
    return { ...a, consensus: createPrivValidatorKey(seedBytes(s.seed, a.name, 'consensus')), operator: valAddress(pubKeyAddress(pubKeyOf(a.priv))), selfDelegation: drawAmount(p.validators.selfDelegation, vr) };
  });
  const mr = rng.fork('meta_nodes');
  const metaNodes = Array.from({ length: p.metaNodes.count }, (_, i): NodeActor => ({ ...node(`meta-${i}`), deposit: drawAmount(p.metaNodes.deposit, mr) }));
  const rr = rng.fork('resource_nodes');
  const rn = p.resourceNodes;
  const resourceNodes = Array.from({ length: rn.count }, (_, i): ResourceActor => ({
    ...node(`resource-${i}`),
    deposit: drawAmount(rn.deposit, rr),
    nodeType: drawWhole(rn.nodeType, rr, 1, 7),
    joinSeconds: atSeconds(rn.join, s.clock.epochSeconds),
    leaveSeconds: rn.leave ? atSeconds(rn.leave, s.clock.epochSeconds) : undefined,
  }));
  const ur = rng.fork('users');
  const users = Array.from({ length: p.users.count }, (_, i) => ({ ...accountOf(s.seed, `user-${i}`), prepay: drawAmount(p.users.prepay, ur) }));
  return { validators, metaNodes, resourceNodes, users, foundation: { ...accountOf(s.seed, 'foundation'), deposit: p.foundation.deposit } };
}
