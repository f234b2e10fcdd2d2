/** The consensus engine release whose protocols and wire formats the in-process engine follows. */
export const CONSENSUS_VERSION = '0.37.5';
