import { describe, expect, it } from 'vitest';
import { bufferOutput, printValue, toJson, toYaml } from '../../src/cli/output.ts';

describe('CLI output', () => {
  it('writes YAML the way gopkg.in/yaml.v2 does', () => {
    expect(toYaml([{ name: 'a', pubkey: '{"@type":"/x","key":"AA=="}', mnemonic: '' }])).toBe(
      `- name: a\n  pubkey: '{"@type":"/x","key":"AA=="}'\n  mnemonic: ""\n`,
    );
    // YAML 1.1 booleans and numbers stay strings by quoting, sequences are not indented under their key
    expect(toYaml({ a: 'yes', b: 'on', c: '123', d: 'plain text', formats: ['x', 'y'] })).toBe(
      'a: "yes"\nb: "on"\nc: "123"\nd: plain text\nformats:\n- x\n- "y"\n',
    );
    expect(toYaml([])).toBe('[]\n');
  });

  it('prints text with a trailing empty line and JSON on one line', () => {
    const out = bufferOutput();
    printValue(out, { human: 'st' }, 'text');
    printValue(out, { human: 'st' }, 'json');
    expect(out.out).toBe('human: st\n\n{"human":"st"}\n');
    expect(out.err).toBe('');
    expect(toJson({ a: [1, '2'] })).toBe('{"a":[1,"2"]}');
  });
});
