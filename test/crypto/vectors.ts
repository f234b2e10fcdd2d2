/** Published vectors of reference/wire-formats.md §3, shared by the crypto and CLI tests. */

/** §3.1: `abandon` ×11 + `about`, empty BIP39 passphrase */
export const ABANDON_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

export const ABANDON = {
  seed: '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
  index0: {
    path: "m/44'/606'/0'/0/0",
    privateKey: 'e3df8df9b971c35167691356293a15e511df59520f8ff64a74afbf4293aebadd',
    publicKey: '03258d3a4003527ec82d93553d419c66b976681d09dba38b02a84bb80e45071f27',
    publicKeyBase64: 'AyWNOkADUn7ILZNVPUGcZrl2aB0J26OLAqhLuA5FBx8n',
    uncompressed:
      '04258d3a4003527ec82d93553d419c66b976681d09dba38b02a84bb80e45071f27f4efb1d343cd5f360d35db9858904dd2dfac819fbeae2ff9be10fa7c4681c31f',
    address: 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx',
    ethAddress: '0x39330Eb4D159cd194a044041900aEf978d7532fA',
    valoper: 'stvaloper18yesadx3t8x3jjsygpqeqzh0j7xh2vh6dfu57d',
    /** the same key read as a Cosmos secp256k1 key (ripemd160(sha256)): the wrong-algorithm address */
    wrongAlgoAddress: 'st12su6kphskjmf59swzapwpsfpjt4xv7z5qhmur9',
    legacyStpub: 'stpub1ualy5kfpqvjc6wjqqdf8ajpdjd2n6svuv6uhv6qap8d68zcz4p9msrj9qu0jwsayxt6',
    rawStpub: 'stpub1qvjc6wjqqdf8ajpdjd2n6svuv6uhv6qap8d68zcz4p9msrj9qu0jw80w6lv',
  },
  index1: {
    path: "m/44'/606'/0'/0/1",
    privateKey: '6f02be0038129ef4ab7ac093e839f0c6e3697d6d718e9344f97a1d7022bdb5b7',
    publicKey: '02add08ba2a8ae14af808672515240e68d7bd29ea56c006a04263b8a73c2f74882',
    address: 'st1jyvtwupfrzxgendxpuc94h5n9z9277cq3e742k',
    ethAddress: '0x9118B77029188C8CCdA60F305ADE93288aaF7b00',
  },
  ethPath: {
    path: "m/44'/60'/0'/0/0",
    ethAddress: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    address: 'st1npvwllfr9dqr8erajqqr6s0vxnk2ak554axe78',
  },
  cosmosPath: { path: "m/44'/118'/0'/0/0", cosmosAddress: 'cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4' },
  sds: {
    secpKey: '0f68d534fe08dc4883f67dead56797c2935d1a0f7bf78a0f14425ade7e802559',
    ed25519PubKey: '1d9d402f089d1cef0401ba20e4a44233c964aeb8dfedfa590b2704d021d2c77b',
    address: 'stsds1rlv49e3twjfwmsgrm8h47et9yueu0hmmrzma5g',
    pubKey: 'stsdspub1rkw5qtcgn5ww7pqphgswffzzx0ykft4cmlkl5kgtyuzdqgwjcaashvwl08',
  },
} as const;

/** §3.4: SIGN_MODE_DIRECT MsgSend signed with ABANDON.index0 */
export const MSG_SEND = {
  bodyBytes:
    '0a92010a1c2f636f736d6f732e62616e6b2e763162657461312e4d736753656e6412720a297374313879657361647833743878336a6a737967707165717a68306a37786832766836363934357a7812297374316a79767477757066727a7867656e6478707563393468356e397a39323737637133653734326b1a1a0a03776569121331303030303030303030303030303030303030',
  authInfoBytes:
    '0a550a4d0a262f73747261746f732e63727970746f2e76312e657468736563703235366b312e5075624b657912230a2103258d3a4003527ec82d93553d419c66b976681d09dba38b02a84bb80e45071f2712040a020801121c0a160a03776569120f32303030303030303030303030303010c09a0c',
  keccak: '9e2505fd99a6d3a93b4516a14f102542d3633bdcf368600c1526b3718cbeb2ff',
  sha256: 'a26fd1839974ea2da1268448190583cf8eb6ee3a85c3a816ede29909fc12be36',
  signature:
    'e10298871a88a58c0f631b692a6c8aa128b46d424689ef81464ee3b5fc3b4abd17aa781a234b3fd6ded86fa11ba4234a4b02494406b78a8ab915ae6ec3731923',
  recovery: 1,
  aminoSignBytes:
    '{"account_number":"5","chain_id":"stratos-1","fee":{"amount":[{"amount":"200000000000000","denom":"wei"}],"gas":"200000"},"memo":"","msgs":[{"type":"cosmos-sdk/MsgSend","value":{"amount":[{"amount":"1000000000000000000","denom":"wei"}],"from_address":"st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx","to_address":"st1jyvtwupfrzxgendxpuc94h5n9z9277cq3e742k"}}],"sequence":"0"}',
  aminoKeccak: 'f73c7e3f1b2bb288474ea277323b10c64aba078268aea056fc10516d11964fd2',
  aminoSignature:
    '2086d1e1b5265692c4e4927eb3554a9c9b72d40e066e037c01cf99ea79a28de96149919fcda9b48d9faa3a266a52356683724d3507c17cd54cb1b230f0631d11',
} as const;

/** SignDoc = 0a 95 01 body 12 75 auth_info 1a 09 "stratos-1" 20 05 (§3.4) */
export function msgSendSignDoc(): Uint8Array {
  return Uint8Array.from(
    Buffer.concat([
      Buffer.from('0a9501', 'hex'),
      Buffer.from(MSG_SEND.bodyBytes, 'hex'),
      Buffer.from('1275', 'hex'),
      Buffer.from(MSG_SEND.authInfoBytes, 'hex'),
      Buffer.from('1a09', 'hex'),
      Buffer.from('stratos-1'),
      Buffer.from('2005', 'hex'),
    ]),
  );
}

export function hex(text: string): Uint8Array {
  return Uint8Array.from(Buffer.from(text, 'hex'));
}

export function b64(text: string): Uint8Array {
  return Uint8Array.from(Buffer.from(text, 'base64'));
}
