/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { chromiumAvailable } from '../support/chromium.ts';
import { browserSession } from '../support/browser-session.ts';
import { describe, expect, it } from 'vitest';
import { pngDpi } from '../support/server.ts';

describe.skipIf(!chromiumAvailable)('the web page in a real Chromium', () => {
  const session = browserSession();

  async function open(path = '/', width = 1280): Promise<Page> {
    const page = await session.browser.newPage({ viewport: { width, height: 900 }, acceptDownloads: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${session.server.url}${path}`);
    await page.waitForSelector('body[data-ready=true]');
    expect(errors).toEqual([]);
    // The difficulty target folds behind its summary line; these tests set it.
    await page.click('#target-fold > summary');
    return page;
  }

  /**
   * Presses Reroll to target and waits for its answer, whatever it is: the buttons come back after
   * a hit, a miss or a problem. The status line comes back, with any problem shown beside a field,
   * so a failed reroll fails the caller's expectation with its reason rather than a time-out.
   */
  async function reroll(page: Page): Promise<string> {
    await page.click('#reroll');
    await page.waitForFunction(() => !(document.querySelector('#reroll') as HTMLButtonElement).disabled);
    const problems = (await page.locator('.error').allTextContents()).filter(Boolean);
    return `${await page.textContent('#status')}${problems.length ? ` [problems: ${problems.join(' | ')}]` : ''}`;
  }

  it('generates a map: the SVG has one space per space of the map document', async () => {
    const page = await open();
    await page.fill('#seed', 'browser-1');
    await page.fill('#opt-pieces', '4');
    await page.click('#generate');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.includes('browser-1'));
    const doc = (await (
      await fetch(`${session.server.url}/api/v1/games/gold-city/maps/browser-1?options=${encodeURIComponent('{"pieces":4}')}`)
    ).json()) as { spaces: unknown[]; digest: string };
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
    expect(await reroll(page)).toMatch(/Found at attempt \d+: seed browser-reroll\/\d+/);
    expect(await page.textContent('#band-badge')).toBe('medium');
    expect(await page.textContent('#score-summary')).toMatch(/rounds for 3 players/);
    await page.close();
  });

  it('reaches its initial target from its initial options, and shows the options the reroll chose', async () => {
    const page = await open();
    const band = await page.inputValue('#band');
    await page.fill('#seed', 'first-visit');
    expect(await reroll(page)).toMatch(/Found at attempt \d+: seed first-visit\/\d+.*The reroll chose tier/);
    expect(await page.textContent('#band-badge')).toBe(band);
    // The map on show is the one the reroll found: its digest is the one the share link rebuilds.
    const share = new URL(await page.inputValue('#share'));
    const doc = (await (
      await fetch(
        `${session.server.url}/api/v1/games/gold-city/maps/${encodeURIComponent(share.searchParams.get('seed')!)}?options=${encodeURIComponent(share.searchParams.get('options') ?? '{}')}`,
      )
    ).json()) as { digest: string; score: { band: string } };
    expect(await page.getAttribute('#result', 'data-digest')).toBe(doc.digest);
    expect(doc.score.band).toBe(band);
    await page.close();
  });

  it('rerolls with every kind of player agreeing when asked, and says how each read the map', async () => {
    const page = await open();
    await page.selectOption('#game', 'lost-valley');
    await page.fill('#seed', '3');
    await page.fill('#opt-players', '2');
    await page.selectOption('#band', 'hard');
    const readings = async () => {
      const status = await reroll(page);
      const [, low, high] = /its kinds of player reading (\d+)–(\d+)/.exec(status) ?? [];
      expect(status, status).toMatch(/Found at attempt \d+: seed 3\/\d+, difficulty \d+ \(hard\)/);
      return [Number(low), Number(high)];
    };
    // Left unticked, the difficulty is hard while one kind reads the landscape expert, and the page says so.
    expect((await readings())[1]).toBeGreaterThan(74);
    expect(await page.textContent('#status')).toContain('Not every kind of player reads it in the target');
    await page.fill('#seed', '3');
    await page.check('#agree');
    const [low, high] = await readings();
    expect(low).toBeGreaterThanOrEqual(50);
    expect(high).toBeLessThanOrEqual(74);
    expect(await page.textContent('#status')).not.toContain('Not every kind');
    await page.close();
  });

  it('says what to change when a reroll misses', async () => {
    const page = await open();
    await page.fill('#seed', 'miss');
    await page.selectOption('#opt-tier', 'easy');
    await page.selectOption('#band', 'expert');
    await page.fill('#attempts', '20');
    expect(await reroll(page)).toMatch(/No map in 20 attempts met band expert.*nearest is miss\/\d+.*options\.tier/);
    expect(await page.getAttribute('#status', 'class')).toContain('missed');
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

  it('takes a text option (a staggered start) and draws it; a share URL keeps it', async () => {
    const page = await open();
    await page.fill('#seed', 'browser-stagger');
    await page.fill('#opt-stagger', '0012');
    await page.click('#generate');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.includes('browser-stagger'));
    const doc = (await (
      await fetch(`${session.server.url}/api/v1/games/gold-city/maps/browser-stagger?options=${encodeURIComponent('{"stagger":"0012"}')}`)
    ).json()) as { stagger: unknown[]; digest: string };
    expect(await page.getAttribute('#result', 'data-digest')).toBe(doc.digest);
    expect(await page.locator('#map svg g.stagger').count()).toBe(doc.stagger.length);
    expect(doc.stagger.length).toBeGreaterThan(0);
    const again = await session.browser.newPage();
    await again.goto(await page.inputValue('#share'));
    await again.waitForSelector('body[data-ready=true]');
    expect(await again.inputValue('#opt-stagger')).toBe('0012');
    await again.close();
    await page.close();
  });

  it('a share URL rebuilds the same map', async () => {
    const page = await open();
    await page.fill('#seed', 'shared seed/é');
    await page.selectOption('#opt-tier', 'hard');
    await page.click('#generate');
    // The page opens on a map already (seed 42, no options): wait for the answer to what was asked.
    await page.waitForFunction(() => (document.querySelector('#share') as HTMLInputElement | null)?.value.includes('options='));
    const digest = await page.getAttribute('#result', 'data-digest');
    const url = await page.inputValue('#share');
    expect(url).toContain('options=');
    const again = await session.browser.newPage();
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
    await page.waitForFunction(
      () =>
        !document.querySelector('#result')?.hasAttribute('hidden') && document.querySelector('#status')?.textContent?.includes('switch'),
    );
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

  it("plays bot games on the map on request: the game's own words, a bar a seat, and nothing left over on the next map", async () => {
    const page = await open('/?game=gold-city&seed=bots&options=%7B%22players%22%3A3%7D');
    expect(await page.isVisible('#bot-games')).toBe(true);
    await page.fill('#bot-count', '0');
    await page.click('#bot-play');
    expect(await page.textContent('#error-bot-count')).toMatch(/1 to 400/);
    expect(await page.getAttribute('#bot-count', 'aria-invalid')).toBe('true');
    await page.fill('#bot-count', '30');
    await page.click('#bot-play');
    await page.waitForFunction(() => document.querySelector('#bot-status')?.textContent?.startsWith('30 games played'));
    const answer = (await (
      await fetch(`${session.server.url}/api/v1/games/gold-city/maps/bots/playtest?games=30&options=${encodeURIComponent('{"players":3}')}`)
    ).json()) as { summary: { headline: string; chart: { bars: Array<{ text: string }> } } };
    expect(await page.textContent('#bot-headline')).toBe(answer.summary.headline);
    expect(await page.locator('#bot-chart svg g').count()).toBe(3);
    expect(await page.textContent('#bot-chart')).toContain(answer.summary.chart.bars[0]!.text);
    expect(await page.textContent('#bot-chart-title')).toMatch(/30 bot games/);
    await page.screenshot({ path: 'test-results/page-bot-games.png', fullPage: true });
    // The second kind of player, chosen by its label: the answer is that kind's games.
    expect(await page.locator('#bot-kind option').allTextContents()).toEqual([
      expect.stringMatching(/^planners/),
      expect.stringMatching(/^samplers/),
    ]);
    await page.selectOption('#bot-kind', 'sampler');
    await page.fill('#bot-count', '6');
    await page.click('#bot-play');
    await page.waitForFunction(() => document.querySelector('#bot-status')?.textContent?.startsWith('6 games played'));
    expect(await page.textContent('#bot-headline')).toMatch(/^6 sampler games on this course .* the score predicts [\d.]+ for samplers/);
    // The planners' seat model is not set beside other bots' shares.
    expect(await page.textContent('#bot-chart')).not.toContain('predicted');
    // An answer on show is one kind's and one count's: another kind, or a count that cannot be
    // played, takes it away rather than leave it under the wrong label.
    await page.selectOption('#bot-kind', 'planner');
    expect(await page.textContent('#bot-headline')).toBe('');
    await page.click('#bot-play');
    await page.waitForFunction(() => document.querySelector('#bot-status')?.textContent?.startsWith('6 games played'));
    await page.fill('#bot-count', '2.5');
    await page.click('#bot-play');
    expect(await page.textContent('#error-bot-count')).toMatch(/whole number/);
    expect(await page.textContent('#bot-headline')).toBe('');
    expect(await page.isHidden('#bot-chart-figure')).toBe(true);
    // Another map: the games of the last one must not pass for this one's.
    await page.fill('#seed', 'bots-2');
    await page.click('#generate');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.includes('bots-2'));
    expect(await page.textContent('#bot-headline')).toBe('');
    expect(await page.isHidden('#bot-chart-figure')).toBe(true);
    await page.close();
  });

  it("shows a sheet far taller than wide at the panel's full width, and the page still scrolls over it", async () => {
    const page = await open('/?game=pioneer-days&seed=tall', 375);
    const panel = (await page.locator('#map').boundingBox())!;
    const drawn = (await page.locator('#map svg').boundingBox())!;
    expect(panel.height).toBeGreaterThan(3 * panel.width);
    expect(drawn.width).toBeGreaterThan(0.95 * panel.width);
    expect(await page.locator('#map').evaluate((el) => getComputedStyle(el).touchAction)).toBe('pan-y');
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

  /** Whether every given element's box lies within the map panel's box (nothing to scroll to). */
  async function allInPanel(page: Page, selector: string): Promise<boolean> {
    return page.evaluate((sel) => {
      const panel = document.querySelector('#map')!.getBoundingClientRect();
      return [...document.querySelectorAll(sel)].every((el) => {
        const b = el.getBoundingClientRect();
        return b.left >= panel.left - 1 && b.right <= panel.right + 1 && b.top >= panel.top - 1 && b.bottom <= panel.bottom + 1;
      });
    }, selector);
  }

  for (const width of [1280, 375]) {
    it(`shows the whole board fitted to the panel, and zooms and pans by buttons, wheel, drag, pinch and keyboard (${width} px)`, async () => {
      const page = await open('/?game=gold-city&seed=zoom&options=%7B%22pieces%22%3A8%7D', width);
      // Fitted: the start and the finish are both on screen, with no scrolling inside the box.
      expect(await allInPanel(page, '#map svg g.space[data-terrain=start], #map svg g.space[data-terrain=finish]')).toBe(true);
      expect(await page.textContent('#zoom-level')).toBe('whole board');
      const panelHeight = (await page.locator('#map').boundingBox())!.height;
      expect(panelHeight).toBeLessThanOrEqual(900);
      await page.screenshot({ path: `test-results/page-zoom-fit-${width}.png` });
      const finish = page.locator('#map svg g.space[data-terrain=finish]').first();
      const before = (await finish.boundingBox())!.width;
      await page.click('#zoom-in');
      expect(await page.textContent('#zoom-level')).toBe('150%');
      expect((await finish.boundingBox())!.width).toBeCloseTo(before * 1.5, 0);
      // The wheel zooms about the pointer: the board point under it stays put.
      const panel = (await page.locator('#map').boundingBox())!;
      const px = panel.x + panel.width / 2;
      const py = panel.y + panel.height / 2;
      const under = await page.evaluate(
        ([x, y]) =>
          `${document.elementFromPoint(x!, y!)?.closest('g.space')?.getAttribute('data-q')},${document.elementFromPoint(x!, y!)?.closest('g.space')?.getAttribute('data-r')}`,
        [px, py],
      );
      await page.mouse.move(px, py);
      await page.mouse.wheel(0, -300);
      await page.waitForFunction(() => document.querySelector('#zoom-level')?.textContent !== '150%');
      expect(Number((await page.textContent('#zoom-level'))!.replace('%', ''))).toBeGreaterThan(150);
      const stillUnder = await page.evaluate(
        ([x, y]) =>
          `${document.elementFromPoint(x!, y!)?.closest('g.space')?.getAttribute('data-q')},${document.elementFromPoint(x!, y!)?.closest('g.space')?.getAttribute('data-r')}`,
        [px, py],
      );
      expect(stillUnder).toBe(under);
      // Drag pans: the view box moves against the drag.
      const viewBox = () => page.getAttribute('#map svg', 'viewBox');
      const v0 = (await viewBox())!.split(' ').map(Number);
      await page.mouse.move(px, py);
      await page.mouse.down();
      await page.mouse.move(px - 80, py - 40, { steps: 4 });
      await page.mouse.up();
      const v1 = (await viewBox())!.split(' ').map(Number);
      expect(v1[0]! + v1[1]!).not.toBe(v0[0]! + v0[1]!);
      // Keyboard: 0 shows the whole board again, + zooms, Shift+arrow pans.
      await page.focus('#map');
      await page.keyboard.press('0');
      expect(await page.textContent('#zoom-level')).toBe('whole board');
      await page.keyboard.press('+');
      expect(await page.textContent('#zoom-level')).toBe('125%');
      const k0 = await viewBox();
      await page.keyboard.press('Shift+ArrowRight');
      expect(await viewBox()).not.toBe(k0);
      // Pinch: two touch pointers moving apart zoom in.
      await page.keyboard.press('0');
      await page.evaluate(() => {
        const map = document.querySelector('#map')!;
        const r = map.getBoundingClientRect();
        const cx = r.left + r.width / 2;
        const cy = r.top + r.height / 2;
        const at = (id: number, x: number) => ({ pointerId: id, clientX: x, clientY: cy, bubbles: true, pointerType: 'touch' });
        map.dispatchEvent(new PointerEvent('pointerdown', at(1, cx - 20)));
        map.dispatchEvent(new PointerEvent('pointerdown', at(2, cx + 20)));
        map.dispatchEvent(new PointerEvent('pointermove', at(2, cx + 60)));
        map.dispatchEvent(new PointerEvent('pointerup', at(1, cx - 20)));
        map.dispatchEvent(new PointerEvent('pointerup', at(2, cx + 60)));
      });
      expect(Number((await page.textContent('#zoom-level'))!.replace('%', ''))).toBeGreaterThan(150);
      await page.click('#zoom-fit');
      expect(await allInPanel(page, '#map svg g.space[data-terrain=finish]')).toBe(true);
      await page.close();
    });
  }

  it('after an error takes the previous map, its score, downloads and share link away', async () => {
    const page = await open('/?game=gold-city&seed=stale');
    expect(await page.inputValue('#share')).toMatch(/seed=stale/);
    await page.fill('#opt-players', '99');
    await page.click('#generate');
    await page.waitForFunction(() => document.querySelector('#error-opt-players')?.textContent);
    expect(await page.isHidden('#result')).toBe(true);
    expect(await page.inputValue('#share')).toBe('');
    expect(await page.locator('#download-links a').count()).toBe(0);
    expect(await page.locator('#map svg').count()).toBe(0);
    expect(await page.textContent('#difficulty')).toBe('–');
    expect(page.url()).not.toMatch(/seed=stale/);
    expect(await page.textContent('#status')).toMatch(/previous map was taken away/);
    await page.fill('#opt-players', '3');
    await page.click('#generate');
    await page.waitForFunction(() => !document.querySelector('#result')?.hasAttribute('hidden'));
    expect(await page.inputValue('#share')).toMatch(/seed=stale/);
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
      [...document.querySelectorAll('input, select')]
        .filter((el) => !(el as HTMLInputElement).labels?.length && !el.getAttribute('aria-label'))
        .map((el) => el.id),
    );
    expect(unlabelled).toEqual([]);
    await page.screenshot({ path: 'test-results/page-phone.png' });
    await page.close();
  });
});
