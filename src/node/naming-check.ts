/**
 * The three records of a home's naming profile must agree before `chaind start` runs a chain
 * (docs/node.md "Naming profile"): client.toml `naming` (what `chaind init --naming` chose; the
 * client commands read it), genesis.json `app_state.naming` (the chain's identity) and the genesis
 * the chain's store keeps (what its blocks were made in). Each refusal names both profiles.
 */
import { profileNamed, profileOfAppState, type NamingProfile } from '../naming.ts';
import type { GenesisDoc } from '../state/genesis.ts';
import { chainDbPath, readClientConfig, type HomeLayout } from './home.ts';
import { existsSync } from 'node:fs';
import { BlockStore } from '../events/block-store.ts';
import { parseGenesisDoc } from '../state/genesis.ts';

/** The profile genesis.json records, refused when client.toml records another one. */
export function checkHomeNaming(layout: HomeLayout, genesis: GenesisDoc): NamingProfile {
  const genesisProfile = profileOfAppState(genesis.app_state);
  const recorded = readClientConfig(layout).naming;
  const home = recorded === undefined ? undefined : profileNamed(recorded, `${layout.clientToml}: naming`);
  if ((home ?? profileNamed('neutral')) !== genesisProfile) {
    throw new Error(
      `naming profile mismatch: ${layout.clientToml} records the ${home?.name ?? 'neutral'} naming profile${home ? '' : ' (no naming key)'}, ` +
        `${layout.genesisFile} records ${genesisProfile.name} (app_state.naming): a chain has one profile; fix the file that is wrong ` +
        `("chaind config naming ${genesisProfile.name}" sets client.toml) or start a new chain with "chaind init --naming ${home?.name ?? 'neutral'} --overwrite"`,
    );
  }
  return genesisProfile;
}

/**
 * Refuses a chain store made under another profile than genesis.json records, before the chain is
 * opened (its replay would fail on the first block's app hash, without saying why).
 */
export function checkStoredNaming(layout: HomeLayout, genesisProfile: NamingProfile): void {
  const dbPath = chainDbPath(layout);
  if (!existsSync(dbPath)) return;
  const store = new BlockStore(dbPath);
  let storedGenesis: string | undefined;
  try {
    storedGenesis = store.getMeta('genesis');
  } finally {
    store.close();
  }
  if (storedGenesis === undefined) return;
  const stored = profileOfAppState(parseGenesisDoc(storedGenesis).app_state);
  if (stored === genesisProfile) return;
  throw new Error(
    `naming profile mismatch: the chain in ${layout.dbDir} was made under the ${stored.name} naming profile, ${layout.genesisFile} records ${genesisProfile.name}: ` +
      `restore the chain's genesis, or start a new chain with "chaind ${genesisProfile.consensusCommand} unsafe-reset-all"`,
  );
}
