/**
 * `abci_info` and `abci_query` (rpc/core/abci.go): the app's Info and Query answers, passed through.
 */
import type { QueryResponse } from '../../../abci/app.ts';
import { base64 } from '../../../codec/go-json.ts';
import { SdkErrors } from '../../../errors.ts';
import { queryResponseJson } from '../abci-json.ts';
import { P } from '../params.ts';
import type { Route } from '../route.ts';

/** ResponseInfo.data: the application's name, as the SDK's BaseApp reports it. */
export const APP_NAME = 'chaind';

export const abciRoutes: Record<string, Route> = {
  abci_info: {
    params: [],
    cacheable: { unlessZero: [] },
    run: ({ node }) => {
      const info = node.chain.app.info();
      // ResponseInfo goes through CometBFT's encoder: zero fields are left out (omitempty)
      const response: Record<string, string> = { data: APP_NAME };
      if (info.lastBlockHeight !== 0n) response.last_block_height = info.lastBlockHeight.toString();
      if (info.lastBlockAppHash.length > 0) response.last_block_app_hash = base64(info.lastBlockAppHash);
      return { response };
    },
  },
  abci_query: {
    params: [
      { name: 'path', type: P.string },
      { name: 'data', type: P.hexBytes },
      { name: 'height', type: P.int64 },
      { name: 'prove', type: P.bool },
    ],
    run: ({ node }, [path, data, height, prove]) => {
      let res: QueryResponse = node.query(path as string, data as Uint8Array, height as bigint);
      // the SDK's CreateQueryContext refuses proofs at height ≤ 1; the app itself never sees `prove`
      if (prove === true && res.code === 0 && res.height <= 1n) {
        const err = SdkErrors.InvalidRequest.wrap('cannot query with proof when height <= 1; please provide a valid height');
        res = { code: err.code, codespace: err.codespace, log: err.message, value: new Uint8Array(0), height: 0n };
      }
      return { response: queryResponseJson(res) };
    },
  },
};
