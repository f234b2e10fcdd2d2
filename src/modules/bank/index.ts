/** Module `bank`: balances, supply and MsgSend. */
import type { Module } from '../../state/module.ts';
import { defaultBankGenesis, exportBankGenesis, initBankGenesis, validateBankGenesis, type BankGenesis } from './genesis.ts';
import { msgSend } from './msgs.ts';
import { msgUpdateBankParams } from './params-msg.ts';
import { bankQueries } from './queries.ts';

export const bankModule: Module<BankGenesis> = {
  name: 'bank',
  defaultGenesis: defaultBankGenesis,
  validateGenesis: validateBankGenesis,
  initGenesis: (draft, g) => initBankGenesis(draft, g),
  exportGenesis: exportBankGenesis,
  msgs: [msgSend, msgUpdateBankParams],
  queries: bankQueries,
};
