/** The `--home` default of every command. Its own module: importing the keyring costs ~40 ms. */
import { homedir } from 'node:os';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** `~/.chaind`, the `--home` default. */
export function defaultHome(): string {
  return join(homedir(), '.chaind');
}

/** `--home` of argv (its last occurrence before `--`), `~` expanded, resolved; the default without one. */
export function homeOfArgv(argv: readonly string[]): string {
  let home: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a === '--home' && i + 1 < argv.length) home = argv[i + 1];
    else if (a.startsWith('--home=')) home = a.slice('--home='.length);
  }
  if (home === undefined) return defaultHome();
  if (home === '~') return homedir();
  return resolve(home.startsWith('~/') ? join(homedir(), home.slice(2)) : home);
}

/**
 * The naming profile name `<home>/config/client.toml` records (`naming = "real"`), read without a
 * TOML parser (every `chaind` call asks it before its commands are built); undefined when unset.
 */
export function clientNamingOf(home: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(join(home, 'config', 'client.toml'), 'utf8');
  } catch {
    return undefined;
  }
  const m = /^[ \t]*naming[ \t]*=[ \t]*["']([^"']*)["']/m.exec(text);
  return m && m[1] !== '' ? m[1] : undefined;
}
