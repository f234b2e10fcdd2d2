/**
 * A tx file as `--generate-only` and `tx sign` write it: the `Tx` proto-JSON (SDK `ReadTxFromFile`,
 * `-` reads standard input). A document that is not a tx fails as the SDK's JSON tx decoder does:
 * `<reason>: tx parse error`.
 */
import { readFile } from 'node:fs/promises';
import { parseProtoJson } from '../../codec/proto-json.ts';
import type { Codec } from '../../codec/registry.ts';
import type { TxDocument, TxMessage } from '../../client/sign-tx.ts';
import type { CliContext } from '../context.ts';

export async function readTxDocument(ctx: CliContext, path: string, c: Codec): Promise<TxDocument> {
  return parseTxDocument(await readTxText(ctx, path), path, c);
}

/**
 * The txs of batch files (SDK `ReadTxsFromInput`): one tx per line, file after file. A line that is
 * no tx ends the batch: the txs before it are given, then its error (`<reason>: tx parse error`).
 */
export async function readTxBatch(ctx: CliContext, paths: readonly string[], c: Codec): Promise<{ docs: TxDocument[]; error?: Error }> {
  const docs: TxDocument[] = [];
  for (const path of paths) {
    const lines = (await readTxText(ctx, path)).split('\n');
    if (lines.at(-1) === '') lines.pop();
    for (const line of lines) {
      try {
        docs.push(parseTxDocument(line, path, c));
      } catch (e) {
        return { docs, error: e as Error };
      }
    }
  }
  return { docs };
}

async function readTxText(ctx: CliContext, path: string): Promise<string> {
  return path === '-' ? await readAllInput(ctx) : await readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => {
    throw new Error(`open ${path}: ${err.code === 'ENOENT' ? 'no such file or directory' : err.message}`);
  });
}

function parseTxDocument(text: string, path: string, c: Codec): TxDocument {
  let doc: TxDocument;
  try {
    doc = parseProtoJson('sdk.tx.v1beta1.Tx', text, { codec: c }) as unknown as TxDocument;
  } catch (err) {
    throw new Error(`${(err as Error).message}: tx parse error`);
  }
  if (!doc.body) throw new Error(`${path}: the tx has no body: tx parse error`);
  doc.auth_info ??= { signer_infos: [], fee: null, tip: null };
  return doc;
}

/** The messages of a document, unpacked (for their signers and checks). */
export function documentMessages(doc: TxDocument, c: Codec): TxMessage[] {
  return doc.body.messages.map((any) => {
    const { typeName, value } = c.unpackAny(any);
    return { typeName, value };
  });
}

async function readAllInput(ctx: CliContext): Promise<string> {
  const lines: string[] = [];
  for (let line = await ctx.prompt.readLine(''); line !== undefined; line = await ctx.prompt.readLine('')) lines.push(line);
  return lines.join('\n');
}
