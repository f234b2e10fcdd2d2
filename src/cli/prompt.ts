/**
 * Questions to the user, as the SDK's `client/input`: on a terminal, prompts go to stderr and
 * secrets are not echoed; when stdin is not a terminal, nothing is printed and each answer is the
 * next line of stdin (trimmed), so scripts can pipe `mnemonic\npassword\npassword\n`.
 */
import type { PassphrasePrompt } from '../crypto/keyring/passphrase.ts';

export interface Prompter extends PassphrasePrompt {
  /** stdin is a terminal */
  readonly interactive: boolean;
  /** SDK `GetString`: one trimmed line; undefined when the input has ended */
  readLine(prompt: string): Promise<string | undefined>;
  /** SDK `GetConfirmation`: true for an answer starting with y/Y; undefined when the input has ended */
  confirm(prompt: string): Promise<boolean | undefined>;
  /** releases stdin so the process can exit */
  close(): void;
}

export function stdinPrompter(stdin: NodeJS.ReadStream, stderr: (text: string) => void): Prompter {
  return stdin.isTTY ? terminalPrompter(stdin, stderr) : pipedPrompter(stdin, stderr);
}

/** Answers from a list (in-process tests); undefined once the list is used up. */
export function scriptedPrompter(answers: readonly string[], stderr: (text: string) => void = () => undefined): Prompter {
  let next = 0;
  const take = async () => (next < answers.length ? answers[next++].trim() : undefined);
  return {
    interactive: false,
    readLine: take,
    readSecret: take,
    confirm: async () => {
      const line = await take();
      return line === undefined ? undefined : isYes(line);
    },
    notice: (message) => stderr(message + '\n'),
    close: () => undefined,
  };
}

function isYes(answer: string): boolean {
  return answer.trim().toLowerCase().startsWith('y');
}

function pipedPrompter(stdin: NodeJS.ReadStream, stderr: (text: string) => void): Prompter {
  let iterator: AsyncIterator<Buffer | string> | undefined;
  let buffer = '';
  let ended = false;

  async function nextLine(): Promise<string | undefined> {
    for (;;) {
      const newline = buffer.indexOf('\n');
      if (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        return line.trim();
      }
      if (ended) {
        if (buffer.length === 0) return undefined;
        const last = buffer;
        buffer = '';
        return last.trim();
      }
      iterator ??= stdin[Symbol.asyncIterator]();
      const chunk = await iterator.next();
      if (chunk.done) ended = true;
      else buffer += typeof chunk.value === 'string' ? chunk.value : chunk.value.toString('utf8');
    }
  }

  return {
    interactive: false,
    readLine: () => nextLine(),
    readSecret: () => nextLine(),
    confirm: async () => {
      const line = await nextLine();
      return line === undefined ? undefined : isYes(line);
    },
    notice: (message) => stderr(message + '\n'),
    close: () => {
      void iterator?.return?.();
    },
  };
}

function terminalPrompter(stdin: NodeJS.ReadStream, stderr: (text: string) => void): Prompter {
  return {
    interactive: true,
    async readLine(prompt) {
      if (prompt) stderr(`> ${prompt}\n`);
      return (await readTerminalLine(stdin, stderr, false))?.trim();
    },
    async readSecret(prompt) {
      stderr(prompt);
      return (await readTerminalLine(stdin, stderr, true))?.trim();
    },
    async confirm(prompt) {
      stderr(`${prompt} [y/N]: `);
      const line = await readTerminalLine(stdin, stderr, false);
      return line === undefined ? undefined : isYes(line);
    },
    notice: (message) => stderr(message + '\n'),
    close: () => {
      stdin.pause();
    },
  };
}

/** Reads one line in raw mode, echoing typed characters unless `hidden`. Ctrl-C aborts, Ctrl-D on an empty line ends input. */
function readTerminalLine(stdin: NodeJS.ReadStream, echo: (text: string) => void, hidden: boolean): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const wasRaw = stdin.isRaw;
    let line = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(wasRaw);
      stdin.pause();
      echo('\n');
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of typeof chunk === 'string' ? chunk : chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(line);
          return;
        }
        if (ch === '\u0003') {
          finish();
          reject(new Error('interrupted'));
          return;
        }
        if (ch === '\u0004') {
          if (line === '') {
            finish();
            resolve(undefined);
            return;
          }
          continue;
        }
        if (ch === '\u007f' || ch === '\b') {
          if (line.length > 0) {
            line = line.slice(0, -1);
            if (!hidden) echo('\b \b');
          }
          continue;
        }
        if (ch < ' ') continue;
        line += ch;
        if (!hidden) echo(ch);
      }
    };
    stdin.setRawMode(true);
    stdin.on('data', onData);
    stdin.resume();
  });
}
