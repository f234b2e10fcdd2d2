/**
 * Module `distribution`. PLACEHOLDER until the distribution work lands: no messages, queries or hooks yet.
 */
import type { Module } from '../../state/module.ts';

export const distributionModule: Module<Record<string, unknown>> = {
  name: 'distribution',
  defaultGenesis: () => ({}),
  initGenesis: () => {},
  exportGenesis: () => ({}),
};
