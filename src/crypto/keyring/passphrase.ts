/**
 * How the keyring asks for passphrases. The CLI implements it over the terminal or stdin lines
 * (src/cli/prompt.ts); tests give scripted answers.
 */

/** SDK `input.MinPassLength` */
export const MIN_PASSPHRASE_LENGTH = 8;

export interface PassphrasePrompt {
  /** one secret line (not echoed on a terminal); undefined when the input has ended */
  readSecret(prompt: string): Promise<string | undefined>;
  /** a message between attempts ("incorrect passphrase"), shown on stderr */
  notice(message: string): void;
}

/** SDK `input.GetPassword`: a line of at least 8 characters. */
export async function readPassphrase(prompt: PassphrasePrompt, text: string): Promise<string> {
  const pass = await prompt.readSecret(text);
  if (pass === undefined) throw new Error(`no input for "${text.replace(/:$/, '')}": stdin ended`);
  if (pass.length < MIN_PASSPHRASE_LENGTH) {
    throw new Error(`password must be at least ${MIN_PASSPHRASE_LENGTH} characters`);
  }
  return pass;
}
