/**
 * The web page shows each option's schema `description` as its hint, beside the control: it must be
 * a hint, not a study. Checked over the registry, so a new game or option gets the rule for free;
 * what an option does to the difficulty, measured, goes in the game's docs page.
 * test/browser/page-first-screen.test.ts checks that each hint renders in one or two lines.
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../src/games/index.ts';

/** About two lines of the page's options column at 375 px and at 1280 px. */
const HINT_MAX_CHARS = 100;

describe.each(GAMES.map((g) => [g.id, g] as const))('%s option hints', (_id, game) => {
  const properties = (game.optionsSchema as { properties?: Record<string, { description?: string }> }).properties ?? {};

  it('has a hint for every option, one short paragraph each', () => {
    const tooLong = Object.entries(properties)
      .filter(([, schema]) => !schema.description || schema.description.length > HINT_MAX_CHARS || /\n/.test(schema.description))
      .map(([name, schema]) => `${name}: ${schema.description?.length ?? 'no'} characters`);
    expect(tooLong, `at most ${HINT_MAX_CHARS} characters; put the research in docs/${game.id}.md`).toEqual([]);
  });
});
