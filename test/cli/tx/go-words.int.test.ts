/**
 * The tx commands answer bad input in the SDK's Go words, as scripts written against the real CLI
 * read them: `AccAddressFromBech32`'s errors as they are (NewSendTxCmd, the fee payer and granter
 * flags, simulation's from), pflag's prefix before Go's strconv text, and encoding/json's syntax
 * errors before `: tx parse error` for a tx file.
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempHome } from '../run-chaind.ts';
import { chaind } from '../node/in-process.ts';

const ALICE = 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx';
const ALICE_VALOPER = 'stvaloper18yesadx3t8x3jjsygpqeqzh0j7xh2vh6dfu57d';

describe('tx commands: bad input in the SDK\'s words', () => {
  it('addresses, number flags and tx files', async () => {
    const home = await tempHome();
    const offline = ['--home', home, '--chain-id', 'x', '--generate-only'];
    const fails = (stderr: string) => ({ code: 1, stdout: '', stderr });
    const usage = "\nRun 'chaind tx bank send --help' for usage.\n";
    expect(await chaind(['tx', 'bank', 'send', ALICE, 'foo', '1wei', ...offline])).toEqual(fails('Error: decoding bech32 failed: invalid bech32 string length 3\n'));
    expect(await chaind(['tx', 'bank', 'send', ALICE, ALICE_VALOPER, '1wei', ...offline])).toEqual(fails('Error: invalid Bech32 prefix; expected st, got stvaloper\n'));
    expect(await chaind(['tx', 'bank', 'send', ALICE, '', '1wei', ...offline])).toEqual(fails('Error: empty address string is not allowed\n'));
    expect(await chaind(['tx', 'bank', 'send', ALICE, ALICE, '1wei', ...offline, '--fee-payer', 'foo'])).toEqual(fails('Error: decoding bech32 failed: invalid bech32 string length 3\n'));
    expect(await chaind(['tx', 'bank', 'send', 'bob', ALICE, '1wei', '--home', home, '--chain-id', 'x', '--dry-run'])).toEqual(
      fails('Error: a valid bech32 address must be provided in simulation mode: decoding bech32 failed: invalid bech32 string length 3\n'),
    );
    expect(await chaind(['tx', 'bank', 'send', ALICE, ALICE, '1wei', ...offline, '-s', 'x'])).toEqual(
      fails(`Error: invalid argument "x" for "-s, --sequence" flag: strconv.ParseUint: parsing "x": invalid syntax${usage}`),
    );
    expect(await chaind(['tx', 'bank', 'send', ALICE, ALICE, '1wei', ...offline, '--gas-adjustment', 'x'])).toEqual(
      fails(`Error: invalid argument "x" for "--gas-adjustment" flag: strconv.ParseFloat: parsing "x": invalid syntax${usage}`),
    );
    // pflag reads integers in base 0: 0x10 is 16
    const hex = await chaind(['tx', 'bank', 'send', ALICE, ALICE, '1wei', ...offline, '--timeout-height', '0x10']);
    expect([hex.code, JSON.parse(hex.stdout).body.timeout_height]).toEqual([0, '16']);

    const bad = join(home, 'bad.json');
    writeFileSync(bad, 'xx\n');
    expect(await chaind(['tx', 'broadcast', bad, '--home', home])).toEqual(fails("Error: invalid character 'x' looking for beginning of value: tx parse error\n"));
    const empty = join(home, 'empty.json');
    writeFileSync(empty, '');
    expect(await chaind(['tx', 'sign', empty, '--from', ALICE, '--home', home, '--chain-id', 'x', '--offline', '-a', '0', '-s', '0'])).toEqual(fails('Error: unexpected end of JSON input: tx parse error\n'));
  });
});
