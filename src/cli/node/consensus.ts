/**
 * `chaind consensus …` (the real binary's `tendermint …`; the group name comes from the naming
 * profile): the SDK's `server/tm_cmds.go` key commands and CometBFT's reset commands.
 */
import { Command } from 'commander';
import Database from 'better-sqlite3';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { typeUrl } from '../../naming.ts';
import { consensusGroupSummary } from '../query/validator-set-names.ts';
import { consAddress } from '../../crypto/address.ts';
import { base64 } from '../../codec/go-json.ts';
import {
  INITIAL_PRIV_VALIDATOR_STATE,
  loadNodeKey,
  loadOrCreatePrivValidatorKey,
  loadOrCreatePrivValidatorState,
  loadPrivValidatorKey,
  savePrivValidatorState,
} from '../../consensus/keys.ts';
import { CONSENSUS_VERSION } from '../../consensus/version.ts';
import { CHAIN_DB_FILE, homeLayout, readConsensusConfig, type HomeLayout } from '../../node/home.ts';
import { LOCK_FILE, withHomeLock } from '../../node/home-lock.ts';
import type { CliContext } from '../context.ts';
import { toYaml } from '../output.ts';
import type { Logger } from '../../node/logger.ts';
import { commandLogger, homeOf, withGlobalFlags, withHome } from './node-flags.ts';
import { injectDoubleSignCommand, validatorOfflineCommand } from './operator.ts';

/** CometBFT 0.37 `version.ABCISemVer`, `BlockProtocol`, `P2PProtocol` (spec §9.3). */
const ABCI_VERSION = '1.0.0';
const BLOCK_PROTOCOL = 11;
const P2P_PROTOCOL = 8;

function layoutOf(cmd: Command): HomeLayout {
  const home = homeOf(cmd);
  return homeLayout(home, readConsensusConfig(home));
}

function sub(name: string, description: string, run: (cmd: Command) => void): Command {
  const cmd = new Command(name).description(description);
  withHome(cmd);
  withGlobalFlags(cmd);
  return cmd.action((_opts: unknown, command: Command) => run(command));
}

export function consensusCommand(ctx: CliContext): Command {
  const group = new Command(ctx.naming.consensusCommand).description(consensusGroupSummary(ctx.naming));
  group.addCommand(
    sub('show-node-id', "Show this node's ID", (cmd) => ctx.out.stdout(loadNodeKey(layoutOf(cmd).nodeKeyFile).id + '\n')),
  );
  group.addCommand(
    sub('show-validator', "Show this node's validator info", (cmd) => {
      const key = loadPrivValidatorKey(layoutOf(cmd).privValidatorKeyFile);
      // the SDK's ed25519 PubKey as an Any in proto JSON
      ctx.out.stdout(JSON.stringify({ '@type': typeUrl(ctx.naming, 'sdk.crypto.ed25519.PubKey'), key: base64(key.pubKey) }) + '\n');
    }),
  );
  group.addCommand(
    sub('show-address', "Shows this node's validator consensus address", (cmd) => {
      const key = loadPrivValidatorKey(layoutOf(cmd).privValidatorKeyFile);
      ctx.out.stdout(consAddress(Buffer.from(key.address, 'hex')) + '\n');
    }),
  );
  group.addCommand(
    sub('version', "Print the consensus engine's protocols' and libraries' version numbers against which this app has been compiled", () => {
      const engine = ctx.naming.consensus.charAt(0).toUpperCase() + ctx.naming.consensus.slice(1);
      // sigs.k8s.io/yaml marshals through JSON: keys sorted
      const versions = { ABCI: ABCI_VERSION, BlockProtocol: BLOCK_PROTOCOL, P2PProtocol: P2P_PROTOCOL, [engine]: CONSENSUS_VERSION };
      const sorted = Object.fromEntries(Object.entries(versions).sort(([a], [b]) => (a < b ? -1 : 1)));
      ctx.out.stdout(toYaml(sorted) + '\n');
    }),
  );
  group.addCommand(
    sub('reset-state', 'Remove all the data and WAL', (cmd) => {
      const layout = layoutOf(cmd);
      const log = commandLogger(ctx, cmd);
      // refused while a node runs on this home (docs/node.md "One node per home")
      withHomeLock(layout.dbDir, `chaind ${ctx.naming.consensusCommand} reset-state`, () => {
        // the chain data's last height is what this node's validator signed up to: kept in the
        // signing state (CometBFT keeps priv_validator_state.json here), so a start on the reset
        // data does not sign those heights again (a node that crashed may not have recorded them)
        const stored = storedHeight(join(layout.dbDir, CHAIN_DB_FILE));
        const signed = loadOrCreatePrivValidatorState(layout.privValidatorStateFile);
        if (stored > signed.height) {
          savePrivValidatorState(layout.privValidatorStateFile, { height: stored, round: 0, step: 3 });
          log.info('Recorded the last signed height', { module: 'main', height: stored, file: layout.privValidatorStateFile });
        }
        for (const suffix of ['', '-wal', '-shm']) {
          const file = join(layout.dbDir, CHAIN_DB_FILE + suffix);
          if (existsSync(file)) {
            rmSync(file);
            if (suffix === '') log.info('Removed all chain data', { module: 'main', file });
          }
        }
      });
    }).alias('reset_state'),
  );
  const resetAll = sub('unsafe-reset-all', '(unsafe) Remove all the data and WAL, reset this node\'s validator to genesis state', (cmd) => {
    const layout = layoutOf(cmd);
    const log = commandLogger(ctx, cmd);
    // refused while a node runs on this home (docs/node.md "One node per home")
    withHomeLock(layout.dbDir, `chaind ${ctx.naming.consensusCommand} unsafe-reset-all`, () => resetAllData(layout, log, cmd));
  })
    .alias('unsafe_reset_all')
    .option('--keep-addr-book', 'keep the address book intact');
  group.addCommand(resetAll);
  group.addCommand(validatorOfflineCommand(ctx));
  group.addCommand(injectDoubleSignCommand(ctx));
  return group;
}

/** The last block height the chain data holds; 0 without data, or data that cannot be read. */
function storedHeight(file: string): bigint {
  if (!existsSync(file)) return 0n;
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const row = db.prepare('SELECT MAX(height) AS h FROM blocks').get() as { h: number | bigint | null } | undefined;
      return BigInt(row?.h ?? 0);
    } finally {
      db.close();
    }
  } catch {
    return 0n;
  }
}

/** CometBFT `ResetAll`: the address book (unless kept), the data directory's content, the signing state. */
function resetAllData(layout: HomeLayout, log: Logger, cmd: Command): void {
  const addrBook = join(layout.configDir, 'addrbook.json');
  if (cmd.opts<{ keepAddrBook?: boolean }>().keepAddrBook) log.info('The address book remains intact', { module: 'main' });
  else if (existsSync(addrBook)) {
    rmSync(addrBook);
    log.info('Removed existing address book', { module: 'main', file: addrBook });
  }
  // the data directory's content; its LOCK is this command's own, released when it ends
  for (const entry of readdirSync(layout.dbDir)) if (entry !== LOCK_FILE) rmSync(join(layout.dbDir, entry), { recursive: true, force: true });
  log.info('Removed all blockchain history', { module: 'main', dir: layout.dbDir });
  const existed = existsSync(layout.privValidatorKeyFile);
  loadOrCreatePrivValidatorKey(layout.privValidatorKeyFile);
  savePrivValidatorState(layout.privValidatorStateFile, INITIAL_PRIV_VALIDATOR_STATE);
  log.info(existed ? 'Reset private validator file to genesis state' : 'Generated private validator file', {
    module: 'main',
    keyFile: layout.privValidatorKeyFile,
    stateFile: layout.privValidatorStateFile,
  });
}
