/**
 * `nodeclient`: the storage network's executable (spec §1 items 2–3, §4.2): a resource node
 * (`init`, `start`) and the meta-node service of a cluster (`meta init`, `meta start`). Each
 * command's module is imported only when it runs, so that every call starts fast.
 */
import { Command } from 'commander';
import { runStandalone, type StandaloneContext } from './standalone.ts';
import { resolve } from 'node:path';

export type NodeclientContext = StandaloneContext;

export function buildNodeclient(ctx: NodeclientContext): Command {
  const program = new Command('nodeclient')
    .description('Resource node and meta-node service of the simulated storage network (SDS)')
    .option('-r, --home <dir>', 'node home path', '.')
    .option('-c, --config <file>', 'configuration file path (default: <home>/config/config.toml)')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({ writeOut: ctx.out.stdout, writeErr: ctx.out.stderr });
  const global = () => program.opts() as { home: string; config?: string };

  program
    .command('init')
    .description('Create a resource node home: a new wallet and P2P key in accounts/, and config/config.toml')
    .option('--password <password>', 'password of the wallet files', '')
    .option('--mnemonic <words>', 'derive the keys from this mnemonic instead of a new one')
    .option('--chain-rpc <url>', 'consensus RPC of a chain node', 'tcp://127.0.0.1:26657')
    .option('--meta-url <url>', 'the meta-node service of the cluster', 'http://127.0.0.1:9400')
    .option('--rpc-port <port>', 'JSON-RPC port', '9301')
    .option('--peer-port <port>', 'internal port (slices between nodes)', '18481')
    .option('--deposit <coin>', 'deposit of the create-resource-node tx sent at the first start', '1stos')
    .option('--node-type <1..7>', 'node type: a combination of computation=1, database=2, storage=4', '4')
    .option('--moniker <name>', 'moniker on chain (default: the network address)', '')
    .exitOverride()
    .action(async (o) => (await import('./nodeclient/init.ts')).initResourceNode(ctx, global(), o));

  program
    .command('start')
    .description('Run the resource node: JSON-RPC over HTTP and IPC, slices on disk, registered on chain and at its meta node')
    .option('--walletAddress <st1…>', 'wallet address (default: keys.wallet_address of the config)')
    .option('--password <password>', 'wallet password (default: keys.wallet_password of the config)')
    .option('--ipcEndpoint <path>', 'IPC endpoint path (default: <home>/sds.ipc)')
    .option('--rpcPort <port>', 'JSON-RPC port (default: node.connectivity.rpc_port of the config)')
    .option('--peerPort <port>', 'internal port (default: node.connectivity.internal_port of the config)')
    .option('--chain-rpc <url>', 'consensus RPC of a chain node (default: chain.rpc of the config)')
    .option('--meta-url <url>', 'meta-node service (default: node.meta_node_url of the config)')
    .option('--no-register', 'fail instead of sending create-resource-node when the node is not on chain')
    .exitOverride()
    .action(async (o) => (await import('./nodeclient/start.ts')).startCommand(ctx, global(), o));

  const meta = program.command('meta').description('The meta-node service (the SP role) of a cluster').exitOverride();
  meta
    .command('init')
    .description('Create a meta-node service home with the owner wallets of its meta nodes and config/meta.toml')
    .option('--meta-nodes <n>', 'number of meta nodes (each a new owner wallet whose P2P key is the meta node key)', '1')
    .option('--mnemonic <words...>', 'derive the meta nodes from these mnemonics (one per meta node) instead of new ones')
    .option('--password <password>', 'password of the wallet files', '')
    .option('--chain-rpc <url>', 'consensus RPC of a chain node', 'tcp://127.0.0.1:26657')
    .option('--listen <host:port>', 'listen address of the service', '127.0.0.1:9400')
    .option('--replicas <n>', 'replicas per upload', '3')
    .option('--epoch-seconds <s>', 'epoch length in seconds', '600')
    .option('--epoch-blocks <n>', 'epoch length in blocks (0: by time)', '0')
    .exitOverride()
    .action(async (o) => (await import('./nodeclient/meta.ts')).metaInit(ctx, global(), o));
  meta
    .command('start')
    .description('Run the meta-node service: file index, ozone, replicas, MsgFileUpload and the epochs’ MsgVolumeReport')
    .option('--chain-rpc <url>', 'consensus RPC of a chain node (default: chain.rpc of meta.toml)')
    .option('--listen <host:port>', 'listen address (default: server.listen of meta.toml)')
    .exitOverride()
    .action(async (o) => (await import('./nodeclient/meta.ts')).metaStart(ctx, global(), o));

  const client = program.command('client').description("A client of a resource node's JSON-RPC API (wallet key from a chaind keyring or a wallet file)").exitOverride();
  const clientFlags = (cmd: Command) =>
    cmd
      .option('--url <url>', 'the resource node JSON-RPC', 'http://127.0.0.1:9301')
      .option('--ipc <path>', "the resource node's IPC socket instead of --url")
      .option('--from <key name>', 'sign with this key of a chaind keyring')
      .option('--keyring-home <dir>', 'the chaind home holding that keyring (default: --home)')
      .option('--keyring-backend <backend>', 'the keyring backend', 'test')
      .option('--walletAddress <st1…>', 'sign with this wallet file of the nodeclient home instead')
      .option('--password <password>', 'password of the wallet file', '')
      .exitOverride();
  const act = (f: (c: import('../sds/client/sds-client.ts').SdsClient, ...args: any[]) => Promise<unknown>) =>
    async (...args: unknown[]) => {
      const cmd = args[args.length - 1] as Command;
      const o = cmd.opts() as import('./nodeclient/client.ts').ClientOptions;
      const positional = args.slice(0, -2);
      await (await import('./nodeclient/client.ts')).runClient(ctx, global(), o, (c) => f(c, ...positional, cmd.opts()));
    };
  clientFlags(client.command('ozone').description('The wallet\'s ozone (noz) and sequence number').argument('[wallet]', 'another wallet (st1…)')).action(
    async (wallet: string | undefined, _o: unknown, cmd: Command) => {
      const { runUnsignedClient } = await import('./nodeclient/client.ts');
      const { requestOzone } = await import('../sds/client/sds-client.ts');
      await runUnsignedClient(ctx, global(), cmd.opts() as import('./nodeclient/client.ts').ClientOptions, (rpc, w) => requestOzone(rpc, w), wallet);
    },
  );
  clientFlags(client.command('upload').description('Upload a file; waits until the network holds it').argument('<file>', 'the file')).option('--name <name>', 'file name (default: the base name)').action(
    act(async (c, file: string, o: { name?: string }) => {
      const r = await c.upload(resolve(file), { fileName: o.name, wait: true });
      // the network does not hold the file: a failure (exit 1), not a result
      if (r.state === (await import('../sds/protocol/return-codes.ts')).FileUploadState.FAILED) {
        throw new Error(`the upload of ${r.fileHash} FAILED (file_upload_state 2): ${r.error ?? 'no reason given'}; the ozone of the replicas not stored was given back`);
      }
      return { filehash: r.fileHash, filesize: r.fileSize, packets: r.packets.length, file_upload_state: r.state, handle: `sdm://${c.address}/${r.fileHash}` };
    }),
  );
  clientFlags(client.command('download').description('Download a file of the wallet').argument('<filehash>', 'the v05… file hash').argument('<out>', 'where to write it')).action(
    act(async (c, hash: string, out: string) => ({ ...(await c.download(hash, resolve(out))), out: resolve(out) })),
  );
  clientFlags(client.command('list').description("The wallet's files (20 per page)").option('--page <n>', 'page, from 0', '0')).action(
    act(async (c, o: { page: string }) => c.list((await import('./nodeclient/ports.ts')).count(o.page, '--page', 0))),
  );
  clientFlags(client.command('share').description('Share a file: a share link anyone can download with').argument('<filehash>', 'the file hash').option('--duration <s>', 'seconds, 0 = no expiry', '0').option('--private', 'with a password (in the node log)')).action(
    act(async (c, hash: string, o: { duration: string; private?: boolean }) => c.share(hash, { duration: (await import('./nodeclient/ports.ts')).count(o.duration, '--duration', 0), privateFlag: o.private === true })),
  );
  clientFlags(client.command('get-shared').description('Download through a share link').argument('<link>', 'sds://…').argument('<out>', 'where to write it')).action(
    act(async (c, link: string, out: string) => ({ ...(await c.downloadShared(link, resolve(out))), out: resolve(out) })),
  );
  clientFlags(client.command('delete').description('Delete a file of the wallet').argument('<filehash>', 'the file hash')).action(act(async (c, hash: string) => c.deleteFile(hash)));
  clientFlags(client.command('status').description('The upload state of a file').argument('<filehash>', 'the file hash')).action(act(async (c, hash: string) => c.fileStatus(hash)));

  const ipfsFlags = (cmd: Command) =>
    cmd
      .option('--httpRpcUrl <url>', 'resource node RPC address for httpRpc mode (default http://127.0.0.1:9301)')
      .option('--ipcEndpoint <path>', 'IPC endpoint path (default <home>/sds.ipc)')
      .option('--password <password>', 'wallet password')
      .option('-p, --port <port>', 'port of the API server (default 6798)')
      .option('-m, --rpcMode <mode>', 'httpRpc or ipc (default ipc)')
      .option('--walletAddress <st1…>', 'wallet address (default: the first wallet file in <home>/accounts)')
      .option('--listenHost <host>', 'address to listen on (default 127.0.0.1; add?arg=<local path> only works on loopback)')
      .exitOverride();
  // commander hands a flag of `ipfs` given after `config`/`migrate` to `ipfs` itself: the subcommands merge its values
  const ipfs = ipfsFlags(program.command('ipfs').description('The storage client API (Kubo-compatible, /api/v0) in front of a resource node'))
    .action(async (o) => (await import('./nodeclient/ipfs.ts')).ipfsServe(ctx, global(), o));
  ipfsFlags(ipfs.command('config').description('Write config/ipfs_config.toml under the home from the flags given (and the defaults)'))
    .option('--force', 'overwrite an existing file')
    .action(async (o) => (await import('./nodeclient/ipfs.ts')).ipfsConfig(ctx, global(), { ...ipfs.opts(), ...o }));
  ipfsFlags(ipfs.command('migrate').description('Fetch a CID from IPFS, verify every block, and upload the file to SDS').argument('<filecid>', 'the CID').argument('[filename]', 'name in SDS'))
    .option('--source <url>', 'IPFS source: a trustless HTTP gateway, or a Kubo RPC API (…/api/v0)')
    .action(async (cid: string, name: string | undefined, o) => (await import('./nodeclient/migrate.ts')).ipfsMigrate(ctx, global(), cid, name, { ...ipfs.opts(), ...o }));
  return program;
}

export function main(argv: string[], ctx: Partial<NodeclientContext> = {}): Promise<number> {
  return runStandalone(buildNodeclient, argv, ctx);
}
