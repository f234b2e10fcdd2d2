/**
 * Header and block hashes against CometBFT: the TestHeaderHash vector of cometbft v0.37.5
 * types/block_test.go, and two blocks as real CometBFT nodes served them over RPC (every hash of
 * the header, the commit and the part set recomputed from the JSON).
 */
import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { SimpleValidator } from 'cosmjs-types/tendermint/types/validator';
import { blockIdOf, blockProtoBytes } from '../../src/consensus/block.ts';
import { commitHash, consensusHash, dataHash, evidenceHash, headerHash, lastResultsHash } from '../../src/consensus/header.ts';
import { hashFromByteSlices } from '../../src/consensus/merkle.ts';
import { partSetHeader, splitParts } from '../../src/consensus/part-set.ts';
import { hexText } from '../../src/consensus/proto-forms.ts';
import type { CommitJson, HeaderJson, ValidatorJson } from '../../src/consensus/types.ts';
import { sortValidators, validatorsHash } from '../../src/consensus/validator-set.ts';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex').toUpperCase();
const sumHex = (text: string) => hex(sha256(Buffer.from(text)));

describe('headerHash', () => {
  // cometbft v0.37.5 types/block_test.go TestHeaderHash "Generates expected hash"
  const cometVector: HeaderJson = {
    version: { block: '1', app: '2' },
    chain_id: 'chainId',
    height: '3',
    time: '2019-10-13T16:14:44Z',
    last_block_id: { hash: '00'.repeat(32), parts: { total: 6, hash: '00'.repeat(32) } },
    last_commit_hash: sumHex('last_commit_hash'),
    data_hash: sumHex('data_hash'),
    validators_hash: sumHex('validators_hash'),
    next_validators_hash: sumHex('next_validators_hash'),
    consensus_hash: sumHex('consensus_hash'),
    app_hash: sumHex('app_hash'),
    last_results_hash: sumHex('last_results_hash'),
    evidence_hash: sumHex('evidence_hash'),
    proposer_address: sumHex('proposer_address').slice(0, 40),
  };

  it('reproduces CometBFT TestHeaderHash', () => {
    expect(hex(headerHash(cometVector))).toBe('F740121F553B5418C3EFBD343C2DBFE9E007BB67B0D020A0741374BAB65242A4');
  });

  it('is empty without validators_hash ("nil ValidatorsHash yields nil")', () => {
    expect(headerHash({ ...cometVector, validators_hash: '' })).toEqual(new Uint8Array(0));
  });

  it('changes with every field', () => {
    const base = hex(headerHash(cometVector));
    expect(hex(headerHash({ ...cometVector, height: '4' }))).not.toBe(base);
    expect(hex(headerHash({ ...cometVector, time: '2019-10-13T16:14:44.000000001Z' }))).not.toBe(base);
    expect(hex(headerHash({ ...cometVector, app_hash: '' }))).not.toBe(base);
  });
});

/** A kvstore block of CometBFT 0.37 (one tx, one validator), as `GET /block` returned it. */
const kvstoreBlock = {
  block_id: { hash: '7874C9B73AB92A004ABEEEE02FEF71616A632D7908A82CDF3C670CE76B9678B6', parts: { total: 1, hash: 'D3EDB56FC35178B78C2416D2E6C639CAAFC76BE7C92A4B2CF0D098FAC79322E1' } },
  header: {
    version: { block: '11', app: '0' },
    chain_id: 'test-chain-ICfzT7',
    height: '3',
    time: '2023-03-07T12:05:13.763628292Z',
    last_block_id: { hash: 'A6D7F1807C5B793AF033DCDFA7F6A0277892FC0667D3D551C7F02A7301375FB2', parts: { total: 1, hash: 'F650172F9AF96F2F4C5667FF25DBEEAE91E570E2F1022ED47643891B0E0A5FD7' } },
    last_commit_hash: '6DDB90D8F9C10C7DFD14A24C8D6B45DE52424D38C6ED7E75EE5448AEA7564EE1',
    data_hash: '8609FB8DFC53717A6DB5B58F601092CB5FFE80E1D354DA454942BA88EF3E077D',
    validators_hash: '582449ED5B7A5406FB53D4CA78F3DA52B95805A99206B0F2479EA901B0FF3852',
    next_validators_hash: '582449ED5B7A5406FB53D4CA78F3DA52B95805A99206B0F2479EA901B0FF3852',
    consensus_hash: '048091BC7DDC283F77BFBF91D73C44DA58C3DF8A9CBC867405D8B7F3DAADA22F',
    app_hash: '',
    last_results_hash: '6E340B9CFFB37A989CA544E6BB780A2C78901D3FB33738768511A30617AFA01D',
    evidence_hash: 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855',
    proposer_address: 'B12306BE80788BE3C71CE14377A93565C8831EEE',
  } satisfies HeaderJson,
  txs: ['dGVuZGV0b2xsPXJvY2tz'],
  last_commit: {
    height: '2',
    round: 0,
    block_id: { hash: 'A6D7F1807C5B793AF033DCDFA7F6A0277892FC0667D3D551C7F02A7301375FB2', parts: { total: 1, hash: 'F650172F9AF96F2F4C5667FF25DBEEAE91E570E2F1022ED47643891B0E0A5FD7' } },
    signatures: [
      {
        block_id_flag: 2,
        validator_address: 'B12306BE80788BE3C71CE14377A93565C8831EEE',
        timestamp: '2023-03-07T12:05:13.763628292Z',
        signature: 'sFMBe/KQJ0MJtThBJFHHfaR5T3AlT+wRtJsvb5yFppVWfOkxyZeXsFogTL05p+cgc99Twdtcxd7kpQ2rSc/2CA==',
      },
    ],
  } satisfies CommitJson,
};

/** A two-validator CometBFT 0.37 block with a non-zero app version and no txs. */
const twoValidatorBlock = {
  block_id: { hash: '97EA623844694395542AA9FEC7155D9601C2C3914E32CF9B83595DCCFB4AA153', parts: { total: 1, hash: 'A2B4D76753C13B6CE09CF5CC7303B69196252D5AF9C97444BC6613B664EB4B7D' } },
  header: {
    version: { block: '11', app: '72057594275268382' },
    chain_id: 'devnet0',
    height: '10818',
    time: '2023-06-14T10:17:42.164478437Z',
    last_block_id: { hash: 'B7F270DE82C5EB38828784923720A7C104F7224294BB52A6E120C065F3572E02', parts: { total: 1, hash: 'D45611FF960D47A62351181E3D7A1CFECAC773681884BA04614C637C9C2C8166' } },
    last_commit_hash: 'A5253ABF9ED8F0217F5B5FACFC3B6DB6E14D0FB8CFF8366D0D818914DD712F0A',
    data_hash: 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855',
    validators_hash: '5B2FCAEBDFD9E6CB6CBE441B1F0060923986C25B910445AEDEC907C12DFC1B5E',
    next_validators_hash: '5B2FCAEBDFD9E6CB6CBE441B1F0060923986C25B910445AEDEC907C12DFC1B5E',
    consensus_hash: '048091BC7DDC283F77BFBF91D73C44DA58C3DF8A9CBC867405D8B7F3DAADA22F',
    app_hash: '5421B4C31EAE7BC682E6D1D4C3575AA03D1EB152189D59C8034627377665D014',
    last_results_hash: 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855',
    evidence_hash: 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855',
    proposer_address: '735DC3FC8BCCFD7810BCC14DB49234C1BCE7758B',
  } satisfies HeaderJson,
  txs: [] as string[],
  last_commit: {
    height: '10817',
    round: 0,
    block_id: { hash: 'B7F270DE82C5EB38828784923720A7C104F7224294BB52A6E120C065F3572E02', parts: { total: 1, hash: 'D45611FF960D47A62351181E3D7A1CFECAC773681884BA04614C637C9C2C8166' } },
    signatures: [
      {
        block_id_flag: 2,
        validator_address: '735DC3FC8BCCFD7810BCC14DB49234C1BCE7758B',
        timestamp: '2023-06-14T10:17:42.164478437Z',
        signature: 'FOTXUdRJFUh4ucMQv63ErJPg7bSf1AE2eZOJ0gMH/GRv9K34byT1JmGux11kvbCSM6TBEArWr5mA6jikXdebIQ==',
      },
      {
        block_id_flag: 2,
        validator_address: '0F2AEF9D9269986686414DCB6F9DBC79514A6694',
        timestamp: '2023-06-14T10:17:42.262568104Z',
        signature: 'VNz7IzlpmkpvxWwDYCDwEz06JN3vqkwicZQ0KZ14dtcbfmu2gG8iu1jt8mphR3CwOfphFOgn9VMyJmHubA5DNw==',
      },
    ],
  } satisfies CommitJson,
};

describe.each([
  ['kvstore block (one tx, one validator)', kvstoreBlock],
  ['two-validator block (app version set, no txs)', twoValidatorBlock],
])('a real CometBFT block: %s', (_name, block) => {
  const txs = block.txs.map((t) => Uint8Array.from(Buffer.from(t, 'base64')));

  it('header hash = block_id.hash', () => {
    expect(hex(headerHash(block.header))).toBe(block.block_id.hash);
  });

  it('last_commit_hash and data_hash recompute from the block', () => {
    expect(hex(commitHash(block.last_commit))).toBe(block.header.last_commit_hash);
    expect(hex(dataHash(txs))).toBe(block.header.data_hash);
  });

  it('the Block proto gives the same part set (byte-exact encoding)', () => {
    expect(blockIdOf({ header: block.header, txs, lastCommit: block.last_commit })).toEqual(block.block_id);
  });

  it('evidence_hash of a block without evidence', () => {
    expect(hex(evidenceHash())).toBe(block.header.evidence_hash);
  });
});

describe('consensus and results hashes', () => {
  it('consensus_hash of CometBFT default block params (22020096, -1) is the one both real blocks carry', () => {
    expect(hex(consensusHash({ block: { max_bytes: '22020096', max_gas: '-1' } }))).toBe('048091BC7DDC283F77BFBF91D73C44DA58C3DF8A9CBC867405D8B7F3DAADA22F');
  });

  it('consensus_hash is plain sha256 of HashedParams{1: max_bytes, 2: max_gas}', () => {
    // field 1 = 2097152 (varint 80 80 80 01), field 2 = 20000000 (varint 80 da c4 09)
    const proto = Uint8Array.of(0x08, 0x80, 0x80, 0x80, 0x01, 0x10, 0x80, 0xda, 0xc4, 0x09);
    expect(hex(consensusHash({ block: { max_bytes: '2097152', max_gas: '20000000' } }))).toBe(hex(sha256(proto)));
  });

  it('last_results_hash: one zero result is the leaf hash of empty bytes (kvstore block 3 above)', () => {
    expect(hex(lastResultsHash([{ code: 0, data: new Uint8Array(0), gas_wanted: 0n, gas_used: 0n }]))).toBe('6E340B9CFFB37A989CA544E6BB780A2C78901D3FB33738768511A30617AFA01D');
    expect(hex(lastResultsHash([]))).toBe('E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855');
  });

  it('last_results_hash hashes code, data, gas_wanted, gas_used (fields 1, 2, 5, 6) only', () => {
    const r = { code: 5, data: Uint8Array.of(0xaa), gas_wanted: 200000n, gas_used: 150n };
    const proto = Uint8Array.of(0x08, 0x05, 0x12, 0x01, 0xaa, 0x28, 0xc0, 0x9a, 0x0c, 0x30, 0x96, 0x01);
    expect(hex(lastResultsHash([r]))).toBe(hex(sha256(Uint8Array.of(0, ...proto))));
  });
});

describe('validators hash', () => {
  const val = (seedByte: number, power: string): ValidatorJson => {
    const key = new Uint8Array(32).fill(seedByte);
    return { address: hex(sha256(key).slice(0, 20)), pub_key: { type: 'tendermint/PubKeyEd25519', value: Buffer.from(key).toString('base64') }, voting_power: power, proposer_priority: '0' };
  };

  it('Merkle root of SimpleValidator protos (encoded independently with cosmjs-types)', () => {
    const vals = [val(1, '10'), val(2, '30'), val(3, '20')];
    const leaves = vals.map((v) =>
      SimpleValidator.encode(SimpleValidator.fromPartial({ pubKey: { ed25519: Buffer.from(v.pub_key.value, 'base64') }, votingPower: BigInt(v.voting_power) })).finish(),
    );
    expect(hex(validatorsHash(vals))).toBe(hex(hashFromByteSlices(leaves)));
  });

  it('CometBFT order: power descending, then address ascending', () => {
    const a = val(1, '10');
    const b = val(2, '30');
    const c = val(3, '10');
    const sorted = sortValidators([a, b, c]);
    expect(sorted[0]).toBe(b);
    expect(sorted.slice(1).map((v) => v.address)).toEqual([a.address, c.address].sort());
  });
});

describe('part set', () => {
  it('splits into 65536-byte parts, the last shorter; hash = Merkle root of the raw parts', () => {
    const data = new Uint8Array(65536 * 2 + 10).map((_, i) => i % 251);
    const parts = splitParts(data);
    expect(parts.map((p) => p.length)).toEqual([65536, 65536, 10]);
    const header = partSetHeader(data);
    expect(header.total).toBe(3);
    expect(hex(header.hash)).toBe(hex(hashFromByteSlices(parts)));
  });

  it('a block under 64 KiB is one part whose hash is the leaf hash of the Block proto', () => {
    const bytes = blockProtoBytes({ header: kvstoreBlock.header, txs: [Buffer.from('dGVuZGV0b2xsPXJvY2tz', 'base64')], lastCommit: kvstoreBlock.last_commit });
    expect(hexText(partSetHeader(bytes).hash)).toBe(hex(sha256(Uint8Array.of(0, ...bytes))));
  });
});
