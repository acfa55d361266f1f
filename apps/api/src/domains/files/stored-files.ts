import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaFiles } from '../../db/schema';
import { HASHED_UPLOAD } from './uploads.service';

/**
 * The files of media_files as the routes serve them, never the whole blob read out of the database,
 * base64 and all, on every anonymous request:
 * - the bytes of recently served files stay in memory, in a cache bounded by its total size and
 *   keyed by their SHA-256 (stored files never change: nothing to invalidate), so a file asked for
 *   again costs no query at all;
 * - requests that find it missing at the same time share one read;
 * - a read goes by slices of CHUNK_BYTES, one short query each, so that other requests' queries
 *   pass between them (PGlite runs one query at a time);
 * - at most LARGE_READS_AT_ONCE files over LARGE_FILE_BYTES are read from the database at once by
 *   this instance; the others wait their turn.
 * A file larger than the whole cache (or any file, with the cache off) is streamed slice by slice,
 * never held whole. A large body is written to its socket SEND_SLICE_BYTES per turn of the event
 * loop: 50 downloads of 20 MB written whole filled their sockets' kernel buffers in one turn
 * (tens of MB copied), and every other request waited for it.
 */

/**
 * Size of one slice read from the database. Small slices are both fairer and faster on PGlite: a
 * 20 MB file read by 1 MB took 330 ms in all and held the database up to 113 ms at a time (another
 * request's query waits that long); by 64 KB, 165 ms in all and 6 ms at most.
 */
export const CHUNK_BYTES = 64 * 1024;
/** Past this size a file is large: its reads are capped here, and its downloads by LARGE_FILE_RATE_LIMIT. */
export const LARGE_FILE_BYTES = 1024 * 1024;
/** Large files read from the database at the same time by one instance. */
export const LARGE_READS_AT_ONCE = 2;
/** What a large body's stream hands its socket per turn of the event loop. */
export const SEND_SLICE_BYTES = 128 * 1024;
/** Metadata kept for hashed names (their row can never change), at most this many. */
const MAX_KNOWN_PATHS = 10_000;

export interface StoredFile {
  path: string;
  mime: string;
  size: number;
  sha256: string;
}

/** Byte buffers by key, least recently used first out, bounded by their total length. */
export class ByteLru {
  private readonly entries = new Map<string, Buffer>();
  private total = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const value = this.entries.get(key);
    if (value) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Keeps `value` unless it alone is larger than the whole cache; older entries go to make room. */
  set(key: string, value: Buffer): void {
    if (value.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.total -= old.length;
    }
    for (const [oldest, buffer] of this.entries) {
      if (this.total + value.length <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= buffer.length;
    }
    this.entries.set(key, value);
    this.total += value.length;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.total };
  }
}

/** A counting semaphore: `run` waits while `permits` tasks are running. */
class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly permits: number) {}

  async acquire(): Promise<void> {
    if (this.running < this.permits) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    // The turn passes straight to the next one: `running` stays as it is.
    if (next) next();
    else this.running--;
  }

  get inUse(): number {
    return this.running;
  }
}

/** The slices of the file at `rel`, in order, each read by a query of its own. */
export async function* storedChunks(db: Db, rel: string, size: number): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < size; offset += CHUNK_BYTES) {
    // The bytes travel as base64 text: PGlite turns a bytea into hex and back one byte at a time
    // in JavaScript (20 MB took 2.5 s to read), Node decodes base64 natively (skipping the line
    // breaks PostgreSQL puts in it).
    const [row] = await db
      .select({
        chunk: sql<string>`encode(substring(${mediaFiles.body} from ${offset + 1}::int for ${CHUNK_BYTES}::int), 'base64')`,
      })
      .from(mediaFiles)
      .where(eq(mediaFiles.path, rel));
    if (!row) throw new Error(`media_files row ${rel} vanished while it was read`);
    yield Buffer.from(row.chunk, 'base64');
  }
}

/** The stored file at `rel` (no bytes), or null. */
async function storedFile(db: Db, rel: string): Promise<StoredFile | null> {
  const [row] = await db
    .select({ mime: mediaFiles.mime, size: mediaFiles.size, sha256: mediaFiles.sha256 })
    .from(mediaFiles)
    .where(eq(mediaFiles.path, rel));
  return row ? { path: rel, ...row } : null;
}

/** All the bytes of `file`, slice by slice; a short read is an error, never a short download. */
async function wholeBody(db: Db, file: StoredFile): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of storedChunks(db, file.path, file.size)) parts.push(chunk);
  const body = Buffer.concat(parts);
  if (body.length !== file.size) {
    throw new Error(`media_files row ${file.path}: ${body.length} bytes read, ${file.size} expected`);
  }
  return body;
}

/** The stored file at `rel` with all its bytes, read slice by slice and never kept; or null. */
export async function readStoredFile(db: Db, rel: string): Promise<(StoredFile & { body: Buffer }) | null> {
  const file = await storedFile(db, rel);
  return file && { ...file, body: await wholeBody(db, file) };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `parts` cut into slices of SEND_SLICE_BYTES, one per turn of the event loop. */
async function* sliced(parts: Iterable<Buffer> | AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  for await (const part of parts) {
    for (let offset = 0; offset < part.length; offset += SEND_SLICE_BYTES) {
      await nextTurn();
      yield part.subarray(offset, offset + SEND_SLICE_BYTES);
    }
  }
}

/** A stream of `parts` that holds at most one slice ahead of its socket. */
const pacedStream = (parts: Iterable<Buffer> | AsyncIterable<Buffer>) =>
  Readable.from(sliced(parts), { objectMode: false, highWaterMark: SEND_SLICE_BYTES });

export interface StoredFiles {
  /** The file at `rel` (no bytes), or null. */
  find(rel: string): Promise<StoredFile | null>;
  /**
   * Its bytes: from memory, or read once (and kept) for every request waiting, or streamed. A
   * small file's bytes come whole; a large one's as a stream paced slice by slice (whole in memory
   * or read from the database as it goes).
   */
  body(file: StoredFile): Promise<Buffer | Readable>;
  /** What the cache holds and what was read, for tests and logs. */
  stats(): {
    entries: number;
    bytes: number;
    maxBytes: number;
    reads: number;
    largeReadsInFlight: number;
    mostLargeReadsAtOnce: number;
  };
}

export function createStoredFiles(
  db: Db,
  options: { cacheBytes: number; onRead?: (read: { path: string; bytes: number; ms: number }) => void },
): StoredFiles {
  const bodies = new ByteLru(options.cacheBytes);
  const known = new Map<string, StoredFile>();
  const pending = new Map<string, Promise<Buffer>>();
  const largeReads = new Turns(LARGE_READS_AT_ONCE);
  let reads = 0;
  let mostLargeReadsAtOnce = 0;

  /** Waits for a large-read turn when the file is large; answers what gives the turn back. */
  async function turnFor(file: StoredFile): Promise<() => void> {
    if (file.size <= LARGE_FILE_BYTES) return () => undefined;
    await largeReads.acquire();
    mostLargeReadsAtOnce = Math.max(mostLargeReadsAtOnce, largeReads.inUse);
    return () => largeReads.release();
  }

  async function readWhole(file: StoredFile): Promise<Buffer> {
    const done = await turnFor(file);
    try {
      const started = performance.now();
      reads++;
      const body = await wholeBody(db, file);
      bodies.set(file.sha256, body);
      options.onRead?.({ path: file.path, bytes: body.length, ms: performance.now() - started });
      return body;
    } finally {
      done();
    }
  }

  /** Slice by slice, within a large-read turn from the first slice to the last (or the client's leaving). */
  function stream(file: StoredFile): Readable {
    async function* slices(): AsyncGenerator<Buffer> {
      const done = await turnFor(file);
      reads++;
      try {
        yield* storedChunks(db, file.path, file.size);
      } finally {
        done();
      }
    }
    return pacedStream(slices());
  }

  /** Whole bytes to send: a large file's paced. */
  const send = (file: StoredFile, bytes: Buffer) => (file.size > LARGE_FILE_BYTES ? pacedStream([bytes]) : bytes);

  return {
    async find(rel) {
      const remembered = known.get(rel);
      if (remembered) return remembered;
      const file = await storedFile(db, rel);
      if (!file) return null;
      // A hashed name is its bytes: its row never changes. A miss is never kept (the file may come).
      if (HASHED_UPLOAD.test(rel) && known.size < MAX_KNOWN_PATHS) known.set(rel, file);
      return file;
    },

    async body(file) {
      const kept = bodies.get(file.sha256);
      if (kept) return send(file, kept);
      if (file.size > bodies.maxBytes) return stream(file);
      let read = pending.get(file.sha256);
      if (!read) {
        read = readWhole(file).finally(() => pending.delete(file.sha256));
        pending.set(file.sha256, read);
      }
      return send(file, await read);
    },

    stats: () => ({
      ...bodies.size,
      maxBytes: bodies.maxBytes,
      reads,
      largeReadsInFlight: largeReads.inUse,
      mostLargeReadsAtOnce,
    }),
  };
}
