/**
 * `npm start`'s regional gateways: one `gateway start` per region code (EU, USEAST, USWEST, ASIA),
 * each on its own port in front of the local storage network (the resource nodes' JSON-RPC by
 * weight, the storage client API), homes under `<localnet home>/gateways/<region>/`. Each start
 * writes the configs for the ports in use (keeping tiers an operator edited) and issues one new
 * `free`-tier token per gateway, printed in the banner only (tokens are stored hashed).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_TIERS, defaultGatewayConfig, gatewayConfigFile, readGatewayConfig, REGION_CODES, writeGatewayConfig, type RegionCode } from '../gateway/config.ts';
import { TokenStore } from '../gateway/tokens.ts';
import { spawnExecutable, type StorageProcess } from './storage-processes.ts';

export interface LocalGateway {
  readonly region: RegionCode;
  readonly url: string;
  readonly token: string;
  readonly process: StorageProcess;
}

/** routing weights of the region table (the docs' example gives EU 63) */
const REGION_WEIGHTS: Record<RegionCode, number> = { EU: 63, USEAST: 50, USWEST: 50, ASIA: 37 };

export async function startLocalGateways(home: string, o: { basePort: number; rpcUrls: readonly string[]; spfsUrl: string }): Promise<LocalGateway[]> {
  const root = join(home, 'gateways');
  const regions = REGION_CODES.map((region, i) => ({ region, domain: `http://127.0.0.1:${o.basePort + i}`, weight: REGION_WEIGHTS[region] }));
  const out: LocalGateway[] = [];
  try {
    for (const [i, region] of REGION_CODES.entries()) {
      const gwHome = join(root, region);
      const listen = `127.0.0.1:${o.basePort + i}`;
      const tiers = existsSync(gatewayConfigFile(gwHome)) ? readGatewayConfig(gwHome).tiers : DEFAULT_TIERS;
      writeGatewayConfig(gwHome, { ...defaultGatewayConfig(region, listen), tiers, regions, rpcUpstreams: o.rpcUrls.map((url) => ({ url, weight: 1 })), spfsUpstream: o.spfsUrl });
      const store = new TokenStore(join(gwHome, 'data', 'gateway.sqlite'));
      let token: string;
      try {
        token = store.create('free', '', `npm start ${new Date().toISOString()}`, Math.floor(Date.now() / 1000)).token;
      } finally {
        store.close();
      }
      const p = await spawnExecutable('gateway', `gateway-${region}`, ['--home', gwHome, 'start'], join(gwHome, 'gateway.log'));
      out.push({ region, url: String(p.serving.url), token, process: p });
    }
    return out;
  } catch (e) {
    for (const g of out) g.process.child.kill('SIGTERM');
    throw e;
  }
}
