/**
 * Rendered PNGs and PDFs kept on disk by their ETag, over a real listening server: what is drawn
 * and what is read back is told by the server's own counts (/metrics), never by timing.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/server.ts';

type Server = Awaited<ReturnType<typeof testServer>>;
interface Metrics {
  renders: { drawn: number };
  renderCache: {
    enabled: boolean;
    files: number;
    bytes: number;
    hits: number;
    stored: number;
    evicted: number;
    corrupt: number;
    failed: number;
    skippedForSpace: number;
  };
}

const root = mkdtempSync(join(tmpdir(), 'goldmaps-render-cache-'));
const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(root, { recursive: true, force: true });
});

async function serverWith(limits: Parameters<typeof testServer>[0]): Promise<Server> {
  const server = await testServer(limits);
  servers.push(server);
  return server;
}

const metrics = async (server: Server) => (await (await fetch(`${server.url}/metrics`)).json()) as Metrics;

/** The cache writes after the answer has gone: wait (by the server's count, not a clock) until it has. */
async function storedReaches(server: Server, n: number): Promise<Metrics> {
  for (let i = 0; i < 400; i++) {
    const m = await metrics(server);
    if (m.renderCache.stored + m.renderCache.failed + m.renderCache.skippedForSpace >= n) return m;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the cache never stored ${n} files`);
}

const HEADERS = ['content-type', 'content-length', 'etag', 'cache-control', 'content-disposition'] as const;

async function get(server: Server, path: string) {
  const res = await fetch(`${server.url}${path}`);
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, body, headers: Object.fromEntries(HEADERS.map((h) => [h, res.headers.get(h)])) };
}

const SMALL = '/api/v1/games/gold-city/maps/cache-1.png?width=200';
const OTHER = '/api/v1/games/gold-city/maps/cache-2.png?width=200';
const KIT = '/api/v1/games/gold-city/maps/cache-1.pdf?layout=kit';

describe('the render cache', () => {
  let server: Server;
  const dir = join(root, 'big');
  beforeAll(async () => {
    server = await serverWith({ renderCacheDir: dir });
  });

  it('answers a second request for a PNG or a PDF from disk, with the same bytes and headers, without drawing it', async () => {
    for (const [i, path] of [SMALL, KIT].entries()) {
      const first = await get(server, path);
      expect(first.status).toBe(200);
      expect((await metrics(server)).renders.drawn).toBe(i + 1);
      await storedReaches(server, i + 1);
      const second = await get(server, path);
      expect(second.status).toBe(200);
      expect(second.headers).toEqual(first.headers);
      expect(second.body.equals(first.body)).toBe(true);
      const after = await metrics(server);
      expect(after.renders.drawn).toBe(i + 1);
      expect(after.renderCache.hits).toBe(i + 1);
    }
    expect(readdirSync(dir).filter((f) => !f.startsWith('.'))).toHaveLength(2);
    // A conditional request is still answered by the ETag, and a HEAD from the file's length.
    const png = await get(server, SMALL);
    expect((await fetch(`${server.url}${SMALL}`, { headers: { 'If-None-Match': png.headers.etag! } })).status).toBe(304);
    const head = await fetch(`${server.url}${SMALL}`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(png.body.length)]);
    expect((await metrics(server)).renders.drawn).toBe(2);
  });

  it('draws again, and keeps again, a file damaged on disk (bytes altered, or cut short) or removed', async () => {
    const original = await get(server, OTHER);
    await storedReaches(server, 3);
    const stored = () => {
      const files = readdirSync(dir).filter((f) => f.split('.')[1] === String(original.body.length));
      expect(files).toHaveLength(1);
      return join(dir, files[0]!);
    };
    const damages: Array<(file: string) => void> = [
      (file) => {
        const bytes = readFileSync(file);
        const at = bytes.length >> 1;
        bytes[at] = bytes[at]! ^ 0xff;
        writeFileSync(file, bytes);
      },
      (file) => truncateSync(file, 100),
      (file) => rmSync(file),
    ];
    for (const [i, damage] of damages.entries()) {
      const before = await metrics(server);
      damage(stored());
      const again = await get(server, OTHER);
      expect(again.status).toBe(200);
      expect(again.body.equals(original.body)).toBe(true);
      const after = await storedReaches(server, before.renderCache.stored + 1);
      expect(after.renders.drawn).toBe(before.renders.drawn + 1);
      expect(after.renderCache.corrupt).toBe(before.renderCache.corrupt + (i < 2 ? 1 : 0));
      expect(readFileSync(stored()).equals(original.body)).toBe(true);
    }
  });
});

describe('the render cache within its bound', () => {
  it('evicts the least recently used file past its bytes', async () => {
    // The sizes of the two PNGs, from a server that keeps none.
    const plain = await serverWith({});
    const [a, b] = [(await get(plain, SMALL)).body.length, (await get(plain, OTHER)).body.length];
    expect((await metrics(plain)).renderCache.enabled).toBe(false);
    // Room for either but not both.
    const dir = join(root, 'tiny');
    const server = await serverWith({ renderCacheDir: dir, renderCacheBytes: Math.max(a, b) + 1 });
    await get(server, SMALL);
    await storedReaches(server, 1);
    await get(server, OTHER);
    let m = await storedReaches(server, 2);
    expect(m.renderCache).toMatchObject({ files: 1, bytes: b, evicted: 1 });
    expect(readdirSync(dir)).toHaveLength(1);
    await get(server, OTHER);
    await get(server, SMALL);
    m = await storedReaches(server, 3);
    expect(m.renders.drawn).toBe(3);
    expect(m.renderCache).toMatchObject({ hits: 1, files: 1, bytes: a, evicted: 2 });
  });

  it('takes up where an earlier process left off, by the files it finds', async () => {
    const dir = join(root, 'restart');
    const first = await serverWith({ renderCacheDir: dir });
    const drawn = await get(first, SMALL);
    await storedReaches(first, 1);
    // What a crash mid-write leaves: a temporary file, never taken for a rendered one, and removed once old.
    const crashed = join(dir, `.${'0'.repeat(32)}.crashed.tmp`);
    writeFileSync(crashed, drawn.body.subarray(0, 100));
    utimesSync(crashed, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    const second = await serverWith({ renderCacheDir: dir });
    const read = await get(second, SMALL);
    expect(read.body.equals(drawn.body)).toBe(true);
    const m = await metrics(second);
    expect(m.renders.drawn).toBe(0);
    expect(m.renderCache).toMatchObject({ files: 1, hits: 1 });
    expect(readdirSync(dir)).toHaveLength(1);
  });
});

describe('the render cache when the disk cannot take it', () => {
  it('serves every request, drawing each, from a directory it cannot make', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'not a directory');
    const server = await serverWith({ renderCacheDir: join(file, 'renders') });
    const first = await get(server, SMALL);
    const second = await get(server, SMALL);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.equals(first.body)).toBe(true);
    const m = await metrics(server);
    expect(m.renders.drawn).toBe(2);
    expect(m.renderCache).toMatchObject({ enabled: false, files: 0, hits: 0 });
  });

  it('writes nothing while the disk would be left with less than its free reserve, and still serves', async () => {
    const dir = join(root, 'full');
    const server = await serverWith({ renderCacheDir: dir, renderCacheFreeBytes: Number.MAX_SAFE_INTEGER });
    expect((await get(server, SMALL)).status).toBe(200);
    const m = await storedReaches(server, 1);
    expect(m.renderCache).toMatchObject({ skippedForSpace: 1, stored: 0, files: 0 });
    expect((await get(server, SMALL)).status).toBe(200);
    expect((await metrics(server)).renders.drawn).toBe(2);
    expect(readdirSync(dir)).toEqual([]);
  });
});
