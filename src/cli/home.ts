/** The `--home` default of every command. Its own module: importing the keyring costs ~40 ms. */
import { homedir } from 'node:os';
import { join } from 'node:path';

/** `~/.chaind`, the `--home` default. */
export function defaultHome(): string {
  return join(homedir(), '.chaind');
}
