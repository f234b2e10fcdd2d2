/**
 * `gateway`: a regional gateway of the storage network (spec §1 items 1–2, §4.1; docs/gateway.md):
 * `init` a home, `start` it, and the operator's `token create|list|revoke|set-tier`. Modules load
 * only for the command that runs.
 */
import { Command } from 'commander';
import { resolve } from 'node:path';
import { runStandalone, type StandaloneContext } from './standalone.ts';

export type GatewayCliContext = StandaloneContext;

async function tokenStore(home: string) {
  const { TokenStore } = await import('../gateway/tokens.ts');
  const { join } = await import('node:path');
  return new TokenStore(join(home, 'data', 'gateway.sqlite'));
}

function tokenId(text: string): number {
  if (!/^\d+$/.test(text)) throw new Error(`invalid token id ${JSON.stringify(text)}: expected the number \`gateway token list\` shows`);
  return Number(text);
}

export function buildGateway(ctx: GatewayCliContext): Command {
  const program = new Command('gateway')
    .description('Regional gateway: access tokens with tiers, rate and traffic limits, in front of the storage RPC and SPFS')
    .option('--home <dir>', 'gateway home', '.')
    .exitOverride()
    .configureOutput({ writeOut: ctx.out.stdout, writeErr: ctx.out.stderr });
  const home = () => resolve((program.opts() as { home: string }).home);
  const print = (v: unknown) => ctx.out.stdout(JSON.stringify(v, null, 2) + '\n');

  program
    .command('init')
    .description('Create config/gateway.toml (edit its [[tiers]], [[regions]] and upstreams afterwards)')
    .option('--region <code>', 'EU, USEAST, USWEST or ASIA', 'EU')
    .option('--listen <host:port>', 'listen address', '127.0.0.1:8080')
    .option('--rpc-upstream <url=weight>', 'a resource node JSON-RPC of the region, http://host:port[=weight] (repeat; weight 1 by default)', (v: string, all: string[]) => [...all, v], [] as string[])
    .option('--spfs-upstream <url>', 'the storage client API', 'http://127.0.0.1:6798')
    .exitOverride()
    .action(async (o: { region: string; listen: string; rpcUpstream?: string[]; spfsUpstream: string }) => {
      const { defaultGatewayConfig, gatewayConfigFile, parseRegion, writeGatewayConfig } = await import('../gateway/config.ts');
      const { existsSync } = await import('node:fs');
      if (existsSync(gatewayConfigFile(home()))) throw new Error(`${gatewayConfigFile(home())} exists: this home is initialized already`);
      const c = defaultGatewayConfig(parseRegion(o.region), o.listen);
      const rpcUpstreams = (o.rpcUpstream ?? []).map((t) => {
        const [url, w] = t.split('=');
        const weight = w === undefined ? 1 : Number(w);
        if (!/^https?:\/\//.test(url ?? '') || !(weight > 0)) throw new Error(`invalid --rpc-upstream ${JSON.stringify(t)}: expected http://host:port[=weight]`);
        return { url: url!.replace(/\/+$/, ''), weight };
      });
      writeGatewayConfig(home(), { ...c, spfsUpstream: o.spfsUpstream, ...(rpcUpstreams.length > 0 ? { rpcUpstreams } : {}) });
      ctx.out.stdout(`${gatewayConfigFile(home())}\n`);
    });

  program
    .command('start')
    .description('Run the gateway')
    .option('--listen <host:port>', 'listen address (default: server.listen of the config)')
    .exitOverride()
    .action(async (o: { listen?: string }) => {
      const { readGatewayConfig } = await import('../gateway/config.ts');
      const { startGateway } = await import('../gateway/server.ts');
      const c = readGatewayConfig(home());
      const store = await tokenStore(home());
      const log = (line: string) => ctx.out.stderr(`${new Date().toISOString()} ${line}\n`);
      const g = await startGateway({ ...c, listen: o.listen ?? c.listen }, store, log);
      ctx.out.stdout(JSON.stringify({ url: g.url, region: c.region }) + '\n');
      await ctx.stopSignal;
      await g.close();
      store.close();
    });

  const token = program.command('token').description('Issue, list, revoke and re-tier access tokens').exitOverride();
  token
    .command('create')
    .description('Issue a token (shown once: only its hash is stored)')
    .requiredOption('--tier <name>', 'a tier of the config')
    .option('--owner <st1…>', 'a private token: it reaches only this wallet\'s files', '')
    .option('--label <text>', 'a note for the operator', '')
    .exitOverride()
    .action(async (o: { tier: string; owner: string; label: string }) => {
      const { readGatewayConfig } = await import('../gateway/config.ts');
      const { isAccountAddress } = await import('../crypto/address.ts');
      const c = readGatewayConfig(home());
      if (!c.tiers.some((t) => t.name === o.tier)) throw new Error(`unknown tier ${JSON.stringify(o.tier)}: the config has ${c.tiers.map((t) => t.name).join(', ')}`);
      if (o.owner !== '' && !isAccountAddress(o.owner)) throw new Error(`invalid --owner ${JSON.stringify(o.owner)}: expected an st1… wallet address`);
      const store = await tokenStore(home());
      try {
        const { token: t, row } = store.create(o.tier, o.owner, o.label, Math.floor(Date.now() / 1000));
        print({ id: row.id, token: t, tier: row.tier, owner: row.owner, label: row.label, region: c.region });
      } finally {
        store.close();
      }
    });
  token
    .command('list')
    .description('The tokens (never in the clear: the first 4 characters) with their usage in the current window')
    .exitOverride()
    .action(async () => {
      const { readGatewayConfig } = await import('../gateway/config.ts');
      const c = readGatewayConfig(home());
      const store = await tokenStore(home());
      try {
        const now = Math.floor(Date.now() / 1000);
        print(
          store.list().map((t) => {
            const tier = c.tiers.find((x) => x.name === t.tier);
            const usage = tier ? store.usage(t.id, now - (now % tier.windowSeconds)) : undefined;
            return { ...t, revoked: t.revoked_at !== 0, usage: usage ?? null };
          }),
        );
      } finally {
        store.close();
      }
    });
  token
    .command('revoke')
    .description('Revoke a token: it answers 401 from then on')
    .argument('<id>', 'the token id')
    .exitOverride()
    .action(async (id: string) => {
      const store = await tokenStore(home());
      try {
        if (!store.byId(tokenId(id))) throw new Error(`no token ${id}`);
        if (!store.revoke(tokenId(id), Math.floor(Date.now() / 1000))) throw new Error(`token ${id} is revoked already`);
        print({ id: Number(id), revoked: true });
      } finally {
        store.close();
      }
    });
  token
    .command('set-tier')
    .description("Change a token's tier")
    .argument('<id>', 'the token id')
    .argument('<tier>', 'a tier of the config')
    .exitOverride()
    .action(async (id: string, tier: string) => {
      const { readGatewayConfig } = await import('../gateway/config.ts');
      const c = readGatewayConfig(home());
      if (!c.tiers.some((t) => t.name === tier)) throw new Error(`unknown tier ${JSON.stringify(tier)}: the config has ${c.tiers.map((t) => t.name).join(', ')}`);
      const store = await tokenStore(home());
      try {
        if (!store.setTier(tokenId(id), tier)) throw new Error(`no token ${id}`);
        print({ id: Number(id), tier });
      } finally {
        store.close();
      }
    });
  return program;
}

export function main(argv: string[], ctx: Partial<GatewayCliContext> = {}): Promise<number> {
  return runStandalone(buildGateway, argv, ctx);
}
