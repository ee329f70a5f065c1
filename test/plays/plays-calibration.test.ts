import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bandOf } from '../../src/core/difficulty.ts';
import { buildMap, buildScoredMap, scoreMap } from '../../src/core/maps.ts';
import { loadPlaysCalibration, type PlaysCalibration } from '../../src/core/plays.ts';
import { GAMES } from '../../src/games/index.ts';

const fixture = (game: string, tables: PlaysCalibration['tables']): PlaysCalibration => ({
  version: `${game}-plays-7`,
  game,
  measure: 'm',
  tables,
});

// Only a committed plays calibration moves a score: at the table sizes it covers the difficulty is
// the tables' expected measure on the game's own scale; elsewhere, and without one, the bots' score.
describe.each(GAMES.map((g) => [g.id, g] as const))('%s: a committed plays calibration', (_id, game) => {
  const plays = game.plays!;

  it("is not committed today, so every score is the bots' own", () => {
    expect(plays.calibration).toBeUndefined();
    const map = buildMap(game, 'plays-cal', {});
    expect(scoreMap(game, map)).toEqual(game.score(map));
  });

  it('moves the difficulty to difficultyOf(a + b · predicted) at a covered table size, and records it', () => {
    const map = buildMap(game, 'plays-cal', {});
    const bot = game.score(map);
    const players = plays.players(map);
    const table = { a: 1.5, b: 0.8, tau: 1, sigma: 1, maps: 3, reports: 9 };
    const calibrated = { ...game, plays: { ...plays, calibration: fixture(game.id, { [String(players)]: table }) } };
    const s = scoreMap(calibrated, map);
    const expected = plays.difficultyOf(table.a + table.b * plays.predicted(map, bot), players, map);
    expect(s.difficulty).toBe(expected);
    expect(s.band).toBe(bandOf(expected));
    expect(s.plays).toEqual({ version: `${game.id}-plays-7`, botDifficulty: bot.difficulty });
    // The document's identity never follows the score.
    expect(buildScoredMap(calibrated, 'plays-cal', {}).digest).toBe(map.digest);
  });

  it('leaves a table size it does not cover as the bots scored it', () => {
    const map = buildMap(game, 'plays-cal', {});
    const other = String(plays.players(map) + 10);
    const calibrated = {
      ...game,
      plays: { ...plays, calibration: fixture(game.id, { [other]: { a: 50, b: 0, tau: 1, sigma: 1, maps: 1, reports: 1 } }) },
    };
    expect(scoreMap(calibrated, map)).toEqual(game.score(map));
  });
});

describe('loading a plays calibration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'goldmaps-plays-cal-'));
  const file = (name: string, body: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(body));
    return pathToFileURL(path);
  };

  it('finds none where no file is committed', () => {
    expect(loadPlaysCalibration(pathToFileURL(join(dir, 'absent.json')), 'gold-city')).toBeUndefined();
  });

  it('reads a well-formed fixture and refuses a malformed one, naming the field', () => {
    const good = fixture('gold-city', { '4': { a: 1, b: 1, tau: 1, sigma: 1, maps: 1, reports: 2 } });
    expect(loadPlaysCalibration(file('good.json', good), 'gold-city')).toEqual(good);
    expect(() => loadPlaysCalibration(file('other.json', good), 'lost-valley')).toThrow(/game "lost-valley"/);
    expect(() => loadPlaysCalibration(file('bad.json', { ...good, tables: { '4': { a: 'x', b: 1 } } }), 'gold-city')).toThrow(
      /tables\.4\.a must be a number/,
    );
  });
});
