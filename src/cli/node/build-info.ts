/**
 * What `chaind version --long` reports (SDK `version.Info`): the package name and version, the git
 * commit of the checkout when there is one, the runtime in place of Go's version, and the installed
 * versions of the runtime dependencies in place of Go's build deps.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSENSUS_VERSION } from '../../consensus/version.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;

export interface BuildInfo {
  readonly name: string;
  readonly server_name: string;
  readonly version: string;
  readonly commit: string;
  readonly build_tags: string;
  readonly go: string;
  readonly build_deps: readonly string[];
}

interface PackageJson {
  name?: string;
  version?: string;
  dependencies?: Record<string, string>;
}

function readPackage(dir: string): PackageJson {
  try {
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
  } catch {
    return {};
  }
}

/** The commit of the checkout the binary runs from ('' outside a git checkout). */
function gitCommit(): string {
  try {
    const head = readFileSync(join(ROOT, '.git', 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head;
    const ref = head.slice(5);
    const loose = join(ROOT, '.git', ref);
    if (existsSync(loose)) return readFileSync(loose, 'utf8').trim();
    const packed = readFileSync(join(ROOT, '.git', 'packed-refs'), 'utf8');
    return packed.split('\n').find((l) => l.endsWith(` ${ref}`))?.split(' ')[0] ?? '';
  } catch {
    return '';
  }
}

/** The package's version (what `chaind version` prints), without reading the dependencies. */
export function packageVersion(): string {
  return readPackage(ROOT).version ?? '';
}

export function buildInfo(): BuildInfo {
  const pkg = readPackage(ROOT);
  const deps = Object.keys(pkg.dependencies ?? {})
    .sort()
    .map((name) => `${name}@${readPackage(join(ROOT, 'node_modules', name)).version ?? pkg.dependencies![name]}`);
  return {
    name: 'chain',
    server_name: 'chaind',
    version: pkg.version ?? '',
    commit: gitCommit(),
    build_tags: '',
    go: `node version ${process.version} ${process.platform}/${process.arch}`,
    build_deps: [`consensus-engine@v${CONSENSUS_VERSION} (in-process)`, ...deps],
  };
}
