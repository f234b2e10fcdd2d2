/** `chaind config` (client.toml) and `chaind version` / `consensus version`, through `main` in-process. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { tempHome } from '../run-chaind.ts';
import { chaind } from './in-process.ts';

describe('chaind config and version', () => {
  it('gets, sets and lists client.toml keys; unknown keys are errors', async () => {
    const home = await tempHome();
    expect((await chaind(['config', 'chain-id', '--home', home])).stdout).toBe('\n');
    expect(await chaind(['config', 'chain-id', 'my-chain', '--home', home])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await chaind(['config', 'node', 'tcp://127.0.0.1:9999', '--home', home])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect((await chaind(['config', '--get', 'chain-id', '--home', home])).stdout).toBe('my-chain\n');
    expect((await chaind(['config', '--home', home])).stdout).toBe(
      '{\n\t"chain-id": "my-chain",\n\t"keyring-backend": "os",\n\t"output": "text",\n\t"node": "tcp://127.0.0.1:9999",\n\t"broadcast-mode": "sync"\n}\n',
    );
    expect(parseToml(readFileSync(join(home, 'config/client.toml'), 'utf8'))).toEqual({
      'chain-id': 'my-chain',
      'keyring-backend': 'os',
      output: 'text',
      node: 'tcp://127.0.0.1:9999',
      'broadcast-mode': 'sync',
    });
    const unknown = 'unknown configuration key: "gas" (known keys: chain-id, keyring-backend, output, node, broadcast-mode)';
    expect(await chaind(['config', 'gas', '--home', home])).toEqual({ code: 1, stdout: '', stderr: `Error: couldn't get the value for the key: gas, error:  ${unknown}\n` });
    expect(await chaind(['config', 'gas', '1', '--home', home])).toEqual({ code: 1, stdout: '', stderr: `Error: ${unknown}\n` });
    expect(await chaind(['config', 'output', 'xml', '--home', home])).toEqual({ code: 1, stdout: '', stderr: 'Error: invalid value "xml" for output: expected one of text|json\n' });
  });

  it('prints the version, and the long form as YAML or JSON', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    expect(await chaind(['version'])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
    const long = JSON.parse((await chaind(['version', '--long', '-o', 'json'])).stdout);
    expect(Object.keys(long)).toEqual(['name', 'server_name', 'version', 'commit', 'build_tags', 'go', 'build_deps']);
    expect(long.server_name).toBe('chaind');
    expect(long.version).toBe(pkg.version);
    expect(long.go).toBe(`node version ${process.version} ${process.platform}/${process.arch}`);
    expect(long.build_deps).toContain(`commander@${JSON.parse(readFileSync(new URL('../../../node_modules/commander/package.json', import.meta.url), 'utf8')).version}`);
    const yaml = (await chaind(['version', '--long'])).stdout;
    expect(yaml.startsWith(`name: chain\nserver_name: chaind\nversion: ${pkg.version}\n`)).toBe(true);
    expect(await chaind(['consensus', 'version'])).toEqual({ code: 0, stdout: 'ABCI: 1.0.0\nBlockProtocol: 11\nConsensus: 0.37.5\nP2PProtocol: 8\n\n', stderr: '' });
  });
});
