/**
 * Opening a keyring by backend name, as the SDK's `keyring.New(appName, backend, rootDir, input)`.
 * `test`, `file` and `memory` always work; `os`, `kwallet` and `pass` need their system tool, and
 * without it the error names the backends that do work here.
 */
import { join } from 'node:path';
import { dirStore } from './dir-store.ts';
import { findOnPath } from './external-tool.ts';
import { fileStore } from './file-store.ts';
import { Keyring } from './keyring.ts';
import { kwalletStore } from './kwallet-store.ts';
import { memoryStore } from './memory-store.ts';
import type { PassphrasePrompt } from './passphrase.ts';
import { passStore } from './pass-store.ts';
import { secretServiceStore } from './secret-service-store.ts';
import type { KeyringBackendName, KeyringStore } from './store.ts';
import { isKeyringBackendName, KEYRING_BACKENDS } from './store.ts';

/** SDK `keyringTestDirName` / `keyringFileDirName` */
export const KEYRING_TEST_DIR = 'keyring-test';
export const KEYRING_FILE_DIR = 'keyring-file';
/** Service name in system keyrings (the SDK uses the app name). */
export const DEFAULT_SERVICE_NAME = 'chaind';

export interface KeyringOptions {
  readonly backend: string;
  /** `--keyring-dir` (default: the home directory) */
  readonly dir: string;
  readonly serviceName?: string;
  /** asks the `file` backend's passphrase */
  readonly prompt?: PassphrasePrompt;
}

/** Thrown when a backend exists but its system service is missing here. */
export class KeyringUnavailableError extends Error {
  constructor(
    readonly backend: KeyringBackendName,
    why: string,
  ) {
    super(
      `keyring backend "${backend}" is not available on this system: ${why}. ` +
        `Backends that work here: ${workingBackends().join(', ')} (choose one with --keyring-backend)`,
    );
    this.name = 'KeyringUnavailableError';
  }
}

const TOOLS = { os: 'secret-tool', kwallet: 'kwallet-query', pass: 'pass' } as const;

/** Why a backend cannot work here, or undefined when it can. */
function unavailability(backend: KeyringBackendName): string | undefined {
  if (backend === 'os' && process.platform !== 'linux') {
    return `chaind implements the os backend with the Secret Service of Linux (secret-tool); this is ${process.platform}`;
  }
  if (backend === 'os' || backend === 'kwallet' || backend === 'pass') {
    const tool = TOOLS[backend];
    if (!findOnPath(tool)) {
      const what = { os: 'the Secret Service client "secret-tool" (libsecret-tools)', kwallet: 'the KDE Wallet client "kwallet-query"', pass: 'the password manager "pass" (and GnuPG)' }[backend];
      return `it needs ${what} on PATH, which was not found`;
    }
  }
  return undefined;
}

/** Backends usable in this process, in the SDK's order. */
export function workingBackends(): KeyringBackendName[] {
  return KEYRING_BACKENDS.filter((b) => unavailability(b) === undefined);
}

export function openKeyringStore(options: KeyringOptions): KeyringStore {
  const { backend, dir } = options;
  const service = options.serviceName ?? DEFAULT_SERVICE_NAME;
  if (!isKeyringBackendName(backend)) {
    throw new Error(`unknown keyring backend "${backend}"; choose one of ${KEYRING_BACKENDS.join(', ')}`);
  }
  const why = unavailability(backend);
  if (why !== undefined) throw new KeyringUnavailableError(backend, why);
  switch (backend) {
    case 'test':
      return dirStore(join(dir, KEYRING_TEST_DIR), 'test');
    case 'file':
      return fileStore(join(dir, KEYRING_FILE_DIR), options.prompt);
    case 'memory':
      return memoryStore();
    case 'os':
      return secretServiceStore(findOnPath(TOOLS.os)!, service);
    case 'kwallet':
      return kwalletStore(findOnPath(TOOLS.kwallet)!, service);
    case 'pass':
      return passStore(findOnPath(TOOLS.pass)!, service);
  }
}

export function openKeyring(options: KeyringOptions): Keyring {
  return new Keyring(openKeyringStore(options));
}
