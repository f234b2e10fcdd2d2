/**
 * The CLI in the words of the home's naming profile (docs/naming.md): on a real home, no help text
 * shows a neutral type URL, event type or message action, and the examples it gives are accepted;
 * `keys add --pubkey` takes the home's type URLs; the validator-set query has the real CLI's name.
 */
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram, main } from '../../src/cli/chaind.ts';
import type { CliContext } from '../../src/cli/context.ts';
import { bufferOutput } from '../../src/cli/output.ts';
import { scriptedPrompter } from '../../src/cli/prompt.ts';
import { NEUTRAL, type NamingProfile, REAL } from '../../src/naming.ts';
import { ABANDON } from '../crypto/vectors.ts';
import { tempHome } from './run-chaind.ts';

function context(naming: NamingProfile): CliContext {
  return { out: bufferOutput(), prompt: scriptedPrompter([]), naming };
}

/** Every command's help, by command path. */
async function helpPages(naming: NamingProfile): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const ctx = context(naming);
  const out = ctx.out as ReturnType<typeof bufferOutput>;
  const walk = (cmd: Command, path: string) => {
    // outputHelp, not helpInformation: the texts added before and after the help (examples) too
    const before = out.out.length;
    cmd.outputHelp();
    pages.set(path, out.out.slice(before));
    for (const sub of cmd.commands) walk(sub, `${path} ${sub.name()}`);
  };
  walk(await buildProgram(ctx), 'chaind');
  return pages;
}

/** Qualified names in neutral words (`/sdk.bank.v1beta1.MsgSend`, `chain.sds.v1.EventPrePay`) and in real words. */
const WORDS = { neutral: /(?<![\w.-])\/?(sdk|chain)\.[a-z]\w*\.[\w.]+/g, real: /(?<![\w.-])\/?(cosmos|stratos)\.[a-z]\w*\.[\w.]+/g };

describe('help texts in the words of the home', () => {
  it('a real home: no neutral type URL, event type or message action in any help page', async () => {
    const found: string[] = [];
    for (const [path, text] of await helpPages(REAL)) for (const m of text.matchAll(WORDS.neutral)) found.push(`${path}: ${m[0]}`);
    expect(found).toEqual([]);
  });

  it('a neutral home: no real type URL in any help page', async () => {
    const found: string[] = [];
    for (const [path, text] of await helpPages(NEUTRAL)) for (const m of text.matchAll(WORDS.real)) found.push(`${path}: ${m[0]}`);
    expect(found).toEqual([]);
  });
});

async function run(argv: string[], naming: NamingProfile, stdin: string[] = []): Promise<{ code: number; out: string; err: string }> {
  const out = bufferOutput();
  const code = await main(argv, { out, prompt: scriptedPrompter(stdin), naming });
  return { code, out: out.out, err: out.err };
}

describe('the examples of the help, in the words of the home', () => {
  it('a real home: register --pubkey, slashing signing-info, gov submit-proposal and query txs show the real type URLs', async () => {
    const pages = await helpPages(REAL);
    const flat = (path: string) => pages.get(path)!.replace(/\s+/g, ' ');
    expect(flat('chaind tx register create-resource-node')).toContain(`{"@type":"/cosmos.crypto.ed25519.PubKey","key":"<base64>"} (or stsdspub1…)`);
    expect(flat('chaind tx register create-meta-node')).toContain(`{"@type":"/cosmos.crypto.ed25519.PubKey","key":"<base64>"} (or stsdspub1…)`);
    expect(flat('chaind query slashing signing-info')).toContain(`e.g. {"@type":"/cosmos.crypto.ed25519.PubKey","key":"…"}`);
    expect(pages.get('chaind tx gov submit-proposal')).toContain(`      "@type": "/cosmos.bank.v1beta1.MsgSend",\n`);
    expect(pages.get('chaind query txs')).toContain(`  chaind query txs --events 'message.sender=st1...&message.action=/cosmos.bank.v1beta1.MsgSend' --page 1 --limit 30\n`);
  });
});

describe('keys add --pubkey takes the type URLs of the home', () => {
  const key = ABANDON.index0.publicKeyBase64;
  const keyring = async () => ['--keyring-backend', 'test', '--home', await tempHome(), '-o', 'json'];

  it('a real home lists the real types and refuses the neutral spelling, naming the real one', async () => {
    const flags = await keyring();
    expect(await run(['keys', 'add', 'pk5', '--pubkey', `{"@type":"/bogus.PubKey","key":"${key}"}`, ...flags], REAL)).toEqual({
      code: 1,
      out: '',
      err: 'Error: unsupported public key type "/bogus.PubKey"; known types: /stratos.crypto.v1.ethsecp256k1.PubKey, /cosmos.crypto.secp256k1.PubKey, /cosmos.crypto.ed25519.PubKey\n',
    });
    expect(await run(['keys', 'add', 'pk3', '--pubkey', `{"@type":"/chain.crypto.v1.ethsecp256k1.PubKey","key":"${key}"}`, ...flags], REAL)).toEqual({
      code: 1,
      out: '',
      err: 'Error: public key type "/chain.crypto.v1.ethsecp256k1.PubKey" is in the neutral profile\'s words, and this home uses the real naming profile: give "/stratos.crypto.v1.ethsecp256k1.PubKey"\n',
    });
    const ok = await run(['keys', 'add', 'pk3', '--pubkey', `{"@type":"/stratos.crypto.v1.ethsecp256k1.PubKey","key":"${key}"}`, ...flags], REAL);
    expect([ok.code, ok.err]).toEqual([0, '']);
    expect(JSON.parse(ok.out).pubkey).toBe(`{"@type":"/stratos.crypto.v1.ethsecp256k1.PubKey","key":"${key}"}`);
  });

  it('a neutral home lists the neutral types', async () => {
    const r = await run(['keys', 'add', 'pk5', '--pubkey', `{"@type":"/bogus.PubKey","key":"${key}"}`, ...(await keyring())], NEUTRAL);
    expect(r.err).toBe('Error: unsupported public key type "/bogus.PubKey"; known types: /chain.crypto.v1.ethsecp256k1.PubKey, /sdk.crypto.secp256k1.PubKey, /sdk.crypto.ed25519.PubKey\n');
  });
});

describe('the consensus-engine names of the CLI', () => {
  it("a real home: query comet-validator-set (SDK v0.47's names), the tendermint group's summary", async () => {
    const query = await run(['query', '--help'], REAL);
    expect(query.out).toMatch(/^ {2}comet-validator-set\|cometbft-validator-set \[options\] \[height\] +Get the full consensus validator set/m);
    expect(query.out).not.toContain('consensus-validator-set');
    const top = await run(['--help'], REAL);
    expect(top.out).toMatch(/^ {2}tendermint +Tendermint subcommands$/m);
    for (const word of ['comet-validator-set', 'cometbft-validator-set', 'tendermint-validator-set']) {
      const help = await run(['query', word, '--help'], REAL);
      expect([help.code, help.out.split('\n')[0]], word).toEqual([0, 'Usage: chaind query comet-validator-set|cometbft-validator-set [options] [height]']);
    }
    const neutralWord = await run(['query', 'consensus-validator-set'], REAL);
    expect([neutralWord.code, neutralWord.err.split('\n')[0]]).toEqual([1, 'Error: unknown command "consensus-validator-set" for "chaind query"']);
  });

  it('a neutral home keeps the neutral names', async () => {
    expect((await run(['query', '--help'], NEUTRAL)).out).toMatch(/^ {2}consensus-validator-set\|tendermint-validator-set \[options\] \[height\] +Get the full/m);
    expect((await run(['--help'], NEUTRAL)).out).toMatch(/^ {2}consensus +Consensus engine subcommands$/m);
    const help = await run(['query', 'consensus-validator-set', '--help'], NEUTRAL);
    expect(help.out.split('\n')[0]).toBe('Usage: chaind query consensus-validator-set|tendermint-validator-set [options] [height]');
  });
});
