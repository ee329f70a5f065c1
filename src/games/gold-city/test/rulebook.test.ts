import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { check } from '../../../core/schema.ts';
import { goldCity } from '../index.ts';
import type { GoldCityMap } from '../model.ts';

/** The two tables the courses are built from (src/games/gold-city/calibrate/rulebook-courses.ts); not map documents. */
const TABLES = new Set(['tiles.json', 'courses.json']);
const dir = new URL('../data/rulebook/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && !TABLES.has(f))
  .sort();

describe('printed rulebook courses (src/games/gold-city/data/rulebook)', () => {
  it('has course documents', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s is schema-valid and passes validate()', (file) => {
    const doc = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as GoldCityMap;
    const checked = check<GoldCityMap>(goldCity.mapSchema, doc);
    expect(checked.ok ? [] : checked.errors).toEqual([]);
    expect(goldCity.validate(doc)).toEqual([]);
  });

  // The rulebook rates its courses for four players; the bands must agree with it.
  it.each([
    ['hills-of-gold.json', 'easy'],
    ['home-stretch.json', 'easy'],
    ['witchs-cauldron.json', 'hard'],
  ])('%s scores %s at four players, as the rulebook rates it', (file, band) => {
    const doc = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as GoldCityMap;
    const score = goldCity.score({ ...doc, options: { ...doc.options!, players: 4 } });
    expect(score.band).toBe(band);
    expect(score.extrapolated).toBe(false);
  });
});
