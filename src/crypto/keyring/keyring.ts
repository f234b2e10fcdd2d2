/**
 * The keyring: named keys over a KeyringStore, found by name (`<name>.info`) or by address
 * (`<hexaddr>.address`), as the SDK `keyring.Keyring`. Every operation checks its input before it
 * writes, so a failed command leaves the keyring unchanged.
 */
import { SdkErrors } from '../../errors.ts';
import { accAddress } from '../address.ts';
import type { DecryptedArmor, EncryptArmorOptions } from '../armor.ts';
import { encryptArmorPrivKey, unarmorDecryptPrivKey } from '../armor.ts';
import { derivePrivateKey, parseHdPath } from '../hd.ts';
import type { KeyAlgo, PrivKey, PubKey } from '../keys.ts';
import { makePrivKey, signBytes } from '../keys.ts';
import { ethSignRecoverable } from '../ethsecp256k1.ts';
import type { KeyRecord } from './record.ts';
import { decodeRecord, encodeRecord, localRecord, offlineRecord, recordAddress } from './record.ts';
import type { KeyringStore } from './store.ts';
import { addressKey, INFO_SUFFIX, infoKey } from './store.ts';

/** Algorithms `keys add` can create (stratos-chain `SupportedAlgorithms`). */
export const SUPPORTED_ALGOS: readonly KeyAlgo[] = ['eth_secp256k1', 'secp256k1'];

export interface KeySignature {
  /** eth_secp256k1: 65 bytes r‖s‖v like go-ethereum `crypto.Sign` (the real keyring); secp256k1: 64 bytes r‖s */
  readonly signature: Uint8Array;
  readonly pubKey: PubKey;
}

export interface MigrationReport {
  /** names of records already in the current format */
  readonly current: readonly string[];
  /** items that could not be read, with the reason */
  readonly unreadable: readonly { readonly item: string; readonly reason: string }[];
}

export class Keyring {
  constructor(readonly store: KeyringStore) {}

  get backend(): string {
    return this.store.backend;
  }

  /** All records, ordered by item key as the SDK lists them. */
  async list(): Promise<KeyRecord[]> {
    const keys = (await this.store.keys()).filter((k) => k.endsWith(INFO_SUFFIX)).sort();
    const records: KeyRecord[] = [];
    for (const key of keys) {
      const record = await this.readRecord(key);
      if (record) records.push(record);
    }
    return records;
  }

  async findKey(name: string): Promise<KeyRecord | undefined> {
    return this.readRecord(infoKey(name));
  }

  /** The record named `name`; throws SdkErrors.KeyNotFound (`alice.info: key not found`). */
  async key(name: string): Promise<KeyRecord> {
    const record = await this.findKey(name);
    if (!record) throw SdkErrors.KeyNotFound.wrap(infoKey(name));
    return record;
  }

  async findKeyByAddress(address: Uint8Array): Promise<KeyRecord | undefined> {
    const target = await this.store.get(addressKey(address));
    if (target === undefined) return undefined;
    return this.readRecord(Buffer.from(target).toString('utf8'));
  }

  async keyByAddress(address: Uint8Array): Promise<KeyRecord> {
    const record = await this.findKeyByAddress(address);
    if (!record) throw SdkErrors.KeyNotFound.wrap(`key with address ${accAddress(address)} not found`);
    return record;
  }

  /** SDK `NewAccount`: derive from a mnemonic on `hdPath` and store as a local key. */
  async newAccount(name: string, mnemonic: string, bip39Passphrase: string, hdPath: string, algo: KeyAlgo): Promise<KeyRecord> {
    assertSupportedAlgo(algo);
    const priv = makePrivKey(algo, derivePrivateKey(mnemonic, parseHdPath(hdPath), bip39Passphrase));
    return this.saveLocalKey(name, priv, hdPath);
  }

  /** Stores a private key under a new name; `hdPath` records where it was derived. */
  async saveLocalKey(name: string, priv: PrivKey, hdPath?: string): Promise<KeyRecord> {
    return this.write(localRecord(name, priv, hdPath));
  }

  /** Stores a private key as a local key (hex import, armor import). */
  async importPrivKey(name: string, priv: PrivKey): Promise<KeyRecord> {
    await this.assertNameFree(name);
    return this.write(localRecord(name, priv));
  }

  /** SDK `ImportPrivKey`: decrypts the armor, then stores. Wrong passphrase → `failed to decrypt private key: invalid account password`. */
  async importArmoredPrivKey(name: string, armor: string, passphrase: string): Promise<KeyRecord> {
    await this.assertNameFree(name);
    let decrypted: DecryptedArmor;
    try {
      decrypted = unarmorDecryptPrivKey(armor, passphrase);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new Error(`failed to decrypt private key: ${reason}`);
    }
    return this.write(localRecord(name, decrypted.privKey));
  }

  /** The private key of a local record; other types throw (SDK `ErrPrivKeyExtr`). */
  async exportPrivKey(name: string): Promise<PrivKey> {
    const record = await this.key(name);
    if (!record.privKey) {
      throw new Error(`key ${name} is ${record.type === 'offline' ? 'an offline' : `a ${record.type}`} key: private key extraction works only for local keys`);
    }
    return record.privKey;
  }

  async exportArmoredPrivKey(name: string, passphrase: string, options: EncryptArmorOptions = {}): Promise<string> {
    return encryptArmorPrivKey(await this.exportPrivKey(name), passphrase, options);
  }

  /** SDK `SaveOfflineKey`: a public key only (signing happens elsewhere). */
  async saveOfflineKey(name: string, pubKey: PubKey): Promise<KeyRecord> {
    return this.write(offlineRecord(name, pubKey));
  }

  /**
   * SDK `Rename`: the record under its new name, the address index pointing at it; a name in use is
   * `rename failed, <to>: key already exists`. The new record is written before the old one goes.
   */
  async rename(from: string, to: string): Promise<KeyRecord> {
    const record = await this.key(from);
    if ((await this.store.get(infoKey(to))) !== undefined) throw new Error(`rename failed, ${to}: key already exists`);
    validateName(to);
    const renamed = { ...record, name: to };
    await this.store.set(infoKey(to), encodeRecord(renamed));
    await this.store.set(addressKey(recordAddress(record)), new TextEncoder().encode(infoKey(to)));
    await this.store.remove(infoKey(from));
    return renamed;
  }

  /** Removes the record and its address index; returns what was deleted. */
  async delete(name: string): Promise<KeyRecord> {
    const record = await this.key(name);
    await this.store.remove(addressKey(recordAddress(record)));
    await this.store.remove(infoKey(name));
    return record;
  }

  /** Signs sign bytes with a local key, as the real keyring's `Sign` (eth keys: 65 bytes). */
  async sign(name: string, message: Uint8Array): Promise<KeySignature> {
    const record = await this.key(name);
    if (!record.privKey) throw new Error(`cannot sign with ${record.type} key ${name}: it holds no private key`);
    const signature =
      record.privKey.algo === 'eth_secp256k1' ? ethSignRecoverable(record.privKey.key, message) : signBytes(record.privKey, message);
    return { signature, pubKey: record.pubKey };
  }

  /** Reads every record; nothing needs converting today (records are written in the current format). */
  async migrateAll(): Promise<MigrationReport> {
    const keys = (await this.store.keys()).filter((k) => k.endsWith(INFO_SUFFIX)).sort();
    const current: string[] = [];
    const unreadable: { item: string; reason: string }[] = [];
    for (const key of keys) {
      try {
        const record = await this.readRecord(key);
        if (record) current.push(record.name);
      } catch (err) {
        unreadable.push({ item: key, reason: err instanceof Error ? err.message : String(err) });
      }
    }
    return { current, unreadable };
  }

  private async readRecord(itemKey: string): Promise<KeyRecord | undefined> {
    const bytes = await this.store.get(itemKey);
    if (bytes === undefined) return undefined;
    return decodeRecord(bytes, `${itemKey} in ${this.store.location}`);
  }

  private async assertNameFree(name: string): Promise<void> {
    if ((await this.store.get(infoKey(name))) !== undefined) throw new Error(`cannot overwrite key: ${name}`);
  }

  /**
   * Writes `<name>.info` then `<hexaddr>.address`, as the SDK's `writeRecord`. One address maps to
   * one name, so a second name for the same key is refused instead of silently re-pointing the index.
   */
  private async write(record: KeyRecord): Promise<KeyRecord> {
    validateName(record.name);
    const address = recordAddress(record);
    const holder = await this.store.get(addressKey(address));
    if (holder !== undefined) {
      const holderName = Buffer.from(holder).toString('utf8').replace(/\.info$/, '');
      if ((await this.store.get(infoKey(holderName))) !== undefined) {
        throw new Error(`duplicated address created: key "${holderName}" already has address ${accAddress(address)}`);
      }
      // a dangling index entry (its record is gone): the SDK recreates it, so do we
    }
    if ((await this.store.get(infoKey(record.name))) !== undefined) {
      throw new Error(`a key named ${record.name} already exists in the keyring`);
    }
    await this.store.set(infoKey(record.name), encodeRecord(record));
    try {
      await this.store.set(addressKey(address), new TextEncoder().encode(infoKey(record.name)));
    } catch (err) {
      await this.store.remove(infoKey(record.name));
      throw err;
    }
    return record;
  }
}

export function assertSupportedAlgo(algo: string): asserts algo is KeyAlgo {
  if (!(SUPPORTED_ALGOS as readonly string[]).includes(algo)) {
    throw new Error(`provided algorithm "${algo}" is not supported; supported: ${SUPPORTED_ALGOS.join(', ')}`);
  }
}

function validateName(name: string): void {
  if (name.length === 0) throw new Error('key name must not be empty');
  if (/[\u0000-\u001f]/.test(name)) throw new Error(`key name ${JSON.stringify(name)} contains control characters`);
}
