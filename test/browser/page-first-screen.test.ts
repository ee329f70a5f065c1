/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { chromiumAvailable } from '../support/chromium.ts';
import { browserSession } from '../support/browser-session.ts';
import { describe, expect, it } from 'vitest';

/** A phone and a laptop: the first screen is what a player sees before scrolling. */
const SCREENS = [
  { width: 375, height: 740 },
  { width: 1280, height: 720 },
] as const;

/** The first screen: the map on show at once, Generate in reach, a bad link's error in sight, short option hints. */
describe.skipIf(!chromiumAvailable)('the first screen', () => {
  const session = browserSession();

  async function open(path: string, screen: { width: number; height: number }): Promise<Page> {
    const page = await session.browser.newPage({ viewport: screen });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${session.server.url}${path}`);
    await page.waitForSelector('body[data-ready=true]');
    expect(errors).toEqual([]);
    return page;
  }

  /** Whether the element's whole box lies in the viewport as it is scrolled now. */
  const onScreen = (page: Page, selector: string) =>
    page.evaluate((sel) => {
      const b = document.querySelector(sel)!.getBoundingClientRect();
      return b.height > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= window.innerHeight && b.right <= window.innerWidth;
    }, selector);

  /** Whether a click at the element's centre reaches it (nothing drawn over it). */
  const uncovered = (page: Page, selector: string) =>
    page.evaluate((sel) => {
      const el = document.querySelector(sel)!;
      const b = el.getBoundingClientRect();
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      return hit !== null && (hit === el || el.contains(hit));
    }, selector);

  for (const screen of SCREENS) {
    const size = `${screen.width}×${screen.height}`;

    it(`shows the whole board and Generate on first load, nothing over either, no sideways scroll (${size})`, async () => {
      const page = await open('/', screen);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await page.locator('#map svg g.space').count()).toBeGreaterThan(0);
      expect(await onScreen(page, '#map svg')).toBe(true);
      expect(await onScreen(page, '#generate')).toBe(true);
      expect(await uncovered(page, '#generate')).toBe(true);
      expect(await uncovered(page, '#map svg')).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(screen.width);
      // The options fold behind a line that says what is set; a phone keeps them folded under the map.
      expect(await page.textContent('#options-note')).toBe('— the defaults');
      expect(await page.getAttribute('#options-fold', 'open')).toBe(screen.width < 761 ? null : '');
      await page.screenshot({ path: `test-results/first-screen-${screen.width}.png` });
      await page.close();
    });

    it(`starts every game's map near the top of the first screen, Generate in reach on a laptop (${size})`, async () => {
      const { games } = (await (await fetch(`${session.server.url}/api/v1/games`)).json()) as { games: Array<{ id: string }> };
      for (const { id } of games) {
        const page = await open(`/?game=${id}&seed=42`, screen);
        const map = (await page.locator('#map svg').boundingBox())!;
        // A trail sheet far taller than wide runs on below the screen by design; its top is on it.
        expect(map.y, id).toBeGreaterThanOrEqual(0);
        expect(map.y, id).toBeLessThan(screen.height / 4);
        if (screen.width > 760) expect(await onScreen(page, '#generate'), id).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), id).toBeLessThanOrEqual(screen.width);
        await page.close();
      }
    });

    it(`shows a bad share link's error on the first screen, with no map passing for its answer (${size})`, async () => {
      for (const [path, said] of [
        ['/?game=chess&seed=1', /This link names no game "chess"/],
        ['/?seed=1&options=banana', /This link has options that are not a JSON object/],
      ] as const) {
        const page = await open(path, screen);
        expect(await page.textContent('#error-general'), path).toMatch(said);
        expect(await onScreen(page, '#error-general'), path).toBe(true);
        expect(await page.isHidden('#result'), path).toBe(true);
        expect(await onScreen(page, '#no-map'), path).toBe(true);
        await page.screenshot({ path: `test-results/first-screen-bad-link-${screen.width}.png` });
        await page.close();
      }
    });

    it(`brings the map into view with Today's map, from anywhere on the page (${size})`, async () => {
      const page = await open('/', screen);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await onScreen(page, '#map svg')).toBe(false);
      // Pressed where it sits, without the browser scrolling to it first.
      await page.evaluate(() => (document.querySelector('#today') as HTMLButtonElement).click());
      await page.waitForFunction(() => document.querySelector('#status')?.textContent?.startsWith("Today's map ("));
      expect(await onScreen(page, '#map svg')).toBe(true);
      await page.close();
    });

    it(`shows every option hint of every game in one or two lines (${size})`, async () => {
      const { games } = (await (await fetch(`${session.server.url}/api/v1/games`)).json()) as { games: Array<{ id: string }> };
      for (const { id } of games) {
        const page = await open(`/?game=${id}&seed=1`, screen);
        if ((await page.getAttribute('#options-fold', 'open')) === null) await page.click('#options-fold > summary');
        const lines = await page.$$eval('#options .hint', (hints) =>
          hints.map((h) => [h.id, Math.round(h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight))] as const),
        );
        expect(lines.length, id).toBeGreaterThan(0);
        expect(
          lines.filter(([, n]) => n > 2),
          id,
        ).toEqual([]);
        await page.close();
      }
    });
  }

  it('says what is set behind each fold, and opens a fold whose control is at fault', async () => {
    const page = await open('/', SCREENS[0]);
    await page.click('#options-fold > summary');
    await page.fill('#opt-players', '99');
    expect(await page.textContent('#options-note')).toBe('— players 99');
    await page.click('#options-fold > summary');
    await page.click('#target-fold > summary');
    await page.selectOption('#band', 'easy');
    await page.check('#agree');
    expect(await page.textContent('#target-note')).toBe('— band easy, every kind agrees');
    await page.click('#target-fold > summary');
    await page.click('#generate');
    await page.waitForFunction(() => document.querySelector('#error-opt-players')?.textContent);
    expect(await page.getAttribute('#options-fold', 'open')).toBe('');
    expect(await onScreen(page, '#error-opt-players')).toBe(true);
    expect(await page.isHidden('#result')).toBe(true);
    await page.close();
  });
});
