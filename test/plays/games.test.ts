import { describe, expect, it } from 'vitest';
import { buildScoredMap } from '../../src/core/maps.ts';
import { GAMES } from '../../src/games/index.ts';
import { checkReport, playsOf, type PlayedMap } from '../../src/plays/service.ts';

const SEAT_RESULT: Record<string, string> = { 'gold-city': 'finishedRound', 'lost-valley': 'gold', 'pioneer-days': 'vp' };

describe.each(GAMES.filter((g) => g.plays).map((g) => [g.id, g] as const))('%s play reports', (id, game) => {
  const map = buildScoredMap(game, 'plays-check', { players: 3 }) as PlayedMap;
  const plays = playsOf(game);
  const result = SEAT_RESULT[id]!;
  const report = (extra: Record<string, unknown> = {}) => ({ reportId: 'p', players: 3, rounds: 20, winners: [1], seats: [1, 2, 3].map((seat) => ({ seat, [result]: 10 + seat })), ...extra });

  it("puts the bots' own prediction where the score put it on the 0–100 scale", () => {
    expect(Math.abs(plays.difficultyOf(plays.predicted(map, map.score), 3, map) - map.score!.difficulty)).toBeLessThanOrEqual(1);
  });

  it('takes its own seat results and refuses another game\'s by name', () => {
    expect(checkReport(game, map, report())).toMatchObject({ ok: true });
    const other = Object.values(SEAT_RESULT).find((f) => f !== result)!;
    const bad = checkReport(game, map, report({ seats: [{ seat: 1, [other]: 3 }] }));
    expect(bad).toEqual({ ok: false, status: 400, errors: [{ field: `seats[0].${other}`, message: 'is not a known field' }] });
  });

  it('measures a table only when the report gives what the measure needs', () => {
    const full = plays.measure(report() as never);
    expect(full).toBe(id === 'gold-city' ? 20 : 12);
    if (id !== 'gold-city') expect(plays.measure(report({ seats: [{ seat: 1, [result]: 4 }] }) as never)).toBeUndefined();
  });

  it('refuses what cannot be true of the map with 422', () => {
    const impossible = id === 'gold-city' ? { rounds: 1, seats: [{ seat: 1 }] } : id === 'lost-valley' ? { seats: [{ seat: 1, gold: 500 }] } : { rounds: 400 };
    const out = checkReport(game, map, report(impossible));
    expect(out.ok).toBe(false);
    expect(out.ok === false && out.status).toBe(422);
    expect(checkReport(game, map, report({ players: 4 }))).toMatchObject({ ok: false, status: 422, errors: [{ field: 'players' }] });
  });
});
