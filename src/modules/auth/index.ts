/** Module `auth`: accounts, account numbers, sequences and pubkeys. */
import type { Module } from '../../state/module.ts';
import { defaultAuthGenesis, exportAuthGenesis, initAuthGenesis, validateAuthGenesis, type AuthGenesis } from './genesis.ts';
import { msgUpdateAuthParams } from './params-msg.ts';
import { authQueries } from './queries.ts';

export const authModule: Module<AuthGenesis> = {
  name: 'auth',
  defaultGenesis: defaultAuthGenesis,
  validateGenesis: validateAuthGenesis,
  initGenesis: (draft, g) => initAuthGenesis(draft, g),
  exportGenesis: exportAuthGenesis,
  msgs: [msgUpdateAuthParams],
  queries: authQueries,
};
