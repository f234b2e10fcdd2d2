/** The default gov params as genesis, REST and the query services show them (the Stratos values, sdk-modules §3). */
export const DEFAULT_GOV_PARAMS_JSON = Object.freeze({
  min_deposit: [{ denom: 'wei', amount: '100000000000000000000' }],
  max_deposit_period: '1209600s',
  voting_period: '604800s',
  quorum: '0.334000000000000000',
  threshold: '0.500000000000000000',
  veto_threshold: '0.334000000000000000',
  min_initial_deposit_ratio: '0.000000000000000000',
  burn_vote_quorum: false,
  burn_proposal_deposit_prevote: false,
  burn_vote_veto: true,
});
