/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable } from '../support/chromium.ts';
import { browserSession } from '../support/browser-session.ts';

/**
 * A download that takes more than a second shows progress on its link, then saves under the
 * service's file name. The service's answer is held back 2.5 s in the browser (the real bytes,
 * fetched from a real server), so the slow case is slow on any machine and the test stays short.
 */
describe.skipIf(!chromiumAvailable)('downloads on the page', () => {
  const session = browserSession();

  async function open(): Promise<Page> {
    const page = await session.browser.newPage({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${session.server.url}/?game=gold-city&seed=42`);
    await page.waitForSelector('body[data-ready=true]');
    expect(errors).toEqual([]);
    // A small picture: the wait is the held answer's, not the drawing's.
    await page.$eval(
      '#download-links a[data-format=png]',
      (a) => ((a as HTMLAnchorElement).href = (a as HTMLAnchorElement).href.replace(/dpi=\d+/, 'width=400')),
    );
    return page;
  }

  it('a slow PNG shows a progress bar and "rendering…" past a second, then saves the file', async () => {
    const page = await open();
    await page.route(/\/maps\/42\.png\?/, async (route) => {
      const response = await route.fetch();
      await new Promise((done) => setTimeout(done, 2500));
      await route.fulfill({ response });
    });
    const saved = page.waitForEvent('download', { timeout: 60_000 });
    const clicked = Date.now();
    await page.click('#download-links a[data-format=png]');
    await page.waitForSelector('#download-links progress', { timeout: 20_000 });
    // Not before the second is up: a quick download would only flicker.
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(900);
    expect(await page.textContent('#download-links .download-status')).toMatch(/^rendering… \d+ s$/);
    expect(await page.getAttribute('#download-links a[data-format=png]', 'aria-busy')).toBe('true');
    await page.screenshot({ path: 'test-results/downloads-progress.png', clip: { x: 360, y: 380, width: 1000, height: 140 } });
    const download = await saved;
    expect(download.suggestedFilename()).toBe('gold-city-42-400px.png');
    expect(
      readFileSync(await download.path())
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');
    await page.waitForSelector('#download-links progress', { state: 'detached' });
    expect(await page.textContent('#download-links .download-status')).toBe('saved gold-city-42-400px.png');
    expect(await page.getAttribute('#download-links a[data-format=png]', 'aria-busy')).toBeNull();
    await page.screenshot({ path: 'test-results/downloads-saved.png' });
    await page.close();
  }, 90_000);

  it('a quick download saves without a progress bar, and a refused one says why on its link', async () => {
    const page = await open();
    const saved = page.waitForEvent('download', { timeout: 30_000 });
    await page.click('#download-links a[data-format=json]');
    expect((await saved).suggestedFilename()).toBe('gold-city-42.json');
    expect(await page.$('#download-links progress')).toBeNull();
    await page.$eval('#download-links a[data-format=svg]', (a) => ((a as HTMLAnchorElement).href += '?theme=neon'));
    await page.click('#download-links a[data-format=svg]');
    await page.waitForSelector('#download-links .download-status.failed');
    expect(await page.textContent('#download-links .download-status.failed')).toMatch(/^could not download: .*theme/);
    await page.close();
  }, 60_000);

  it('offers the Tabletop Simulator pieces with pictures at this service, as the page reaches it', async () => {
    const page = await open();
    const saved = page.waitForEvent('download', { timeout: 30_000 });
    await page.click('#download-links a[data-format=tts]');
    const download = await saved;
    expect(download.suggestedFilename()).toBe('gold-city-42.tts.json');
    const doc = JSON.parse(readFileSync(await download.path(), 'utf8')) as { ObjectStates: Array<{ CustomImage: { ImageURL: string } }> };
    expect(doc.ObjectStates.length).toBeGreaterThan(5);
    for (const o of doc.ObjectStates)
      expect(o.CustomImage.ImageURL.startsWith(`${session.server.url}/api/v1/games/gold-city/maps/42.png?`)).toBe(true);
    await page.close();
  }, 60_000);
});
