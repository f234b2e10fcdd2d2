/**
 * Module `mint`. PLACEHOLDER until the mint work lands: no messages, queries or hooks yet.
 */
import type { Module } from '../../state/module.ts';

export const mintModule: Module<Record<string, unknown>> = {
  name: 'mint',
  defaultGenesis: () => ({}),
  initGenesis: () => {},
  exportGenesis: () => ({}),
};
