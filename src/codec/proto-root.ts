/**
 * Loads every .proto file under proto/ into one protobufjs Root. The sources use the neutral package
 * words; for another profile the text goes through `renameProtoSource` first, so the same files give
 * `/cosmos.bank.v1beta1.MsgSend` under the real profile (src/naming.ts).
 *
 * Parsing the ~100 files takes about 40 ms, a large part of a one-shot CLI command; the parsed root
 * is therefore kept as JSON in `dist/proto-cache/`, named by a digest of the profile and every
 * file's path and text, so a changed .proto file can never be served from an old cache. Reading
 * the cache takes about half the time of parsing.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { NEUTRAL, type NamingProfile, renameProtoSource } from '../naming.ts';
import { makeDirs } from '../make-dirs.ts';

export const PROTO_DIR = fileURLToPath(new URL('../../proto/', import.meta.url));
const CACHE_DIR = fileURLToPath(new URL('../../dist/proto-cache/', import.meta.url));

const roots = new Map<string, protobuf.Root>();

interface CachedRoot {
  /** the root's JSON (protobufjs `toJSON`) */
  readonly root: protobuf.INamespace;
  /** the .proto file of each type, enum and service by full name (JSON does not keep it; descriptors need it) */
  readonly files: Record<string, string>;
}

export function loadProtoRoot(profile: NamingProfile = NEUTRAL): protobuf.Root {
  const hit = roots.get(profile.name);
  if (hit) return hit;
  const sources = protoFiles(PROTO_DIR).map((file) => ({ file, text: renameProtoSource(profile, fs.readFileSync(file, 'utf8')) }));
  const digest = createHash('sha256');
  digest.update(profile.name + '\0');
  for (const s of sources) digest.update(path.relative(PROTO_DIR, s.file) + '\0' + s.text + '\0');
  const cacheFile = path.join(CACHE_DIR, `${profile.name}-${digest.digest('hex').slice(0, 32)}.json`);
  const root = readCache(cacheFile) ?? parseAndCache(sources, cacheFile);
  roots.set(profile.name, root);
  return root;
}

function parseAndCache(sources: readonly { file: string; text: string }[], cacheFile: string): protobuf.Root {
  const root = new protobuf.Root();
  for (const { file, text } of sources) {
    try {
      // keepCase: field names stay snake_case, as proto-JSON prints them
      protobuf.parse(text, root, { keepCase: true });
    } catch (err) {
      throw new Error(`cannot parse ${path.relative(PROTO_DIR, file)}: ${(err as Error).message}`);
    }
  }
  root.resolveAll();
  writeCache(root, cacheFile);
  return root;
}

function readCache(cacheFile: string): protobuf.Root | null {
  let cached: CachedRoot;
  try {
    cached = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as CachedRoot;
  } catch {
    return null; // absent or unreadable: parse the sources
  }
  const root = protobuf.Root.fromJSON(cached.root);
  for (const [name, file] of Object.entries(cached.files)) {
    const obj = root.lookup(name);
    if (obj) obj.filename = file;
  }
  root.resolveAll();
  return root;
}

/** Best effort: a read-only install or a full disk only loses the speed-up. */
function writeCache(root: protobuf.Root, cacheFile: string): void {
  const files: Record<string, string> = {};
  const walk = (ns: protobuf.NamespaceBase): void => {
    for (const child of ns.nestedArray) {
      if (child.filename) files[child.fullName.slice(1)] = child.filename;
      if (child instanceof protobuf.Namespace || child instanceof protobuf.Type || child instanceof protobuf.Service) walk(child as protobuf.NamespaceBase);
    }
  };
  walk(root);
  const cached: CachedRoot = { root: root.toJSON(), files };
  try {
    makeDirs(CACHE_DIR);
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(cached));
    fs.renameSync(tmp, cacheFile);
  } catch {
    // not cached
  }
}

function protoFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((d) => {
      const full = path.join(dir, d.name);
      if (d.isDirectory()) return protoFiles(full);
      return d.name.endsWith('.proto') ? [full] : [];
    });
}
