/**
 * One scenario under both naming profiles (docs/node.md "Naming profile"): a chain made with
 * `chaind init --naming neutral|real`, gentx and collect-gentxs; then, through the CLI, a send, a
 * delegation, a prepay and a resource node; then the same queries over the CLI, REST and gRPC.
 * The two transcripts are equal once the real words are written as the neutral ones and the values
 * computed from bytes that contain the words are masked: hashes (tx, block, app), signatures, the
 * txs' `data` (its MsgResponse type URLs) and gas used (the tx size cost counts the words' bytes).
 * Then each chain refuses the other profile's type URLs and REST roots, and `chaind start` refuses a
 * home whose records of the profile disagree.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32 } from 'bech32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodec } from '../../src/codec/registry.ts';
import { signTx } from '../../src/client/sign-tx.ts';
import { PROFILES, typeUrl } from '../../src/naming.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { startNode } from '../../src/node/start.ts';
import { exportGenesis } from '../../src/node/export.ts';
import { START_FLAGS } from '../../src/node/start-flags.ts';
import { resolveStartSettings } from '../../src/node/settings.ts';
import { createLogger, parseLogLevel } from '../../src/node/logger.ts';
import { grpcCall } from '../api/grpc/grpc-client.ts';
import { reflectedServices } from '../helpers/grpc-reflection.ts';
import { msgSend } from '../helpers/fixture.ts';
import { alice, bob, CHAIN_ID, startProfileChain, type ProfileChain } from './profile-chain.ts';

const FEES = ['--gas', '400000', '--fees', '4000000000000000wei', '-y', '-o', 'json'];
const NODE_KEY_B64 = 'V77q2IGoiSSNuhpHaBJN89RzQPmlFgqysgX7BRkUQTw=';
const NODE_ADDRESS = bech32.encode('stsds', bech32.toWords(sha256(Buffer.from(NODE_KEY_B64, 'base64')).subarray(0, 20)));

type Transcript = [string, string][];

/** The real words written as the neutral ones (type URLs, packages, amino names, REST roots, the CLI group). */
function neutralWords(text: string): string {
  return text
    .replace(/cosmos-sdk\//g, 'sdk/')
    .replace(/cosmos([./])base\1tendermint\1/g, 'sdk$1base$1consensus$1')
    .replace(/(?<![\w])cosmos([./])(?=[a-z])/g, 'sdk$1')
    .replace(/(?<![\w])stratos([./])(?=[a-z])/g, 'chain$1')
    .replace(/(?<![\w])tendermint([./])(?=[A-Za-z])/g, 'consensus$1');
}

/** A base64 text of printable ASCII (the consensus RPC's event attributes), decoded; else undefined. */
function base64Text(v: string): string | undefined {
  if (v.length < 4 || v.length % 4 !== 0 || !/^[A-Za-z0-9+/]+=*$/.test(v)) return undefined;
  const text = Buffer.from(v, 'base64').toString('latin1');
  return /^[\x20-\x7e]+$/.test(text) && Buffer.from(text, 'latin1').toString('base64') === v ? text : undefined;
}

/** Values computed from bytes that hold the words: masked by key, and any 64-digit hex (a hash). */
function masked(json: unknown): unknown {
  const MASKED_KEYS = new Set(['txhash', 'hash', 'app_hash', 'data', 'gas_used', 'signatures', 'signature']);
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'string') return /^[0-9A-Fa-f]{64}$/.test(v) ? '<hash>' : (base64Text(v) ?? v);
    if (v === null || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    // the ante's `tx.signature` event attribute (plain or base64)
    if (typeof o.key === 'string' && (o.key === 'signature' || base64Text(o.key) === 'signature')) return { ...o, key: 'signature', value: '<signature>' };
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, MASKED_KEYS.has(k) ? `<${k}>` : walk(x)]));
  };
  return walk(json);
}

/**
 * The legacy `logs` list each message's events sorted by type (SDK `StringEvents.Flatten`), so a
 * typed event's place among the plain ones follows its words (`chain.…` before `coin_…`,
 * `stratos.…` after `message`): sorted again once the words are neutral.
 */
function neutralJson(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(neutralJson);
  if (typeof v === 'string') {
    if (v.startsWith('[{"msg_index"')) return JSON.stringify(neutralJson(JSON.parse(v)));
    return neutralWords(v);
  }
  if (v === null || typeof v !== 'object') return v;
  const o = Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, neutralJson(x)]));
  if (typeof o.msg_index === 'number' && Array.isArray(o.events)) {
    o.events = [...(o.events as { type: string }[])].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  }
  return o;
}

function comparable(t: Transcript): Transcript {
  return t.map(([label, text]) => {
    let body: string;
    try {
      body = JSON.stringify(neutralJson(masked(JSON.parse(text))), null, 1);
    } catch {
      body = neutralWords(text);
    }
    return [neutralWords(label.replace(/[0-9A-F]{64}/g, '<hash>')), body];
  });
}

async function scenario(c: ProfileChain): Promise<Transcript> {
  const t: Transcript = [];
  const words = PROFILES[c.profile];
  const cli = async (args: string[]) => {
    const r = await c.chaind(args);
    expect([r.code, r.stderr], `chaind ${args.join(' ')}`).toEqual([0, '']);
    t.push([`chaind ${args.join(' ')}`, r.stdout]);
    return r.stdout;
  };
  const tx = async (args: string[]) => {
    const out = JSON.parse(await cli([...args, ...FEES])) as { code: number; txhash: string };
    expect(out.code, args.join(' ')).toBe(0);
    c.node.produceBlock();
    expect(c.node.tx(out.txhash)!.result.code, `${args.join(' ')}: ${c.node.tx(out.txhash)!.result.log}`).toBe(0);
    await cli(['query', 'tx', out.txhash, '-o', 'json']);
    const rest = await fetch(`${c.restUrl}/${words.sdk}/tx/v1beta1/txs/${out.txhash}`);
    expect(rest.status).toBe(200);
    t.push([`GET /sdk/tx/v1beta1/txs/{hash}`, await rest.text()]);
  };
  const get = async (path: string) => {
    const res = await fetch(c.restUrl + path);
    expect(res.status, path).toBe(200);
    t.push([`GET ${path}`, await res.text()]);
  };

  const validators = JSON.parse(await cli(['query', 'staking', 'validators', '-o', 'json'])) as { validators: { operator_address: string }[] };
  const valoper = validators.validators[0]!.operator_address;
  await cli(['keys', 'show', 'alice', '-o', 'json', '--keyring-backend', 'test']);

  await tx(['tx', 'bank', 'send', 'alice', bob.address, '5wei']);
  await tx(['tx', 'staking', 'delegate', valoper, '1000000wei', '--from', 'alice']);
  await tx(['tx', 'sds', 'prepay', 'alice', '1000000000wei']);
  const pubkey = JSON.stringify({ '@type': typeUrl(words, 'sdk.crypto.ed25519.PubKey'), key: NODE_KEY_B64 });
  await tx(['tx', 'register', 'create-resource-node', '--network-address', NODE_ADDRESS, '--amount', '1stos', '--pubkey', pubkey, '--node-type', '4', '--moniker', 'rn1', '--from', 'alice']);

  await cli(['query', 'bank', 'balances', alice.address, '-o', 'json']);
  await cli(['query', 'account', alice.address, '-o', 'json']);
  await cli(['query', 'staking', 'delegation', alice.address, valoper, '-o', 'json']);
  await cli(['query', 'register', 'get-resource-node', '--network-address', NODE_ADDRESS, '-o', 'json']);
  await cli(['query', 'pot', 'rewards', alice.address, '-o', 'json']);
  await cli(['query', 'distribution', 'rewards', alice.address, valoper, '-o', 'json']);
  await cli(['query', 'txs', '--events', `message.action=${typeUrl(words, 'chain.sds.v1.MsgPrepay')}`, '-o', 'json']);

  const root = (w: 'sdk' | 'chain') => `/${words[w]}`;
  await get(`${root('sdk')}/bank/v1beta1/balances/${alice.address}`);
  await get(`${root('sdk')}/auth/v1beta1/accounts/${alice.address}`);
  await get(`${root('sdk')}/staking/v1beta1/validators/${valoper}/delegations/${alice.address}`);
  await get(`${root('chain')}/register/v1/resource_node/${NODE_ADDRESS}`);
  await get(`${root('chain')}/pot/v1/rewards/wallet/${alice.address}`);
  await get(`${root('chain')}/sds/v1/params`);
  await get(`${root('sdk')}/base/${c.profile === 'real' ? 'tendermint' : 'consensus'}/v1beta1/syncing`);

  // gRPC: the service names are the profile's (bank's request bytes: field 1 address, field 2 denom)
  const request = Buffer.concat([Buffer.from([0x0a, alice.address.length]), Buffer.from(alice.address), Buffer.from([0x12, 3]), Buffer.from('wei')]);
  const answer = await grpcCall(c.grpc.address.port, `/${words.sdk}.bank.v1beta1.Query/Balance`, request);
  expect(answer.status).toBe(0);
  t.push([`gRPC /sdk.bank.v1beta1.Query/Balance`, answer.messages[0]!.toString('hex')]);
  const syncing = await grpcCall(c.grpc.address.port, `/${words.sdk}.base.${words.consensus}.v1beta1.Service/GetSyncing`, new Uint8Array(0));
  expect(syncing.status).toBe(0);
  return t;
}

const chains: Partial<Record<'neutral' | 'real', ProfileChain>> = {};
const transcripts: Partial<Record<'neutral' | 'real', Transcript>> = {};

beforeAll(async () => {
  for (const profile of ['neutral', 'real'] as const) {
    chains[profile] = await startProfileChain(profile);
    transcripts[profile] = await scenario(chains[profile]);
  }
}, 120_000);
afterAll(async () => {
  for (const c of Object.values(chains)) await c?.close();
});

describe('one scenario under both naming profiles', () => {
  it('the transcripts are equal except for the words (and the hashes of bytes that hold them)', () => {
    const neutral = transcripts.neutral!;
    const real = transcripts.real!;
    expect(real.map(([label]) => label)).not.toEqual(neutral.map(([label]) => label));
    expect(comparable(real)).toEqual(comparable(neutral));
    expect(real.length).toBe(29);
  });

  it('each chain speaks its own words', () => {
    const text = (t: Transcript) => t.map(([, body]) => body).join('\n');
    const real = text(transcripts.real!);
    const neutral = text(transcripts.neutral!);
    for (const url of ['/cosmos.bank.v1beta1.MsgSend', '/cosmos.staking.v1beta1.MsgDelegate', '/stratos.sds.v1.MsgPrepay', '/stratos.register.v1.MsgCreateResourceNode', '/stratos.crypto.v1.ethsecp256k1.PubKey', '/cosmos.auth.v1beta1.BaseAccount']) {
      expect(real).toContain(url);
      expect(neutral).not.toContain(url);
    }
    expect(neutral).toContain('/chain.sds.v1.MsgPrepay');
    expect(real).not.toMatch(/"\/(sdk|chain)\.[a-z]/);
  });

  it('the genesis records the profile: app_state.naming under real, nothing under neutral', async () => {
    const real = JSON.parse(readFileSync(chains.real!.layout.genesisFile, 'utf8'));
    const neutral = JSON.parse(readFileSync(chains.neutral!.layout.genesisFile, 'utf8'));
    expect(real.app_state.naming).toEqual({ profile: 'real' });
    expect(neutral.app_state.naming).toBeUndefined();
    expect(JSON.stringify(real.app_state.genutil)).toContain('"/cosmos.staking.v1beta1.MsgCreateValidator"');
    expect(readFileSync(chains.real!.layout.clientToml, 'utf8')).toContain('naming = "real"');
    expect(readFileSync(chains.neutral!.layout.clientToml, 'utf8')).not.toMatch(/^naming/m);
  });
});

describe('gRPC reflection', () => {
  it("lists the services in each chain's words", async () => {
    const real = await reflectedServices(chains.real!.grpc.address.port);
    const neutral = await reflectedServices(chains.neutral!.grpc.address.port);
    expect(real).toContain('cosmos.bank.v1beta1.Query');
    expect(real).toContain('cosmos.base.tendermint.v1beta1.Service');
    expect(real).toContain('stratos.register.v1.Query');
    expect(real.filter((n) => /^(sdk|chain|consensus)\./.test(n))).toEqual([]);
    expect(neutral).toContain('sdk.base.consensus.v1beta1.Service');
    expect(real.map(neutralWords).sort()).toEqual([...neutral].sort());
  });
});

describe('a chain refuses the other profile', () => {
  it("a tx in the other profile's words answers code 2 naming the type URL", async () => {
    for (const [mine, other] of [['real', 'neutral'], ['neutral', 'real']] as const) {
      const c = chains[mine]!;
      const bytes = signTx({ messages: [msgSend(alice.address, bob.address, 1n)], fee: [{ denom: 'wei', amount: '4000000000000000' }], gasLimit: 400000n }, {
        chainId: CHAIN_ID,
        codec: createCodec(PROFILES[other]),
        signers: [{ privKey: alice.priv, accountNumber: 0n, sequence: 4n }],
      });
      const r = await c.node.broadcastTxSync(bytes);
      expect(r.code).toBe(2);
      const url = typeUrl(PROFILES[other], 'sdk.bank.v1beta1.MsgSend');
      expect(r.log).toContain(`unable to resolve type URL ${url}`);
      if (mine === 'real') expect(r.log).toContain('this chain uses the real naming profile');
    }
  });

  it("the other profile's REST root and gRPC service are not served", async () => {
    for (const [mine, other] of [['real', 'neutral'], ['neutral', 'real']] as const) {
      const c = chains[mine]!;
      const res = await fetch(`${c.restUrl}/${PROFILES[other].sdk}/bank/v1beta1/balances/${alice.address}`);
      expect(res.status).not.toBe(200);
      const answer = await grpcCall(c.grpc.address.port, `/${PROFILES[other].sdk}.bank.v1beta1.Query/Params`, new Uint8Array(0));
      expect(answer.status).toBe(12);
    }
  });

  it("the CLI's consensus group carries the profile's word", async () => {
    expect((await chains.real!.chaind(['tendermint', 'show-node-id'])).code).toBe(0);
    expect((await chains.real!.chaind(['consensus', 'show-node-id'])).code).not.toBe(0);
    expect((await chains.neutral!.chaind(['consensus', 'show-node-id'])).code).toBe(0);
  });
});

describe('chaind start on a home of each profile', () => {
  const settingsOf = (home: string) => {
    // no servers: the test asks the node itself (json-rpc only where the flag exists)
    const flags: [string, string][] = [['rpc.laddr', 'tcp://127.0.0.1:0'], ['api.enable', 'false'], ['grpc.enable', 'false']];
    if (START_FLAGS.some((f) => f.name === 'json-rpc.enable')) flags.push(['json-rpc.enable', 'false']);
    return resolveStartSettings(home, new Map(flags));
  };
  const quiet = createLogger({ format: 'plain', filter: parseLogLevel('error'), write: () => undefined });

  it('exports and restarts a real chain: the stored blocks replay in its words', async () => {
    const c = chains.real!;
    const height = c.node.height;
    await c.stop();
    // `chaind export` writes the chain's words and its record back
    const exported = exportGenesis(c.home, { height: -1n, forZeroHeight: false, jailAllowedAddrs: [] }) as { app_state: Record<string, unknown> };
    expect(exported.app_state.naming).toEqual({ profile: 'real' });
    const exportedText = JSON.stringify(exported);
    expect(exportedText).toContain('"/cosmos.auth.v1beta1.BaseAccount"');
    expect(exportedText).toContain('"/stratos.crypto.v1.ethsecp256k1.PubKey"');
    expect(exportedText).not.toMatch(/"\/(sdk|chain)\.[a-z]/);
    const running = await startNode(c.home, { settings: settingsOf(c.home), logger: quiet });
    try {
      expect(running.node.height).toBeGreaterThanOrEqual(height);
      expect(running.node.chain.app.codec.profile.name).toBe('real');
    } finally {
      await running.close();
    }
  });

  it('refuses client.toml against genesis.json, then the chain store against genesis.json, naming both profiles', async () => {
    const c = chains.real!;
    await c.stop();
    expect((await c.chaind(['config', 'naming', 'neutral'])).code).toBe(0);
    await expect(startNode(c.home, { settings: settingsOf(c.home), logger: quiet })).rejects.toThrow(
      `naming profile mismatch: ${c.layout.clientToml} records the neutral naming profile, ${c.layout.genesisFile} records real (app_state.naming)`,
    );
    // genesis.json and client.toml now agree on neutral; the chain in the store was made under real
    const genesis = JSON.parse(readFileSync(c.layout.genesisFile, 'utf8'));
    delete genesis.app_state.naming;
    writeFileSync(c.layout.genesisFile, JSON.stringify(genesis, null, 2));
    await expect(startNode(c.home, { settings: settingsOf(c.home), logger: quiet })).rejects.toThrow(
      `naming profile mismatch: the chain in ${c.layout.dbDir} was made under the real naming profile, ${c.layout.genesisFile} records neutral`,
    );
  });
});
