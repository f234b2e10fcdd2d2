/**
 * Where keyring items live. Like the SDK keyring (99designs/keyring underneath), a keyring is a flat
 * map of items: `<name>.info` → the key record, `<hexaddr>.address` → the name of the record
 * (`<name>.info`), so keys can be found by name and by address. Backends store the bytes.
 */

export type KeyringBackendName = 'os' | 'file' | 'test' | 'memory' | 'kwallet' | 'pass';

export const KEYRING_BACKENDS: readonly KeyringBackendName[] = ['os', 'file', 'kwallet', 'pass', 'test', 'memory'];

export function isKeyringBackendName(name: string): name is KeyringBackendName {
  return (KEYRING_BACKENDS as readonly string[]).includes(name);
}

export interface KeyringStore {
  readonly backend: KeyringBackendName;
  /** where the items are (a directory, a password-store folder, a service name), for messages */
  readonly location: string;
  /** item keys, unsorted */
  keys(): Promise<string[]>;
  get(key: string): Promise<Uint8Array | undefined>;
  set(key: string, data: Uint8Array): Promise<void>;
  /** removing a missing item is not an error */
  remove(key: string): Promise<void>;
}

export const INFO_SUFFIX = '.info';
export const ADDRESS_SUFFIX = '.address';

export function infoKey(name: string): string {
  return name + INFO_SUFFIX;
}

export function addressKey(address: Uint8Array): string {
  return Buffer.from(address).toString('hex') + ADDRESS_SUFFIX;
}

export function isItemKey(key: string): boolean {
  return key.endsWith(INFO_SUFFIX) || key.endsWith(ADDRESS_SUFFIX);
}

/**
 * Item key → file name: `/`, `\` and `%` are escaped so a key name cannot leave the directory
 * (99designs/keyring escapes the same way).
 */
export function itemFileName(key: string): string {
  return key.replace(/%/g, '%25').replace(/\//g, '%2F').replace(/\\/g, '%5C');
}

export function itemKeyFromFileName(file: string): string {
  return file.replace(/%2F/gi, '/').replace(/%5C/gi, '\\').replace(/%25/g, '%');
}
