/**
 * Go's `*fs.PathError` texts for Node's file errors: `open /x.json: no such file or directory`,
 * `read /etc: is a directory`, as Go programs (the SDK, CometBFT) word a failed file operation.
 */
const GO_ERRNO_TEXT: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  ENOTDIR: 'not a directory',
  EISDIR: 'is a directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EEXIST: 'file exists',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  ENAMETOOLONG: 'file name too long',
  ELOOP: 'too many levels of symbolic links',
};

/** `op path: reason` for a Node file error (its own message for an errno Go's table here lacks); the errno stays on it. */
export function goPathError(op: string, path: string, e: unknown): Error {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  return Object.assign(new Error(`${op} ${path}: ${GO_ERRNO_TEXT[code] ?? (e as Error).message}`), { code });
}
