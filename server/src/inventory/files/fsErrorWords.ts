// A file system error in words for the user (`cannot read x: permission denied`), shared by every reader of
// user-named files (the CLI's inputs, the pods-file reader) so that they say the same thing.
const WORDS: Record<string, string> = {
  ELOOP: 'too many levels of symbolic links',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'no such file or folder',
  EISDIR: 'is a folder',
};

/** The words for an errno code, else the code, else the message. */
export function fsErrorWords(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  return (err.code && WORDS[err.code]) || err.code || err.message;
}
