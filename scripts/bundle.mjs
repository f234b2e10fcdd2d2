/**
 * The executables' bundles (`npm run build`, after tsc): each entry of dist/ and the modules it
 * imports, node_modules included, in a few files under dist/bundle/ (code shared by an executable's
 * lazily loaded commands in chunks beside them). Node loads an ES module at a cost of its own
 * (resolve, stat, read, compile, link): `chaind keys list` imported about 120 of them, a third of
 * its time; bundled, it loads a handful (docs/architecture.md, "Executables").
 *
 * A bundled module keeps the location of its original file: `import.meta.url` and CommonJS's
 * `__dirname`/`__filename` are rewritten to the file they were written in (relative to the bundle,
 * so a moved checkout still works), as the proto files and the packages' own data files are found
 * from there. The worker threads have bundles of their own (src/threads/spawn.ts finds them).
 * Native addons stay outside. `require` is the bundle's own (`createRequire`), for the CommonJS
 * packages. A build writes only the files whose bytes changed and removes the ones no longer made
 * (chunk names change with their contents): a build of unchanged sources (every `npm start`, the
 * test setup) touches nothing that a running executable may still load.
 */
import { build } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = `${ROOT}dist/bundle`;

/** entry name → compiled module (each exports `main`, or runs on import) */
const ENTRIES = {
  chaind: 'dist/cli/chaind.js',
  nodeclient: 'dist/cli/nodeclient.js',
  'nodeclient-main': 'dist/cli/nodeclient-main.js',
  gateway: 'dist/cli/gateway.js',
  'gateway-main': 'dist/cli/gateway-main.js',
  sdsim: 'dist/cli/sdsim.js',
  localnet: 'dist/node/localnet.js',
  // worker threads (src/threads/spawn.ts starts these when they exist)
  'verify.worker': 'dist/crypto/verify.worker.js',
  'block-writer.worker': 'dist/events/block-writer.worker.js',
  'replay-decoder.worker': 'dist/abci/replay-decoder.worker.js',
  'queue-run.worker': 'dist/sim/sweep/queue-run.worker.js',
};

/** packages loaded from node_modules as they are: native addons */
const EXTERNAL = ['better-sqlite3', 'secp256k1', 'msgpackr-extract'];

/** `path` as a URL relative to the bundle's folder (every output file is in it) */
const fromBundle = (path) => relative(OUT, path).split(sep).join('/');

/** a file's leading comments and directives ("use strict") */
const DIRECTIVES = /^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/|(['"])use strict\1;?)*/;

const originalLocation = {
  name: 'original-location',
  setup(b) {
    b.onLoad({ filter: /\.(c|m)?js$/ }, async (args) => {
      let text = await readFile(args.path, 'utf8');
      const rel = JSON.stringify(fromBundle(args.path));
      const usesMeta = text.includes('import.meta.url');
      const usesDir = /\b__(dirname|filename)\b/.test(text);
      if (!usesMeta && !usesDir) return undefined;
      if (usesMeta) text = text.replaceAll('import.meta.url', `new URL(${rel}, import.meta.url).href`);
      if (usesDir) {
        // after a "use strict" prologue, which must stay the first statement
        const at = text.match(DIRECTIVES)?.[0].length ?? 0;
        text = `${text.slice(0, at)}\nvar __filename = __bundleOrigin(${rel}), __dirname = __bundleOrigin(${JSON.stringify(fromBundle(dirname(args.path)))});\n${text.slice(at)}`;
      }
      return { contents: text, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

/**
 * One build per executable and per worker: chunks are shared only between the commands of one
 * executable (a build of all of them together split the code into many small chunks, each a
 * module to load, and `chaind version` loaded 17).
 */
const GROUPS = [['chaind'], ['nodeclient', 'nodeclient-main'], ['gateway', 'gateway-main'], ['sdsim'], ['localnet'], ['verify.worker'], ['block-writer.worker'], ['replay-decoder.worker'], ['queue-run.worker']];

const results = await Promise.all(GROUPS.map((names) => build({
  absWorkingDir: ROOT,
  entryPoints: Object.fromEntries(names.map((n) => [n, ENTRIES[n]])),
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: EXTERNAL,
  plugins: [originalLocation],
  banner: {
    js: [
      "import { createRequire as __bundleRequire } from 'node:module';",
      "import { fileURLToPath as __bundlePath } from 'node:url';",
      'const require = __bundleRequire(import.meta.url);',
      'const __bundleOrigin = (rel) => __bundlePath(new URL(rel, import.meta.url));',
    ].join(' '),
  },
  logLevel: 'warning',
  write: false,
  legalComments: 'none',
})));

const made = new Map(results.flatMap((r) => r.outputFiles.map((f) => [basename(f.path), f.contents])));
if (!existsSync(OUT)) mkdirSync(OUT); // dist/ is tsc's
for (const [name, bytes] of made) {
  const file = join(OUT, name);
  if (existsSync(file) && Buffer.from(bytes).equals(readFileSync(file))) continue;
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
}
for (const name of readdirSync(OUT)) if (!made.has(name) && !name.endsWith('.tmp')) rmSync(join(OUT, name), { force: true });

