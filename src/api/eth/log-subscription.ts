/**
 * `eth_subscribe("logs", criteria)` (stratos-chain filters `Logs`): the criteria decode as geth's
 * `FilterCriteria` and pass the event system's checks (`SubscribeLogs`: `exceed max topics`,
 * `pending logs are not supported`, `invalid block range params`, src/api/eth/logs.ts); the
 * subscription then notifies the logs of the EVM txs of new blocks — never, as no EVM runs.
 */
import type { EthSubscriptionKind } from './dispatch.ts';
import { filterCriteria, type FilterCriteria } from './filter-criteria.ts';
import { checkLogSubscription } from './logs.ts';

export function logSubscription(): EthSubscriptionKind {
  return {
    args: [filterCriteria],
    start([criteria]) {
      checkLogSubscription(criteria as FilterCriteria);
      return () => undefined;
    },
  };
}
