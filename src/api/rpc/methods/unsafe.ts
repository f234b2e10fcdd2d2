/**
 * The simulator's operator methods on the in-process consensus engine, served only with
 * `rpc.unsafe` (like CometBFT's unsafe routes): they change what the node's consensus does, not the
 * chain's rules (src/node/consensus-control.ts, docs/node.md "Operator methods").
 *
 * - `unsafe_set_validator_offline?address=_&offline=_`: a validator of the current set (uppercase hex
 *   consensus address or `stvalcons1…`) stops (or resumes) signing commits; refused when the
 *   validators still signing would not hold more than 2/3 of the voting power (the chain would halt).
 * - `unsafe_inject_double_sign?address=_&height=_`: evidence that the validator signed two blocks at
 *   `height` (default: the latest) is committed in the next block (ABCI misbehavior
 *   DUPLICATE_VOTE with the validator's power and the total power at that height, and that block's time).
 */
import { fromBech32 } from '../../../crypto/bech32.ts';
import { Hrp } from '../../../crypto/address.ts';
import type { Node } from '../../../node/node.ts';
import type { OperatorControl } from '../../../node/consensus-control.ts';
import { totalVotingPower, votingPower } from '../../../consensus/validator-set.ts';
import { RpcError } from '../jsonrpc.ts';
import { P } from '../params.ts';
import type { Route } from '../route.ts';

/** A consensus address given as 40 hex digits or `stvalcons1…`, as uppercase hex. */
export function consensusAddressArg(text: string): string {
  if (/^[0-9a-fA-F]{40}$/.test(text)) return text.toUpperCase();
  let decoded;
  try {
    decoded = fromBech32(text, Hrp.consensus);
  } catch (e) {
    throw RpcError.internal(`invalid validator address ${JSON.stringify(text)}: expected 40 hex digits or ${Hrp.consensus}1…: ${(e as Error).message}`);
  }
  if (decoded.bytes.length !== 20) throw RpcError.internal(`invalid validator address ${JSON.stringify(text)}: ${decoded.bytes.length} bytes, expected 20`);
  return Buffer.from(decoded.bytes).toString('hex').toUpperCase();
}

function controlOf(node: Node): OperatorControl {
  const control = node.consensusControl;
  if (!control) throw RpcError.internal('this node has no operator control of its consensus engine');
  return control;
}

export const unsafeRoutes: Record<string, Route> = {
  unsafe_set_validator_offline: {
    unsafe: true,
    params: [
      { name: 'address', type: P.string },
      { name: 'offline', type: P.bool },
    ],
    run: ({ node }, [addressArg, offlineArg]) => {
      const control = controlOf(node);
      const address = consensusAddressArg(addressArg as string);
      const offline = offlineArg as boolean;
      const set = node.validators(node.height + 1n);
      if (offline) {
        if (!set.some((v) => v.address === address)) throw RpcError.internal(`validator ${address} is not in the validator set of the next height`);
        const { signing, total } = control.signingPower(set, address);
        if (signing * 3n <= total * 2n) {
          throw RpcError.internal(
            `cannot switch ${address} offline: the validators still signing would hold ${signing} of ${total} voting power, not more than 2/3, and the chain would halt`,
          );
        }
      }
      control.setOffline(address, offline);
      return { offline_validators: control.offlineValidators() };
    },
  },
  unsafe_inject_double_sign: {
    unsafe: true,
    params: [
      { name: 'address', type: P.string },
      { name: 'height', type: P.int64Ptr },
    ],
    run: ({ node }, [addressArg, heightArg]) => {
      const control = controlOf(node);
      const address = consensusAddressArg(addressArg as string);
      const height = (heightArg as bigint | undefined) ?? node.height;
      if (height < 1n || height > node.height) throw RpcError.internal(`height ${height} is not a committed height (1…${node.height})`);
      const set = node.validators(height);
      const validator = set.find((v) => v.address === address);
      if (!validator) throw RpcError.internal(`validator ${address} is not in the validator set of height ${height}`);
      const block = node.block(height);
      if (!block) throw RpcError.internal(`block ${height} is not stored (pruned)`);
      const evidence = { type: 'DUPLICATE_VOTE', address, power: votingPower(validator), height, timeNs: block.timeNs, totalVotingPower: totalVotingPower(set) } as const;
      control.injectEvidence(evidence);
      return {
        evidence: {
          type: evidence.type,
          validator: address,
          power: evidence.power.toString(),
          height: height.toString(),
          total_voting_power: evidence.totalVotingPower.toString(),
        },
      };
    },
  },
};
