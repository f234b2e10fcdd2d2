/**
 * The proposal files of `tx gov submit-proposal` and `submit-legacy-proposal --proposal`, read as
 * SDK v0.47 x/gov client/cli/parse.go reads them: `os.ReadFile` (`open <path>: no such file or
 * directory`), then Go's `json.Unmarshal` into a struct of strings (keys matched as Go does: exact,
 * then case-insensitively; unknown keys ignored; a value of another JSON kind fails with
 * `json: cannot unmarshal <kind> into Go struct field <struct>.<field> of type <type>`; syntax errors
 * with the Go scanner's text).
 */
import { readFile } from 'node:fs/promises';
import { type GoJsonNode, readGoJson } from '../../../codec/go-json-reader.ts';

/** The file of `submit-proposal`: messages are kept as raw JSON (each a proto-JSON Any). */
export interface ProposalFile {
  messages: string[];
  metadata: string;
  deposit: string;
  title: string;
  summary: string;
}

/** The file of `submit-legacy-proposal --proposal` (Go field names, no json tags). */
export interface LegacyProposalFile {
  title: string;
  description: string;
  type: string;
  deposit: string;
}

export async function readProposalFile(path: string): Promise<ProposalFile> {
  const root = await readJsonFile(path);
  const out: ProposalFile = { messages: [], metadata: '', deposit: '', title: '', summary: '' };
  decodeStruct(root, 'proposal', 'cli.proposal', ['messages', 'metadata', 'deposit', 'title', 'summary'], (field, node) => {
    if (field === 'messages') {
      if (node.kind === 'null') return;
      if (node.kind !== 'array') throw unmarshalError(node, 'proposal.messages', '[]json.RawMessage');
      out.messages = node.items.map((item) => item.raw);
      return;
    }
    const value = stringField(node, `proposal.${field}`);
    if (value !== undefined) out[field as Exclude<keyof ProposalFile, 'messages'>] = value;
  });
  return out;
}

export async function readLegacyProposalFile(path: string): Promise<LegacyProposalFile> {
  const root = await readJsonFile(path);
  const out: LegacyProposalFile = { title: '', description: '', type: '', deposit: '' };
  const goNames: Record<string, string> = { title: 'Title', description: 'Description', type: 'Type', deposit: 'Deposit' };
  decodeStruct(root, 'legacyProposal', 'cli.legacyProposal', ['Title', 'Description', 'Type', 'Deposit'], (field, node) => {
    const key = field.toLowerCase() as keyof LegacyProposalFile;
    const value = stringField(node, `legacyProposal.${goNames[key]}`);
    if (value !== undefined) out[key] = value;
  });
  return out;
}

async function readJsonFile(path: string): Promise<GoJsonNode> {
  const bytes = await readFile(path).catch((err: NodeJS.ErrnoException) => {
    throw new Error(`open ${path}: ${err.code === 'ENOENT' ? 'no such file or directory' : err.code === 'EISDIR' ? 'is a directory' : err.message}`);
  });
  if (bytes.length === 0) throw new Error('unexpected end of JSON input');
  return readGoJson(bytes);
}

/** Go's matching of object keys to struct fields: the exact name first, else case-insensitively; the last value wins. */
function decodeStruct(root: GoJsonNode, _struct: string, goType: string, fields: readonly string[], set: (field: string, node: GoJsonNode) => void): void {
  if (root.kind === 'null') return;
  if (root.kind !== 'object') throw new Error(`json: cannot unmarshal ${goKind(root)} into Go value of type ${goType}`);
  for (const [key, node] of root.entries) {
    const field = fields.find((f) => f === key) ?? fields.find((f) => f.toLowerCase() === key.toLowerCase());
    if (field !== undefined) set(field, node);
  }
}

function stringField(node: GoJsonNode, path: string): string | undefined {
  if (node.kind === 'null') return undefined;
  if (node.kind !== 'string') throw unmarshalError(node, path, 'string');
  return node.value;
}

function unmarshalError(node: GoJsonNode, path: string, goType: string): Error {
  return new Error(`json: cannot unmarshal ${goKind(node)} into Go struct field ${path} of type ${goType}`);
}

function goKind(node: GoJsonNode): string {
  return node.kind === 'bool' ? 'bool' : node.kind;
}
