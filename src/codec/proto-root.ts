/**
 * Loads every .proto file under proto/ into one protobufjs Root. The sources use the neutral package
 * words; for another profile the text goes through `renameProtoSource` first, so the same files give
 * `/cosmos.bank.v1beta1.MsgSend` under the real profile (src/naming.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { NEUTRAL, type NamingProfile, renameProtoSource } from '../naming.ts';

export const PROTO_DIR = fileURLToPath(new URL('../../proto/', import.meta.url));

const roots = new Map<string, protobuf.Root>();

export function loadProtoRoot(profile: NamingProfile = NEUTRAL): protobuf.Root {
  const hit = roots.get(profile.name);
  if (hit) return hit;
  const root = new protobuf.Root();
  for (const file of protoFiles(PROTO_DIR)) {
    const text = renameProtoSource(profile, fs.readFileSync(file, 'utf8'));
    try {
      // keepCase: field names stay snake_case, as proto-JSON prints them
      protobuf.parse(text, root, { keepCase: true });
    } catch (err) {
      throw new Error(`cannot parse ${path.relative(PROTO_DIR, file)}: ${(err as Error).message}`);
    }
  }
  root.resolveAll();
  roots.set(profile.name, root);
  return root;
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
