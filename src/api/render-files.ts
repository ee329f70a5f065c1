import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, stat, statfs, unlink, utimes, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';

/** `<key>.<bytes>.<sha256 of the bytes, 32 hex>`: what a file must hold is in its name, so a read checks it. */
const NAME = /^([0-9a-f]{32})\.(\d+)\.([0-9a-f]{32})$/;
const TEMP = /\.tmp$/;
/** A temporary file this old is a crashed write's, not one under way in a process sharing the directory. */
const STALE_TEMP_MILLIS = 10 * 60_000;

interface Entry {
  name: string;
  bytes: number;
  digest: string;
}

/** A verified file, ready to be streamed once (the stream closes it) or closed unread. */
export interface RenderFile {
  bytes: number;
  stream(): Readable;
  close(): Promise<void>;
}

export interface RenderFilesOptions {
  /** Where the files go; absent, nothing is kept. */
  dir: string | undefined;
  /** The most the files may take together; least recently used go first past it. */
  maxBytes: number;
  /** Nothing is written while the disk under `dir` would have less than this free. */
  freeBytes: number;
  logger: Logger;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * Rendered files (the big PNGs, the PDFs) on disk by their immutable identity, so a second
 * request for a 40-megapixel PNG is a file read, not 15 seconds of rasterising. Every failure here
 * (a read-only or full disk, a file damaged or removed behind the service's back) is a miss or a
 * write skipped and counted, never an error answer: the cache can only make a request faster.
 */
export class RenderFiles {
  /** By key, least recently used first. */
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  #ready: Promise<boolean> | undefined;
  /** Set when the directory cannot be made or written at all: no more attempts until restart. */
  #readOnly = false;
  #unusable = false;
  hits = 0;
  stored = 0;
  evicted = 0;
  corrupt = 0;
  failed = 0;
  skippedForSpace = 0;

  constructor(readonly options: RenderFilesOptions) {}

  get enabled(): boolean {
    return this.options.dir !== undefined && this.options.maxBytes > 0;
  }

  /** A file's key: everything that decides its bytes (the code that drew it included, so a deploy never serves old drawings). */
  static key(...parts: string[]): string {
    return sha256(parts.join('\0')).slice(0, 32);
  }

  /** The file for `key`, checked against its name's length and digest; undefined (a miss) for anything else. */
  async open(key: string): Promise<RenderFile | undefined> {
    if (!(await this.#scanned())) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const path = join(this.options.dir!, entry.name);
    let handle: FileHandle | undefined;
    try {
      handle = await open(path, 'r');
      const { size } = await handle.stat();
      // The whole file is hashed before a byte is sent: a file cut short or altered on disk
      // (a crash between rename and write-back, a full disk, a hand) is drawn afresh, never served.
      const digest = size === entry.bytes ? await digestOf(handle) : undefined;
      if (digest !== entry.digest) {
        await handle.close();
        this.corrupt++;
        this.options.logger.warn({ file: path, bytes: size, expected: entry.bytes }, 'render cache: damaged file dropped');
        await this.#drop(key, entry);
        return undefined;
      }
    } catch (e) {
      await handle?.close().catch(() => {});
      // Removed behind our back, or unreadable: forget it and draw it again.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.options.logger.warn({ err: e, file: path }, 'render cache: read failed');
      this.#forget(key, entry);
      return undefined;
    }
    this.hits++;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    // The order survives a restart through the files' mtimes (atime is often not kept: relatime, noatime).
    const now = new Date();
    utimes(path, now, now).catch(() => {});
    const opened = handle;
    return {
      bytes: entry.bytes,
      stream: () => opened.createReadStream({ start: 0, autoClose: true }),
      close: () => opened.close(),
    };
  }

  /** Keeps `body` under `key`, written whole under a temporary name and renamed into place, then evicts past the bound. */
  async store(key: string, body: string | Uint8Array): Promise<void> {
    if (!(await this.#scanned()) || this.#readOnly || this.#entries.has(key)) return;
    const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    if (bytes > this.options.maxBytes) return;
    const dir = this.options.dir!;
    const digest = sha256(body).slice(0, 32);
    const entry: Entry = { name: `${key}.${bytes}.${digest}`, bytes, digest };
    const temp = join(dir, `.${key}.${randomUUID()}.tmp`);
    try {
      const { bavail, bsize } = await statfs(dir);
      if (bavail * bsize - bytes < this.options.freeBytes) {
        this.skippedForSpace++;
        return;
      }
      await writeFile(temp, body, { flag: 'wx' });
      await rename(temp, join(dir, entry.name));
    } catch (e) {
      this.failed++;
      await unlink(temp).catch(() => {});
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') this.#readOnly = true;
      this.options.logger.warn(
        { err: e, dir },
        this.#readOnly ? 'render cache: directory not writable, caching off until restart' : 'render cache: write failed',
      );
      return;
    }
    // Another request for the same file may have stored it meanwhile: the same bytes, the same name.
    if (!this.#entries.has(key)) {
      this.#entries.set(key, entry);
      this.#bytes += bytes;
    }
    this.stored++;
    await this.#evict();
  }

  toJSON() {
    return {
      enabled: this.enabled && !this.#readOnly && !this.#unusable,
      files: this.#entries.size,
      bytes: this.#bytes,
      maxBytes: this.options.maxBytes,
      hits: this.hits,
      stored: this.stored,
      evicted: this.evicted,
      corrupt: this.corrupt,
      failed: this.failed,
      skippedForSpace: this.skippedForSpace,
    };
  }

  /** Makes the directory and learns what an earlier run left in it, once; false when there is no cache. */
  #scanned(): Promise<boolean> {
    this.#ready ??= this.enabled ? this.#scan() : Promise.resolve(false);
    return this.#ready;
  }

  async #scan(): Promise<boolean> {
    const dir = this.options.dir!;
    try {
      await mkdir(dir, { recursive: true });
      const found: Array<{ key: string; entry: Entry; mtime: number }> = [];
      for (const name of await readdir(dir)) {
        const path = join(dir, name);
        const info = await stat(path).catch(() => undefined);
        if (!info?.isFile()) continue;
        if (TEMP.test(name)) {
          if (Date.now() - info.mtimeMs > STALE_TEMP_MILLIS) await unlink(path).catch(() => {});
          continue;
        }
        const m = NAME.exec(name);
        if (m) found.push({ key: m[1]!, entry: { name, bytes: Number(m[2]), digest: m[3]! }, mtime: info.mtimeMs });
      }
      for (const { key, entry } of found.sort((a, b) => a.mtime - b.mtime)) {
        const twin = this.#entries.get(key);
        if (twin) await this.#drop(key, twin);
        this.#entries.set(key, entry);
        this.#bytes += entry.bytes;
      }
      await this.#evict();
      this.options.logger.info({ dir, files: this.#entries.size, bytes: this.#bytes }, 'render cache ready');
      return true;
    } catch (e) {
      this.options.logger.warn({ err: e, dir }, 'render cache: directory unusable, caching off');
      this.#unusable = true;
      return false;
    }
  }

  async #evict(): Promise<void> {
    while (this.#bytes > this.options.maxBytes) {
      const [key, entry] = this.#entries.entries().next().value as [string, Entry];
      await this.#drop(key, entry);
      this.evicted++;
    }
  }

  async #drop(key: string, entry: Entry): Promise<void> {
    this.#forget(key, entry);
    await unlink(join(this.options.dir!, entry.name)).catch(() => {});
  }

  #forget(key: string, entry: Entry): void {
    if (this.#entries.get(key) !== entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/** sha256 of a whole open file (32 hex), read from its start. */
async function digestOf(handle: FileHandle): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of handle.createReadStream({ start: 0, autoClose: false })) hash.update(chunk as Buffer);
  return hash.digest('hex').slice(0, 32);
}
