/**
 * `chaind keys …`: the key commands of stratos-chain `client/keys.go` with their persistent flags
 * `--home`, `--keyring-dir`, `--keyring-backend` (default os, as the SDK) and `-o/--output`.
 */
import { Command, Option } from 'commander';
import { KEYRING_BACKENDS } from '../../crypto/keyring/store.ts';
import type { CliContext } from '../context.ts';
import { OUTPUT_FORMATS } from '../output.ts';
import { addCommand } from './add.ts';
import { defaultHome } from '../home.ts';
import { withClientGlobalFlags } from '../node/node-flags.ts';
import { deleteCommand } from './delete.ts';
import { exportCommand } from './export.ts';
import { importCommand } from './import.ts';
import { listCommand } from './list.ts';
import { migrateCommand } from './migrate.ts';
import { mnemonicCommand } from './mnemonic.ts';
import { parseCommand } from './parse.ts';
import { renameCommand } from './rename.ts';
import { showCommand } from './show.ts';
import { unsafeExportEthKeyCommand } from './unsafe-export-eth-key.ts';
import { unsafeImportEthKeyCommand } from './unsafe-import-eth-key.ts';

const DESCRIPTION = `Manage your application's keys

The keyring supports the following backends:

    os          Uses the operating system's default credentials store (Secret Service via secret-tool on Linux).
    file        Uses encrypted file-based keystore within the app's configuration directory.
                This keyring will request a password each time it is accessed.
    kwallet     Uses KDE Wallet Manager (kwallet-query) as a credentials management application.
    pass        Uses the pass command line utility to store and retrieve keys.
    test        Stores keys insecurely to disk. It does not prompt for a password to be unlocked
                and it should be use only for testing purposes.
    memory      Keeps keys in memory for the duration of one command.`;

export function keysCommand(ctx: CliContext): Command {
  const keys = new Command('keys')
    .description(DESCRIPTION)
    .option('--home <dir>', 'The application home directory', defaultHome())
    .option('--keyring-dir <dir>', "The client Keyring directory; if omitted, the default 'home' directory will be used")
    .addOption(
      new Option('--keyring-backend <backend>', `Select keyring's backend (${KEYRING_BACKENDS.join('|')})`).default('os'),
    )
    .addOption(new Option('-o, --output <format>', 'Output format (text|json)').choices(OUTPUT_FORMATS).default('text'));
  withClientGlobalFlags(keys);
  for (const sub of [
    mnemonicCommand,
    addCommand,
    exportCommand,
    importCommand,
    listCommand,
    showCommand,
    deleteCommand,
    renameCommand,
    parseCommand,
    migrateCommand,
    unsafeExportEthKeyCommand,
    unsafeImportEthKeyCommand,
  ]) {
    keys.addCommand(sub(ctx));
  }
  return keys;
}
