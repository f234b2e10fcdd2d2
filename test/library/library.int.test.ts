/**
 * The package's library entry (`stsim`, docs/library.md) as an embedder meets it: the example of
 * docs/library.md, written into a project of its own that depends on this checkout, type-checks
 * under `strict` against the shipped declarations and prints what the page says; the entry
 * resolves by the package's name and nothing under dist/ is reachable past it.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const run = promisify(execFile);
const page = readFileSync(join(ROOT, 'docs/library.md'), 'utf8');
const blocks = [...page.matchAll(/```(\w*)\n([\s\S]*?)```/g)];
const exampleAt = blocks.findIndex((b) => b.index! > page.indexOf('<!-- library-example -->'));
const example = blocks[exampleAt]![2]!;
const printed = blocks[exampleAt + 1]![2]!;

const dir = mkdtempSync(join(tmpdir(), 'stsim-library-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A project of its own: `stsim` is this checkout, as `npm install <path>` links it. */
function userProject(): string {
  mkdirSync(join(dir, 'node_modules/@types'), { recursive: true });
  symlinkSync(ROOT, join(dir, 'node_modules/stsim'));
  symlinkSync(join(ROOT, 'node_modules/@types/node'), join(dir, 'node_modules/@types/node'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'user', type: 'module', private: true }));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', noEmit: true, types: ['node'] }, files: ['example.ts'] }),
  );
  writeFileSync(join(dir, 'example.ts'), example);
  return dir;
}

describe('the library entry point', () => {
  it("docs/library.md's example type-checks under strict against dist/index.d.ts and prints what the page shows", async () => {
    const project = userProject();
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    await expect(run(process.execPath, [tsc, '-p', project], { cwd: project })).resolves.toMatchObject({ stdout: '' });
    const tsx = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
    const { stdout, stderr } = await run(process.execPath, [tsx, 'example.ts'], { cwd: project });
    expect([stdout, stderr]).toEqual([printed, '']);
  }, 60_000);

  it('resolves by the package name to dist/index.js; internal files are not exported', async () => {
    const require = createRequire(join(dir, 'package.json'));
    // (resolved through the link to this checkout)
    expect(require.resolve('stsim')).toBe(join(ROOT, 'dist/index.js'));
    expect(() => require.resolve('stsim/dist/abci/chain.js')).toThrow(/ERR_PACKAGE_PATH_NOT_EXPORTED|not defined by "exports"/);
    const lib = (await import(join(ROOT, 'dist/index.js'))) as Record<string, unknown>;
    for (const name of ['App', 'Chain', 'appModules', 'defaultAppState', 'addGenesisAccounts', 'signTx', 'parseSearchQuery', 'Dec', 'SdkErrors', 'NEUTRAL', 'REAL']) {
      expect(lib[name], name).toBeDefined();
    }
  });
});
