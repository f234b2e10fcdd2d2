/**
 * Key files against the stratos-chain sample network (reference/wire-formats.md §3.3:
 * networks/local/cluster-config-sample, node0 and node), and the loaders' errors.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ed25519 } from '@noble/curves/ed25519.js';
import { consAddress } from '../../src/crypto/address.ts';
import {
  createNodeKey,
  createPrivValidatorKey,
  loadOrCreateNodeKey,
  loadOrCreatePrivValidatorKey,
  loadOrCreatePrivValidatorState,
  loadPrivValidatorKey,
  nodeKeyFromJson,
  privValidatorKeyFromJson,
  privValidatorKeyToJson,
  privValidatorStateFromJson,
  saveNodeKey,
  savePrivValidatorKey,
  savePrivValidatorState,
  validatorFromKey,
} from '../../src/consensus/keys.ts';

// cluster-config-sample/node0/stchaind/config/priv_validator_key.json, byte for byte
const NODE0_PRIV_VALIDATOR_KEY = `{
  "address": "0797DA108BD2EAF1BA313E66E8ECACF6FE3808EC",
  "pub_key": {
    "type": "tendermint/PubKeyEd25519",
    "value": "V77q2IGoiSSNuhpHaBJN89RzQPmlFgqysgX7BRkUQTw="
  },
  "priv_key": {
    "type": "tendermint/PrivKeyEd25519",
    "value": "utkO0KF9Rli/0HBq/JqJjoPz23pqaHXf6ncuxCGktFdXvurYgaiJJI26GkdoEk3z1HNA+aUWCrKyBfsFGRRBPA=="
  }
}`;
const NODE0_NODE_KEY = '{"priv_key":{"type":"tendermint/PrivKeyEd25519","value":"xd2ghIBcpeHRi1VE48c5XKvvRgp+9p2UGgAES+LGLVL38x0vM4uw6HMlEkNADghGE+V4O4hwjIbpdr1Rz9UjYg=="}}';
const NODE_PRIV_VALIDATOR_KEY = {
  address: '8A2A92509E7402BCBA7FDBD2E8AB78819B80507F',
  pub_key: { type: 'tendermint/PubKeyEd25519', value: 'l+15Q3COM9V3vUm3ypUeajlceIvexFP5taQuINaVSeU=' },
  priv_key: { type: 'tendermint/PrivKeyEd25519', value: 'SBPzI/g8BzsRDwRg1+fi79IlGjRlZ3bUp+mzP21EstKX7XlDcI4z1Xe9SbfKlR5qOVx4i97EU/m1pC4g1pVJ5Q==' },
};
const NODE_NODE_KEY = { priv_key: { type: 'tendermint/PrivKeyEd25519', value: 'b8+gBi895eY7MYHS5Negt9EIyZT3bC/E3T8Su70Rslx9xlvNOBVyX8MrSRH0hZe3xD8te4xHFwRdQH8SBNXZSg==' } };

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consensus-keys-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('sample-network vectors (wire-formats §3.3)', () => {
  it('node0 validator key → address 0797DA…, stvalcons1q7ta5…', () => {
    const key = privValidatorKeyFromJson(JSON.parse(NODE0_PRIV_VALIDATOR_KEY));
    expect(key.address).toBe('0797DA108BD2EAF1BA313E66E8ECACF6FE3808EC');
    expect(Buffer.from(key.pubKey).toString('base64')).toBe('V77q2IGoiSSNuhpHaBJN89RzQPmlFgqysgX7BRkUQTw=');
    expect(consAddress(Buffer.from(key.address, 'hex'))).toBe('stvalcons1q7ta5yyt6t40rw338enw3m9v7mlrsz8vva6kcx');
    // the seed regenerates the pubkey (independently, with noble)
    expect(Buffer.from(ed25519.getPublicKey(key.privKey.subarray(0, 32))).toString('base64')).toBe('V77q2IGoiSSNuhpHaBJN89RzQPmlFgqysgX7BRkUQTw=');
  });

  it('node validator key → 8A2A92…, stvalcons13g4fy…', () => {
    const key = privValidatorKeyFromJson(NODE_PRIV_VALIDATOR_KEY);
    expect(key.address).toBe('8A2A92509E7402BCBA7FDBD2E8AB78819B80507F');
    expect(consAddress(Buffer.from(key.address, 'hex'))).toBe('stvalcons13g4fy5y7wsptewnlm0fw32mcsxdcq5rlx9hwmt');
  });

  it('node ids of node0 and node equal the ids in their gentx memos', () => {
    expect(nodeKeyFromJson(JSON.parse(NODE0_NODE_KEY)).id).toBe('73ce747143528482ae19f51e507dafe0f304a1be');
    expect(nodeKeyFromJson(NODE_NODE_KEY).id).toBe('25e5cf8c23f919c30675ea4aca1f3f0d625d2803');
  });

  it('files are written in CometBFT layout: priv_validator_key indented, node_key compact', () => {
    const pv = path.join(dir, 'config', 'priv_validator_key.json');
    savePrivValidatorKey(pv, privValidatorKeyFromJson(JSON.parse(NODE0_PRIV_VALIDATOR_KEY)));
    expect(fs.readFileSync(pv, 'utf8')).toBe(NODE0_PRIV_VALIDATOR_KEY);
    const nk = path.join(dir, 'config', 'node_key.json');
    saveNodeKey(nk, nodeKeyFromJson(JSON.parse(NODE0_NODE_KEY)));
    expect(fs.readFileSync(nk, 'utf8')).toBe(NODE0_NODE_KEY);
    expect(fs.statSync(pv).mode & 0o777).toBe(0o600);
    expect(fs.statSync(nk).mode & 0o777).toBe(0o600);
  });

  it('validatorFromKey gives the validator-set entry', () => {
    const key = privValidatorKeyFromJson(JSON.parse(NODE0_PRIV_VALIDATOR_KEY));
    expect(validatorFromKey(key, 100n)).toEqual({
      address: '0797DA108BD2EAF1BA313E66E8ECACF6FE3808EC',
      pub_key: { type: 'tendermint/PubKeyEd25519', value: 'V77q2IGoiSSNuhpHaBJN89RzQPmlFgqysgX7BRkUQTw=' },
      voting_power: '100',
      proposer_priority: '0',
    });
    expect(validatorFromKey(key, '7').voting_power).toBe('7');
    expect(() => validatorFromKey(key, 0)).toThrow('validator voting power must be a positive integer, got 0');
    expect(() => validatorFromKey(key, '1.5')).toThrow('validator voting power must be a positive integer, got 1.5');
  });
});

describe('loadOrCreate', () => {
  it('creates a random key once, then loads the same one', () => {
    const pv = path.join(dir, 'priv_validator_key.json');
    const first = loadOrCreatePrivValidatorKey(pv);
    const second = loadOrCreatePrivValidatorKey(pv);
    expect(second).toEqual(first);
    expect(first.address).toMatch(/^[0-9A-F]{40}$/);
    expect(JSON.parse(fs.readFileSync(pv, 'utf8'))).toEqual(privValidatorKeyToJson(first));
    const nk = path.join(dir, 'node_key.json');
    const node = loadOrCreateNodeKey(nk);
    expect(loadOrCreateNodeKey(nk)).toEqual(node);
    expect(node.id).toMatch(/^[0-9a-f]{40}$/);
    expect(node.id).not.toBe(first.address.toLowerCase());
  });

  it('two fresh keys differ', () => {
    expect(createPrivValidatorKey().address).not.toBe(createPrivValidatorKey().address);
    expect(createNodeKey().id).not.toBe(createNodeKey().id);
  });

  it('priv_validator_state.json starts at {height:"0",round:0,step:0}', () => {
    const file = path.join(dir, 'data', 'priv_validator_state.json');
    expect(loadOrCreatePrivValidatorState(file)).toEqual({ height: 0n, round: 0, step: 0 });
    expect(fs.readFileSync(file, 'utf8')).toBe('{\n  "height": "0",\n  "round": 0,\n  "step": 0\n}');
    savePrivValidatorState(file, { height: 12n, round: 1, step: 3 });
    expect(loadOrCreatePrivValidatorState(file)).toEqual({ height: 12n, round: 1, step: 3 });
  });
});

describe('corrupt files give clear errors', () => {
  const good = JSON.parse(NODE0_PRIV_VALIDATOR_KEY);
  const src = 'pv.json';

  it.each([
    ['not an object', [], `${src}: the file must be a JSON object, got an array`],
    ['no priv_key', { ...good, priv_key: undefined }, `${src}: priv_key must be a JSON object, got undefined`],
    ['wrong key type', { ...good, priv_key: { ...good.priv_key, type: 'tendermint/PrivKeySecp256k1' } }, `${src}: priv_key.type must be "tendermint/PrivKeyEd25519", got "tendermint/PrivKeySecp256k1"`],
    ['short priv key', { ...good, priv_key: { ...good.priv_key, value: good.pub_key.value } }, `${src}: priv_key.value must be 64 bytes, got 32`],
    ['bad base64', { ...good, priv_key: { ...good.priv_key, value: 'not base64!' } }, `${src}: priv_key.value is not valid base64`],
    [
      'halves that do not match',
      { ...good, priv_key: { ...good.priv_key, value: Buffer.concat([Buffer.from(good.priv_key.value, 'base64').subarray(0, 32), Buffer.alloc(32)]).toString('base64') } },
      `${src}: invalid ed25519 private key: its last 32 bytes are not the public key of its seed`,
    ],
    [
      'another pub_key',
      { ...good, pub_key: { ...good.pub_key, value: 'l+15Q3COM9V3vUm3ypUeajlceIvexFP5taQuINaVSeU=' } },
      `${src}: pub_key does not belong to priv_key (pub_key l+15Q3COM9V3vUm3ypUeajlceIvexFP5taQuINaVSeU=, priv_key's V77q2IGoiSSNuhpHaBJN89RzQPmlFgqysgX7BRkUQTw=)`,
    ],
    ['wrong address', { ...good, address: '8A2A92509E7402BCBA7FDBD2E8AB78819B80507F' }, `${src}: address "8A2A92509E7402BCBA7FDBD2E8AB78819B80507F" is not the key's address 0797DA108BD2EAF1BA313E66E8ECACF6FE3808EC`],
  ])('%s', (_name, json, message) => {
    expect(() => privValidatorKeyFromJson(json, src)).toThrow(message);
  });

  it('a file that is not JSON names the file', () => {
    const file = path.join(dir, 'priv_validator_key.json');
    fs.writeFileSync(file, '{"address": ');
    expect(() => loadPrivValidatorKey(file)).toThrow(`${file} is not valid JSON: `);
    expect(() => loadOrCreatePrivValidatorKey(file)).toThrow(`${file} is not valid JSON: `);
  });

  it('a bad state file', () => {
    expect(() => privValidatorStateFromJson({ height: 0, round: 0, step: 0 }, 's.json')).toThrow('s.json: height must be a decimal string such as "0", got 0');
    expect(() => privValidatorStateFromJson({ height: '1', round: -1, step: 0 }, 's.json')).toThrow('s.json: round must be a non-negative integer, got -1');
  });
});
