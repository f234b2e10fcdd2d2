/**
 * `chaind config [key] [value]` (SDK v0.47 `client/config`): no arguments prints client.toml as
 * tab-indented JSON, a key (or `--get <key>`) prints its value, a key and a value set it and
 * rewrite client.toml. Keys: chain-id, keyring-backend, output, node, broadcast-mode, and `naming`
 * (neutral|real: the profile of the chain the client commands talk to, docs/node.md).
 */
import { Command } from 'commander';
import { KEYRING_BACKENDS } from '../../crypto/keyring/store.ts';
import { CLIENT_CONFIG_KEYS, homeLayout, readClientConfig, writeClientConfig, type ClientConfigKey } from '../../node/home.ts';
import { rpcEndpointUrl } from '../../client/rpc-client.ts';
import type { CliContext } from '../context.ts';
import { profileNamed } from '../../naming.ts';
import { homeOf, withGlobalFlags, withHome } from './node-flags.ts';

const NAMING_KEY = 'naming';

function isKey(key: string): key is ClientConfigKey {
  return (CLIENT_CONFIG_KEYS as readonly string[]).includes(key);
}

function unknownKey(key: string): Error {
  return new Error(`unknown configuration key: ${JSON.stringify(key)} (known keys: ${CLIENT_CONFIG_KEYS.join(', ')})`);
}

/** Values the client would refuse later are refused now, naming the accepted ones. */
function checkValue(key: ClientConfigKey, value: string): void {
  const oneOf = (allowed: readonly string[]) => {
    if (!allowed.includes(value)) throw new Error(`invalid value ${JSON.stringify(value)} for ${key}: expected one of ${allowed.join('|')}`);
  };
  if (key === 'output') oneOf(['text', 'json']);
  if (key === 'broadcast-mode') oneOf(['sync', 'async', 'block']);
  if (key === 'keyring-backend') oneOf(KEYRING_BACKENDS);
  if (key === 'node') rpcEndpointUrl(value);
}

export function configCommand(ctx: CliContext): Command {
  const cmd = new Command('config')
    .description('Create or query an application CLI configuration file')
    .argument('[key]', `one of ${CLIENT_CONFIG_KEYS.join(', ')}`)
    .argument('[value]', 'new value (omit to print the current one)')
    .option('--get', 'print the value of <key> (its default when not set)');
  withHome(cmd);
  withGlobalFlags(cmd);
  return cmd.action((key: string | undefined, value: string | undefined, opts: { get?: boolean }, command: Command) => {
    const layout = homeLayout(homeOf(command));
    const config = readClientConfig(layout);
    if (opts.get && (key === undefined || value !== undefined)) throw new Error('--get takes exactly one key, e.g. chaind config --get chain-id');
    if (key === undefined) {
      ctx.out.stdout(JSON.stringify(config, null, '\t') + '\n');
      return;
    }
    if (key === NAMING_KEY) {
      // this product's key (docs/node.md "Naming profile"): the chain's profile, for the client commands
      if (value === undefined) ctx.out.stdout((config.naming ?? 'neutral') + '\n');
      else writeClientConfig(layout, { ...config, naming: profileNamed(value, `invalid value ${JSON.stringify(value)} for naming`).name });
      return;
    }
    if (value === undefined) {
      if (!isKey(key)) throw new Error(`couldn't get the value for the key: ${key}, error:  ${unknownKey(key).message}`);
      ctx.out.stdout(config[key] + '\n');
      return;
    }
    if (!isKey(key)) throw unknownKey(key);
    checkValue(key, value);
    writeClientConfig(layout, { ...config, [key]: value });
  });
}
