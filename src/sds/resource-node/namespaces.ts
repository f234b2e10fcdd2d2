/**
 * Which of a resource node's methods are served where (reference §1.1, §3.2): over HTTP the
 * namespaces of `rpc_namespaces` (`user`, and `owner` when listed); over the IPC socket the same,
 * plus `remoterpc`: the public `user_` methods under the name the real node serves them on IPC
 * (`sds pp/serv/serv.go`), which its IPC clients (`ppd ipfs -m ipc`) call. `user_` stays on IPC too
 * (the simulator's storage client calls it there; docs/storage-network.md).
 */
import { RpcDispatcher, type RpcMethod } from '../rpc/dispatch.ts';

export const REMOTERPC_NAMESPACE = 'remoterpc';

export interface NodeDispatchers {
  readonly http: RpcDispatcher;
  readonly ipc: RpcDispatcher;
}

export function nodeDispatchers(user: ReadonlyMap<string, RpcMethod>, owner: ReadonlyMap<string, RpcMethod>, namespaces: readonly string[]): NodeDispatchers {
  const methods = new Map([...user, ...owner]);
  const remote = [...user].map(([name, f]): [string, RpcMethod] => [name.replace(/^user_/, `${REMOTERPC_NAMESPACE}_`), f]);
  return {
    http: new RpcDispatcher(methods, namespaces),
    ipc: new RpcDispatcher(new Map([...methods, ...remote]), [...namespaces, REMOTERPC_NAMESPACE]),
  };
}
