/**
 * Which proto types may travel inside an Any where the SDK expects an interface, as the SDK's
 * InterfaceRegistry records them (codec/types/interface_registry.go). The tx decoder resolves every
 * Any against this table: a type URL outside it fails with "unable to resolve type URL …", and a
 * registered type in the wrong place (a pubkey as a message) with "no concrete type registered …".
 *
 * Messages and message responses are read off the `Msg` services in proto/; the other interfaces
 * list the implementations this chain registers.
 */
import protobuf from 'protobufjs';
import { type NamingProfile, neutralize } from '../naming.ts';
import { protoName } from './field-info.ts';

export type InterfaceName = 'Msg' | 'MsgResponse' | 'PubKey' | 'PrivKey' | 'Account' | 'ProposalContent' | 'ExtensionOption' | 'Evidence';

/** The Go interface names the SDK prints in its "against interface %T" errors. */
export const GO_INTERFACE: Record<InterfaceName, string> = {
  Msg: '*types.Msg',
  MsgResponse: '*tx.MsgResponse',
  PubKey: '*types.PubKey',
  PrivKey: '*types.PrivKey',
  Account: '*types.AccountI',
  ProposalContent: '*v1beta1.Content',
  ExtensionOption: '*tx.TxExtensionOptionI',
  Evidence: '*exported.Evidence',
};

const FIXED: Record<Exclude<InterfaceName, 'Msg' | 'MsgResponse'>, readonly string[]> = {
  PubKey: [
    'sdk.crypto.secp256k1.PubKey',
    'sdk.crypto.ed25519.PubKey',
    'sdk.crypto.multisig.LegacyAminoPubKey',
    'chain.crypto.v1.ethsecp256k1.PubKey',
  ],
  PrivKey: ['sdk.crypto.secp256k1.PrivKey', 'sdk.crypto.ed25519.PrivKey', 'chain.crypto.v1.ethsecp256k1.PrivKey'],
  Account: ['sdk.auth.v1beta1.BaseAccount', 'sdk.auth.v1beta1.ModuleAccount', 'chain.types.v1.EthAccount'],
  ProposalContent: ['sdk.gov.v1beta1.TextProposal'],
  // the EVM extension option (reference/wire-formats.md §2.5); its proto is not loaded yet, so it
  // still fails to resolve like any unknown type URL
  ExtensionOption: ['chain.evm.v1.ExtensionOptionsEthereumTx'],
  Evidence: ['sdk.evidence.v1beta1.Equivocation'],
};

export interface InterfaceRegistry {
  /** neutral type names implementing `iface` */
  implementations(iface: InterfaceName): ReadonlySet<string>;
  implements(iface: InterfaceName, neutralTypeName: string): boolean;
  /** registered as an implementation of any interface (resolvable inside a tx) */
  isRegistered(neutralTypeName: string): boolean;
}

export function buildInterfaceRegistry(root: protobuf.Root, profile: NamingProfile): InterfaceRegistry {
  const sets = new Map<InterfaceName, Set<string>>();
  for (const [iface, names] of Object.entries(FIXED)) sets.set(iface as InterfaceName, new Set(names));
  const msgs = new Set<string>();
  const responses = new Set<string>();
  const visit = (ns: protobuf.NamespaceBase): void => {
    for (const child of ns.nestedArray) {
      if (child instanceof protobuf.Service && child.name === 'Msg') {
        for (const m of child.methodsArray) {
          m.resolve();
          msgs.add(neutralize(profile, protoName(m.resolvedRequestType as protobuf.Type)));
          responses.add(neutralize(profile, protoName(m.resolvedResponseType as protobuf.Type)));
        }
      } else if (child instanceof protobuf.Namespace && !(child instanceof protobuf.Type)) {
        visit(child);
      }
    }
  };
  visit(root);
  sets.set('Msg', msgs);
  sets.set('MsgResponse', responses);
  const all = new Set<string>([...sets.values()].flatMap((s) => [...s]));
  const strip = (n: string) => n.replace(/^\//, '');
  return {
    implementations: (iface) => sets.get(iface) as Set<string>,
    implements: (iface, name) => (sets.get(iface) as Set<string>).has(strip(name)),
    isRegistered: (name) => all.has(strip(name)),
  };
}
