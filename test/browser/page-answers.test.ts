/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { chromiumAvailable } from '../support/chromium.ts';
import { browserSession } from '../support/browser-session.ts';
import { describe, expect, it } from 'vitest';

/** The page answers at once: a map on first load, answers and errors brought into view, no sideways scroll. */
describe.skipIf(!chromiumAvailable)('the page answers what was asked', () => {
  const session = browserSession();

  async function open(path: string, width: number, height = 800): Promise<Page> {
    const page = await session.browser.newPage({ viewport: { width, height } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${session.server.url}${path}`);
    await page.waitForSelector('body[data-ready=true]');
    expect(errors).toEqual([]);
    return page;
  }
  const inView = (page: Page, selector: string) =>
    page.evaluate((sel) => {
      const b = document.querySelector(sel)!.getBoundingClientRect();
      return b.top >= -1 && b.top < window.innerHeight;
    }, selector);

  it('shows seed 42 of the first game on first load', async () => {
    const page = await open('/', 1366, 900);
    const { games } = (await (await fetch(`${session.server.url}/api/v1/games`)).json()) as { games: Array<{ id: string }> };
    const doc = (await (await fetch(`${session.server.url}/api/v1/games/${games[0]!.id}/maps/42`)).json()) as { digest: string };
    expect(await page.getAttribute('#result', 'data-digest')).toBe(doc.digest);
    expect(await page.inputValue('#seed')).toBe('42');
    await page.screenshot({ path: 'test-results/answers-first-load-1366.png' });
    await page.close();
  });

  it('offers the setup sheet, PDF and PNG, for a course from the box only, and its links answer', async () => {
    const downloads = (page: Page) =>
      page.$$eval('#download-links a', (as) => as.map((a) => ({ text: a.textContent ?? '', href: (a as HTMLAnchorElement).href })));
    const generated = await open('/?game=gold-city&seed=42', 1366);
    expect((await downloads(generated)).map((d) => d.text).join('\n')).not.toMatch(/setup/i);
    await generated.close();
    const box = await open(`/?game=gold-city&seed=42&options=${encodeURIComponent(JSON.stringify({ tiles: 'box' }))}`, 1366);
    const setup = (await downloads(box)).filter((d) => /setup sheet/i.test(d.text));
    expect(setup.map((d) => d.text)).toEqual([expect.stringMatching(/^PNG setup sheet/), expect.stringMatching(/^PDF setup sheet/)]);
    for (const d of setup) expect((await fetch(d.href)).status, d.text).toBe(200);
    await box.close();
  });

  it('brings the map into view after Generate on a phone', async () => {
    const page = await open('/', 375);
    await page.fill('#seed', 'phone');
    await page.click('#generate');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.includes('phone'));
    expect(await inView(page, '#result')).toBe(true);
    await page.screenshot({ path: 'test-results/answers-generated-375.png' });
    await page.close();
  });

  it('has no sideways scroll at 375 px with every panel open, in every game', async () => {
    for (const game of ['gold-city', 'lost-valley', 'pioneer-days']) {
      const page = await open(`/?game=${game}&seed=42`, 375);
      await page.click('#score summary');
      await page.fill('#bot-count', '4');
      await page.click('#bot-play');
      await page.waitForFunction(() => document.querySelector('#bot-status')?.textContent?.startsWith('4 games played'));
      await page.click('#bot-facts-box summary');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), game).toBeLessThanOrEqual(375);
      await page.locator('#bot-games').screenshot({ path: `test-results/bot-games-375-${game}.png` });
      await page.close();
    }
  });

  it('an empty seed takes the old map away and brings the error into view', async () => {
    const page = await open('/', 375);
    expect(await page.isHidden('#result')).toBe(false);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.fill('#seed', '');
    await page.click('#generate');
    expect(await page.isHidden('#result')).toBe(true);
    expect(await page.inputValue('#share')).toBe('');
    expect(await page.textContent('#error-seed')).toMatch(/must not be empty/);
    expect(await inView(page, '#error-seed')).toBe(true);
    await page.close();
  });

  it('says so when a share link names no game or has unreadable options, and shows no other map', async () => {
    for (const path of ['/?game=no-such-game&seed=1', `/?seed=1&options=${encodeURIComponent('{pieces:')}`]) {
      const page = await open(path, 1366);
      expect(await page.textContent('#error-general'), path).toMatch(
        /This link (names no game "no-such-game"|has options that are not a JSON object)/,
      );
      expect(await page.isHidden('#result'), path).toBe(true);
      await page.close();
    }
  });
});
