import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIERS, defaultGatewayConfig, gatewayConfigFile, readGatewayConfig, writeGatewayConfig } from '../../src/gateway/config.ts';

let home: string;
let file: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'gw-config-'));
  file = gatewayConfigFile(home);
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const write = (text: string) => {
  mkdirSync(join(home, 'config'), { recursive: true });
  writeFileSync(file, text);
};
const GOOD = `[server]\nlisten = "127.0.0.1:0"\nregion = "USEAST"\n[upstreams]\nspfs = "http://127.0.0.1:6798/"\n[[upstreams.rpc]]\nurl = "http://127.0.0.1:9301/"\nweight = 2\n`;
const TIER = `[[tiers]]\nname = "free"\nrate_per_second = 5\nburst = 10\nconcurrency = 2\ntraffic_bytes = 1000\nwindow_seconds = 60\nmax_upload_bytes = 100\n`;

describe('gateway config', () => {
  it('writes and reads back the defaults', () => {
    const c = defaultGatewayConfig('ASIA', '127.0.0.1:8443');
    writeGatewayConfig(home, c);
    expect(readGatewayConfig(home)).toEqual({ ...c, tiers: [...DEFAULT_TIERS] });
    expect(c.regions).toEqual([{ region: 'ASIA', domain: 'http://127.0.0.1:8443', weight: 100 }]);
    expect(DEFAULT_TIERS.map((t) => t.name)).toEqual(['free', 'basic', 'pro']);
  });

  it('reads a hand-written file: URLs without trailing slashes, defaults for what is left out', () => {
    write(GOOD + TIER);
    const c = readGatewayConfig(home);
    expect(c).toMatchObject({ listen: '127.0.0.1:0', region: 'USEAST', spfsUpstream: 'http://127.0.0.1:6798', rpcUpstreams: [{ url: 'http://127.0.0.1:9301', weight: 2 }], regions: [], upstreamRetrySeconds: 10, requestTimeoutSeconds: 30, upstreamTimeoutSeconds: 60 });
    expect(c.tiers).toEqual([{ name: 'free', ratePerSecond: 5, burst: 10, concurrency: 2, trafficBytes: 1000, windowSeconds: 60, maxUploadBytes: 100 }]);
  });

  it('errors name the file and the field', () => {
    const err = (text: string) => {
      write(text);
      try {
        readGatewayConfig(home);
      } catch (e) {
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(() => readGatewayConfig(join(home, 'nothing'))).toThrow(`no ${gatewayConfigFile(join(home, 'nothing'))}: run gateway init --home ${join(home, 'nothing')} first`);
    expect(err('[server\n')).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
    expect(err(TIER)).toBe(`${file}: upstreams.rpc must list at least one resource node {url, weight}`);
    expect(err(GOOD)).toBe(`${file}: at least one [[tiers]] is needed`);
    expect(err(GOOD + TIER.replace('burst = 10', 'burst = 0'))).toBe(`${file}: tiers[0].burst must be a number ≥ 1, got 0`);
    expect(err(GOOD + TIER.replace('window_seconds = 60\n', ''))).toBe(`${file}: tiers[0].window_seconds must be a number ≥ 1, got undefined`);
    expect(err(GOOD + TIER.replace('name = "free"', 'name = "Free Tier"'))).toBe(`${file}: tiers[0].name must be a lowercase word`);
    expect(err(GOOD.replace('url = "http://127.0.0.1:9301/"', 'url = 5') + TIER)).toBe(`${file}: upstreams.rpc[0].url must be a URL`);
    expect(err(GOOD.replace('region = "USEAST"', 'region = "MARS"') + TIER)).toBe(`${file}: server.region: unknown region code "MARS": expected one of EU, USEAST, USWEST, ASIA`);
    expect(err(`${GOOD}${TIER}[[regions]]\nregion = "EU"\ndomain = "https://eu.example"\n`)).toBe(`${file}: regions[0].weight must be a number`);
    expect(err(`${GOOD}${TIER}[[regions]]\nregion = "XX"\ndomain = "https://eu.example"\nweight = 1\n`)).toBe(`${file}: regions[0].region: unknown region code "XX": expected one of EU, USEAST, USWEST, ASIA`);
    expect(err(GOOD.replace('[server]\n', '[server]\nrequest_timeout_seconds = "5"\n') + TIER)).toBe(`${file}: server.request_timeout_seconds must be a number ≥ 1, got "5"`);
    expect(err(GOOD.replace('[server]\n', '[server]\nupstream_timeout_seconds = 0\n') + TIER)).toBe(`${file}: server.upstream_timeout_seconds must be a number ≥ 1, got 0`);
  });
});
