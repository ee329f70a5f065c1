/// <reference lib="dom" />
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium } from '../support/chromium.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from '../../src/api/server.ts';
import type { PlayStore } from '../../src/store/store.ts';
import { buildScoredMap } from '../../src/core/maps.ts';
import type { PlayReport } from '../../src/core/plays.ts';
import { findGame } from '../../src/games/index.ts';
import { recordPlay, type PlayedMap } from '../../src/plays/service.ts';
import { freshPlace, type StorePlace } from '../support/stores.ts';

/** vitest's timeout for these files: only a guard against a hang, never a judge of speed. */
const HANG = 600_000;

/**
 * A browser context whose waits last until the state they wait for: Playwright's default of 30 s
 * for every click and wait would race a loaded machine's real work (a map built, a report
 * stored), so it is off, and vitest's timeout is left to catch a hang.
 */
async function newContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(0);
  context.setDefaultNavigationTimeout(0);
  return context;
}

describe.skipIf(!chromiumAvailable)('play reports on the web page, in a real Chromium', { timeout: HANG }, () => {
  let place: StorePlace;
  let store: PlayStore;
  let server: Running;
  let url: string;
  let browser: Browser;
  let key: string;

  beforeAll(async () => {
    place = await freshPlace('pglite');
    store = await place.open();
    // A club's key: both of its reports of the day's map reach the leaderboard (docs/plays.md).
    key = await store.createKey('browser club', { club: true });
    server = await startServer({ port: 0, host: '127.0.0.1', logger: pino({ level: 'silent' }), store });
    url = `http://127.0.0.1:${server.port}`;
    browser = await launchChromium();
  }, HANG);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await store?.close();
    await place?.drop();
  }, HANG);

  async function open(context: Awaited<ReturnType<Browser['newContext']>>, path = '/'): Promise<Page> {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${url}${path}`);
    await page.waitForSelector('body[data-ready=true]');
    expect(errors).toEqual([]);
    return page;
  }

  it("shows today's map with its plays, takes a report with the key asked once, and lists it on the leaderboard", async () => {
    const context = await newContext(browser, { viewport: { width: 1366, height: 900 } });
    const page = await open(context);
    await page.click('#today');
    await page.waitForFunction(() => /Today's map/.test(document.querySelector('#status')?.textContent ?? ''));
    const date = new Date().toISOString().slice(0, 10);
    expect(await page.textContent('#status')).toContain(`seed daily-${date}`);
    await page.waitForFunction(() => /Not played yet/.test(document.querySelector('#plays-headline')?.textContent ?? ''));
    const bots = (await (await fetch(`${url}/api/v1/games/gold-city/maps/daily-${date}`)).json()) as { score: { band: string } };
    expect(await page.textContent('#plays-headline')).toContain(`(bots: ${bots.score.band})`);

    await page.click('#report summary');
    expect(await page.isVisible('#report-key')).toBe(true);
    // Where a key comes from is said beside its field.
    expect(await page.textContent('#report-key-hint')).toMatch(/goldmaps keys create/);
    // The map's bounds are shown before anything is sent: the floor on rounds beside the field, every bound with why above Send.
    const bounds = (await (await fetch(`${url}/api/v1/games/gold-city/maps/daily-${date}/plays/bounds`)).json()) as {
      rounds: { minimum: number };
    };
    await page.waitForFunction(() => (document.querySelector('#report-rounds-bound')?.textContent ?? '') !== '');
    expect(await page.textContent('#report-rounds-bound')).toBe(`at least ${bounds.rounds.minimum}`);
    expect(await page.getAttribute('#report-rounds', 'min')).toBe(String(bounds.rounds.minimum));
    const listed = await page.locator('#report-bounds li').allTextContents();
    expect(listed[0]).toMatch(new RegExp(`^Rounds at least ${bounds.rounds.minimum}: no race of the bots`));
    expect(listed.some((t) => /^Played on from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d/.test(t))).toBe(true);
    expect(listed.some((t) => /^Rule .*winner/i.test(t))).toBe(true);
    await page.fill('#report-key', key);
    await page.fill('#report-rounds', '26');
    await page.fill('#report-winners', '1');
    await page.selectOption('#report-perceived', '4');
    await page.fill('#seat-1-handle', 'Ann');
    await page.fill('#seat-1-finishedRound', '26');
    await page.fill('#seat-2-handle', 'Bo');
    await page.fill('#seat-2-finishedRound', '27');
    await page.click('#report-send');
    // The finishing round of seat 2 is past the game's end: the service's 422 in words beside that
    // field (not under Send), the status saying only that a field needs a look; nothing stored.
    await page.waitForFunction(() => /must be at most/.test(document.querySelector('#seat-2-finishedRound-error')?.textContent ?? ''));
    expect(await page.evaluate(() => document.querySelector('#seat-2-finishedRound-error')?.previousElementSibling?.id)).toBe(
      'seat-2-finishedRound',
    );
    expect(await page.getAttribute('#seat-2-finishedRound', 'aria-invalid')).toBe('true');
    expect(await page.textContent('#report-status')).toMatch(/^Not recorded: one field needs a look/);
    expect(await page.locator('.buttons .field-error').count()).toBe(0);
    await page.screenshot({ path: 'test-results/plays-field-error.png', fullPage: true });
    await page.fill('#seat-2-finishedRound', '26');
    await page.click('#report-send');
    await page.waitForFunction(() => /recorded/.test(document.querySelector('#report-status')?.textContent ?? ''));
    await page.waitForFunction(() =>
      /Played once, as played: \w+ \(bots: \w+\)/.test(document.querySelector('#plays-headline')?.textContent ?? ''),
    );
    expect(await page.locator('#leaderboard li').allTextContents()).toEqual(['Ann 26 rounds', 'Bo 26 rounds']);
    // A report taken clears what was shown beside the fields.
    expect(await page.locator('#report-form .field-error').count()).toBe(0);
    expect(await page.isVisible('#report-key')).toBe(false);
    await page.screenshot({ path: 'test-results/plays-desktop.png', fullPage: true });

    // The key stays in this browser: a second report needs none typed, and a wrong one says which field.
    await page.fill('#report-rounds', '1');
    await page.click('#report-send');
    await page.waitForFunction(() => /^must be at least \d+: /.test(document.querySelector('#report-rounds-error')?.textContent ?? ''));
    await page.fill('#report-rounds', '24');
    await page.fill('#seat-1-finishedRound', '23');
    await page.fill('#seat-2-finishedRound', '24');
    await page.fill('#seat-1-handle', '<img src=x onerror=alert(1)>');
    await page.click('#report-send');
    await page.waitForFunction(() => /^must be/.test(document.querySelector('#seat-1-handle-error')?.textContent ?? ''));
    // A winner who finished after another seat: said beside the winners' field.
    await page.fill('#seat-1-handle', 'Cy');
    await page.fill('#seat-1-finishedRound', '24');
    await page.fill('#seat-2-finishedRound', '20');
    await page.click('#report-send');
    await page.waitForFunction(() => /a winner finished first/.test(document.querySelector('#report-winners-error')?.textContent ?? ''));
    expect(await page.locator('#report-form .field-error').count()).toBe(1);
    await page.fill('#seat-1-finishedRound', '23');
    await page.fill('#seat-2-finishedRound', '24');
    await page.fill('#seat-1-handle', 'Cy');
    await page.click('#report-send');
    await page.waitForFunction(() => /Played 2 times/.test(document.querySelector('#plays-headline')?.textContent ?? ''));
    expect((await page.locator('#leaderboard li').allTextContents()).map((t) => t.split(' ')[0])).toEqual(['Cy', 'Bo', 'Ann', 'Bo']);
    const summary = (await (await fetch(`${url}/api/v1/games/gold-city/maps/daily-${date}/plays`)).json()) as {
      reports: number;
      perceived: { mean: number };
    };
    expect(summary.reports).toBe(2);
    expect(summary.perceived.mean).toBe(4);
    await context.close();
  });

  it("takes the last map's plays away while the next map's load, and drops an answer for a map no longer on show", async () => {
    const context = await newContext(browser, { viewport: { width: 1366, height: 900 } });
    const page = await open(context, '/?game=gold-city&seed=plays-race-1');
    await page.waitForFunction(() => /Not played yet/.test(document.querySelector('#plays-headline')?.textContent ?? ''));
    // The next map's plays answer slowly, as on a loaded server.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/maps/plays-race-2/plays*', async (route) => {
      await held;
      await route.continue();
    });
    await page.fill('#seed', 'plays-race-2');
    await page.click('#generate');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.includes('plays-race-2'));
    expect(await page.textContent('#plays-headline')).toBe('Loading the play reports…');
    release();
    const bots = (await (await fetch(`${url}/api/v1/games/gold-city/maps/plays-race-2`)).json()) as { score: { band: string } };
    await page.waitForFunction(() => /Not played yet/.test(document.querySelector('#plays-headline')?.textContent ?? ''));
    expect(await page.textContent('#plays-headline')).toContain(`(bots: ${bots.score.band})`);
    await context.close();
  });

  it('fits a phone screen', async () => {
    const context = await newContext(browser, { viewport: { width: 375, height: 800 } });
    const page = await open(context, `/?game=gold-city&seed=daily-${new Date().toISOString().slice(0, 10)}`);
    await page.waitForFunction(() => /Played/.test(document.querySelector('#plays-headline')?.textContent ?? ''));
    await page.click('#report summary');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.locator('#plays').screenshot({ path: 'test-results/plays-phone.png' });
    await context.close();
  });
});

/**
 * Handles as they might sit in a store: the schema refuses markup and direction overrides now,
 * but rows written before it did, or by hand, must still be shown as the text they are.
 */
const HOSTILE_HANDLES = [
  '<img src=x onerror="window.__pwned=1">',
  '</script><script>window.__pwned=2</script>',
  '"><svg onload=window.__pwned=3>',
  '\u202eevil\u202c',
  'a\u200bb\u200dc',
  '&lt;b&gt;not bold&lt;/b&gt;',
  '﷽'.repeat(40),
  'W'.repeat(40),
];

describe.skipIf(!chromiumAvailable)('hostile handles on the web page, in a real Chromium', { timeout: HANG }, () => {
  let place: StorePlace;
  let store: PlayStore;
  let server: Running;
  let browser: Browser;
  const seed = 'hostile-handles';

  beforeAll(async () => {
    place = await freshPlace('pglite');
    store = await place.open();
    const game = findGame('gold-city')!;
    const map = buildScoredMap(game, seed, {}) as PlayedMap;
    const players = game.plays!.players(map);
    const rounds = 40;
    // Stored past the schema (straight through recordPlay), as an old or hand-made row would be.
    for (let i = 0; i < HOSTILE_HANDLES.length; i += players) {
      const seats = HOSTILE_HANDLES.slice(i, i + players).map((handle, j) => ({ seat: j + 1, handle, finishedRound: rounds }));
      const report = { reportId: `hostile-${i}`, players, rounds, winners: [1], seats } as PlayReport;
      await recordPlay(store, game, map, { ok: true, report, bodyDigest: `sha256:${i}` });
    }
    server = await startServer({ port: 0, host: '127.0.0.1', logger: pino({ level: 'silent' }), store });
    browser = await launchChromium();
  }, HANG);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await store?.close();
    await place?.drop();
  }, HANG);

  it('shows each handle as its own text, runs none of it, and keeps the page within a phone screen', async () => {
    const context = await newContext(browser, { viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${server.port}/?game=gold-city&seed=${seed}`);
    await page.waitForFunction((n) => document.querySelectorAll('#leaderboard li').length === n, HOSTILE_HANDLES.length);
    const shown = await page.locator('#leaderboard .who').allTextContents();
    expect([...shown].sort()).toEqual([...HOSTILE_HANDLES].sort());
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('#plays img, #plays svg, #plays script, #plays b').count()).toBe(0);
    expect(await page.locator('#leaderboard bdi').count()).toBe(HOSTILE_HANDLES.length);
    // The override stays inside its handle: the result after it still reads left to right.
    const rtl = page.locator('#leaderboard li', { hasText: 'evil' });
    expect(await rtl.locator('.what').textContent()).toBe('40 rounds');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await page.locator('#plays').screenshot({ path: 'test-results/plays-hostile-handles.png' });
    await context.close();
  });
});

describe.skipIf(!chromiumAvailable)('a game client on another origin, in a real Chromium', { timeout: HANG }, () => {
  let place: StorePlace;
  let store: PlayStore;
  let server: Running;
  let browser: Browser;
  let key: string;

  beforeAll(async () => {
    place = await freshPlace('pglite');
    store = await place.open();
    key = await store.createKey('game client');
    server = await startServer({ port: 0, host: '127.0.0.1', logger: pino({ level: 'silent' }), store });
    browser = await launchChromium();
  }, HANG);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await store?.close();
    await place?.drop();
  }, HANG);

  it('reads maps and summaries, and writes and deletes with its key through the preflight', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // The game's own page, on an origin of its own: another port is another origin.
    const game = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>game</title>'),
    ).listen(0, '127.0.0.1');
    await once(game, 'listening');
    await page.goto(`http://127.0.0.1:${(game.address() as AddressInfo).port}/`);
    const api = `http://127.0.0.1:${server.port}/api/v1/games/gold-city/maps/42`;
    const out = await page.evaluate(
      async ({ api, key }) => {
        const map = await fetch(api);
        const body = JSON.stringify({
          reportId: 'xo-1',
          players: 4,
          rounds: 24,
          winners: [1],
          seats: [{ seat: 1, handle: 'Xo', finishedRound: 24 }],
        });
        const post = await fetch(`${api}/plays`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body,
        });
        const summary = await fetch(`${api}/plays`);
        const reports = ((await summary.json()) as { reports: number }).reports;
        const del = await fetch(`${api}/plays/xo-1`, { method: 'DELETE', headers: { authorization: `Bearer ${key}` } });
        const anonymous = await fetch(`${api}/plays`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          credentials: 'include',
        }).then(
          (r) => r.status,
          (e: Error) => e.message,
        );
        return {
          map: map.status,
          etag: map.headers.get('etag'),
          post: post.status,
          location: post.headers.get('location'),
          reports,
          del: del.status,
          anonymous,
        };
      },
      { api, key },
    );
    expect(out).toEqual({
      map: 200,
      etag: expect.stringMatching(/^"sha256:/),
      post: 201,
      location: '/api/v1/games/gold-city/maps/42/plays/xo-1',
      reports: 1,
      del: 204,
      anonymous: expect.anything(),
    });
    // With credentials asked for, a browser refuses to hand a `*` answer to the page at all.
    expect(out.anonymous).not.toBe(201);
    await context.close();
    game.close();
  });
});
