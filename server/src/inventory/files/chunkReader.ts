// A pods file opened for reading in chunks: only a regular file (a FIFO, a device like /dev/zero or a folder is
// refused before a byte is read), under a size cap far above the whole-text readers' one, since the item-by-item
// readers keep the reduced pods, not the file. Two buffers are reused, so reading costs no allocation per chunk.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { fsErrorWords } from './fsErrorWords';

/**
 * The largest pods file read: 8 GiB. `kubectl get pods -A -o json` of 450,000 pods (the scale) is about
 * 4.5 GB; memory grows with the pods kept (podModel.ts), about 1.5 KiB each, not with the file.
 */
export const MAX_PODS_FILE_BYTES = 8 * 1024 * 1024 * 1024;

// 4 MiB: the two buffers stay small enough to be read back from the cache (16 MiB read no faster and held more).
const CHUNK = 4 * 1024 * 1024;
/** The size of each of the two buffers: a window is a chunk plus the unconsumed rest of the one before. */
export const CHUNK_BUFFER_BYTES = 2 * CHUNK;

/** Why a pods file cannot be read, in words for the user (no throw). */
export class PodsFileError extends Error {}

/** Reads a file chunk by chunk; `window` holds the unconsumed bytes followed by the new ones. */
export class ChunkReader {
  window: Buffer = Buffer.alloc(0);
  eof = false;
  readonly size: number;
  /** Whether only a part of the file is read (it ends before the end of the file). */
  readonly partial: boolean;
  private readonly fd: number;
  private closed = false;
  private readonly bufs: Buffer[] = [Buffer.allocUnsafe(0), Buffer.allocUnsafe(0)];
  private flip = 0;
  private pos: number;
  private readonly end: number;

  /** Opens `path` (bytes `[start, end)` of it when given); throws PodsFileError when it is not a readable file. */
  constructor(path: string, maxBytes = MAX_PODS_FILE_BYTES, start = 0, end?: number) {
    try {
      // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below as not a regular file.
      this.fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    } catch (e) {
      throw new PodsFileError(`cannot read ${path}: ${fsErrorWords(e)}`);
    }
    const st = fstatSync(this.fd);
    const fail = (m: string) => {
      this.close();
      return new PodsFileError(m);
    };
    if (st.isDirectory()) throw fail(`cannot read ${path}: is a folder`);
    if (!st.isFile()) throw fail(`${path} is not a regular file (a device, FIFO or socket); not read`);
    if (st.size > maxBytes) throw fail(`${path} is ${st.size} bytes, over the ${maxBytes}-byte limit for a pods file`);
    this.size = st.size;
    this.pos = start;
    this.end = Math.min(end ?? st.size, st.size);
    this.partial = this.end < st.size;
  }

  /** Appends the next chunk, keeping the bytes from `keepFrom` on. False at the end of the file (or range). */
  more(keepFrom: number): boolean {
    if (this.eof) return false;
    const rest = this.window.length - keepFrom;
    const want = Math.min(CHUNK, this.end - this.pos);
    if (want <= 0) {
      this.eof = true;
      return false;
    }
    // The kept bytes move to the front of the other buffer and the chunk is read after them.
    this.flip ^= 1;
    let buf = this.bufs[this.flip]!;
    if (buf.length < rest + want) buf = this.bufs[this.flip] = Buffer.allocUnsafe(Math.max(rest + want, 2 * CHUNK));
    if (rest > 0) this.window.copy(buf, 0, keepFrom);
    let n = 0;
    while (n < want) {
      const got = readSync(this.fd, buf, rest + n, want - n, this.pos + n);
      if (got === 0) break;
      n += got;
    }
    this.pos += n;
    if (n === 0) {
      this.eof = true;
      return false;
    }
    this.window = buf.subarray(0, rest + n);
    return true;
  }

  /**
   * From the next chunk on, reads into these two buffers of CHUNK_BUFFER_BYTES (the WebAssembly scanner's memory,
   * so that it reads the window where it lies); a window that outgrows one gets a buffer of its own, as does a
   * buffer that was detached (its length is then 0).
   */
  readInto(a: Buffer, b: Buffer): void {
    this.bufs[this.flip ^ 1] = a;
    this.bufs[this.flip] = b;
  }

  close(): void {
    if (!this.closed) closeSync(this.fd);
    this.closed = true;
  }
}
