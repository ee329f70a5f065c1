/// <reference lib="dom" />
import { existsSync, readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngDpi, testServer } from '../support/server.ts';

const CHROMIUM = '/usr/bin/chromium';
// CI installs Debian's chromium and sets CHROMIUM_REQUIRED, so there a missing browser fails.
const available = existsSync(CHROMIUM);
if (!available && process.env.CHROMIUM_REQUIRED) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);

describe.skipIf(!available)('the web page in a real Chromium', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let browser: Browser;

  beforeAll(async () => {
    server = await testServer();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(path = '/', width = 1280): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 900 }, acceptDownloads: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}${path}`);
    await page.waitForSelector('body[data-ready=true]');
    expect(errors).toEqual([]);
    return page;
  }

  it('generates a map: the SVG has one space per space of the map document', async () => {
    const page = await open();
    await page.fill('#seed', 'browser-1');
    await page.fill('#opt-pieces', '4');
    await page.click('#generate');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.includes('browser-1'));
    const doc = (await (await fetch(`${server.url}/api/v1/games/gold-city/maps/browser-1?options=${encodeURIComponent('{"pieces":4}')}`)).json()) as { spaces: unknown[]; digest: string };
    expect(await page.locator('#map svg g.space').count()).toBe(doc.spaces.length);
    expect(await page.getAttribute('#result', 'data-digest')).toBe(doc.digest);
    const box = await page.locator('#map svg').boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    await page.screenshot({ path: 'test-results/page-desktop.png' });
    await page.close();
  });

  it('rerolls to a band and shows that band', async () => {
    const page = await open();
    await page.fill('#seed', 'browser-reroll');
    await page.selectOption('#band', 'medium');
    await page.fill('#opt-players', '3');
    await page.click('#reroll');
    await page.waitForFunction(() => /Found at attempt|No map in/.test(document.querySelector('#status')?.textContent ?? ''));
    expect(await page.textContent('#status')).toMatch(/Found at attempt \d+: seed browser-reroll\/\d+/);
    expect(await page.textContent('#band-badge')).toBe('medium');
    expect(await page.textContent('#score-summary')).toMatch(/rounds for 3 players/);
    await page.close();
  });

  it('shows a tooltip with ground and strength when a space is hovered', async () => {
    const page = await open('/?game=gold-city&seed=hover');
    const space = page.locator('#map svg g.space[data-terrain=jungle]').first();
    const strength = await space.getAttribute('data-strength');
    await space.hover();
    await expect.poll(() => page.isVisible('#tooltip')).toBe(true);
    expect(await page.textContent('#tooltip')).toMatch(new RegExp(`^Jungle ${strength}: one machete card of ${strength}\\+`));
    await page.close();
  });

  it('walks the spaces from the keyboard, announcing each', async () => {
    const page = await open('/?game=gold-city&seed=keys');
    await page.focus('#map');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.textContent('#hover-info')).toMatch(/^2 of \d+: (Start|Jungle|Water|Village|Rubble|Base camp|Mountain)/);
    expect(await page.isVisible('#tooltip')).toBe(true);
    await page.keyboard.press('End');
    expect(await page.textContent('#hover-info')).toMatch(/^(\d+) of \1: Finish/);
    await page.close();
  });

  it('a share URL rebuilds the same map', async () => {
    const page = await open();
    await page.fill('#seed', 'shared seed/é');
    await page.selectOption('#opt-tier', 'hard');
    await page.click('#generate');
    await page.waitForFunction(() => document.querySelector('#result')?.getAttribute('data-digest'));
    const digest = await page.getAttribute('#result', 'data-digest');
    const url = await page.inputValue('#share');
    expect(url).toContain('options=');
    const again = await browser.newPage();
    await again.goto(url);
    await again.waitForSelector('body[data-ready=true]');
    expect(await again.getAttribute('#result', 'data-digest')).toBe(digest);
    expect(await again.inputValue('#opt-tier')).toBe('hard');
    await again.close();
    await page.close();
  });

  it('downloads a PDF and a PNG that records its dpi (300 where the board fits the pixel limit)', async () => {
    const page = await open(`/?game=gold-city&seed=download&options=${encodeURIComponent('{"pieces":3}')}`);
    const label = await page.textContent('a[data-format=png]');
    expect(label).toMatch(/PNG \((\d+) dpi\)/);
    for (const [link, magic] of [
      ['a[data-format=pdf] >> nth=0', '%PDF'],
      ['a[data-format=png]', '\x89PNG'],
    ] as const) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(link)]);
      expect(await download.failure(), link).toBeNull();
      const bytes = readFileSync((await download.path())!);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe(magic);
      expect(bytes.length).toBeGreaterThan(10_000);
      if (magic === '\x89PNG') expect(pngDpi(bytes)).toBe(Number(/(\d+) dpi/.exec(label!)![1]));
    }
    await page.close();
  });

  it("shows each game's own summary and chart, and leaves nothing of one game on switching to another", async () => {
    const page = await open('/?game=gold-city&seed=switch');
    expect(await page.textContent('#chart-title')).toMatch(/start space/);
    await page.focus('#map');
    await page.keyboard.press('ArrowRight');
    expect(await page.textContent('#hover-info')).toMatch(/^1 of \d+: /);
    await page.selectOption('#game', 'lost-valley');
    expect(await page.isHidden('#result')).toBe(true);
    expect(await page.textContent('#hover-info')).toBe('');
    await page.fill('#seed', 'switch');
    await page.click('#generate');
    await page.waitForFunction(() => !document.querySelector('#result')?.hasAttribute('hidden') && document.querySelector('#status')?.textContent?.includes('switch'));
    expect(await page.textContent('#chart-title')).toMatch(/Gold by turns/);
    expect(await page.locator('#chart svg g').count()).toBeGreaterThan(0);
    expect(await page.textContent('#score-summary')).toMatch(/ice/);
    expect(await page.textContent('#reasons')).not.toMatch(/route effort/);
    expect(await page.textContent('#hover-info')).toBe('');
    await page.focus('#map');
    await page.keyboard.press('ArrowRight');
    expect(await page.textContent('#hover-info')).toMatch(/explored/);
    await page.screenshot({ path: 'test-results/page-lost-valley.png', fullPage: true });
    await page.close();
  });

  it('shows API errors in words next to the control at fault', async () => {
    const page = await open();
    await page.fill('#opt-pieces', '42');
    await page.click('#generate');
    await page.waitForFunction(() => document.querySelector('#error-opt-pieces')?.textContent);
    expect(await page.textContent('#error-opt-pieces')).toMatch(/pieces must be <= 10/);
    expect(await page.getAttribute('#opt-pieces', 'aria-invalid')).toBe('true');
    await page.fill('#seed', '');
    await page.fill('#opt-pieces', '5');
    await page.click('#generate');
    await page.waitForFunction(() => document.querySelector('#error-seed')?.textContent);
    expect(await page.textContent('#error-seed')).toMatch(/seed must not be empty/);
    await page.close();
  });

  it('works from the keyboard and at 375 px wide', async () => {
    const page = await open('/', 375);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.focus('#seed');
    await page.fill('#seed', 'keyboard');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.includes('keyboard'));
    // Every control has a label.
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll('input, select')].filter((el) => !(el as HTMLInputElement).labels?.length && !el.getAttribute('aria-label')).map((el) => el.id),
    );
    expect(unlabelled).toEqual([]);
    await page.screenshot({ path: 'test-results/page-phone.png' });
    await page.close();
  });
});
