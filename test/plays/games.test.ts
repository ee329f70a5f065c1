import { describe, expect, it } from 'vitest';
import { buildScoredMap } from '../../src/core/maps.ts';
import type { GamePlays } from '../../src/core/plays.ts';
import { GAMES } from '../../src/games/index.ts';
import { checkReport, playBounds, playsOf, type PlayedMap } from '../../src/plays/service.ts';

type Limits = { minimum?: number; maximum?: number };

/** The results a seat of this game may give, as its report schema lists them (seat and handle are every game's). */
const seatFields = (plays: GamePlays): Record<string, Limits> =>
  (plays.reportSchema as { properties: { seats: { items: { properties: Record<string, Limits> } } } }).properties.seats.items.properties;

/** The seat field the leaderboard ranks by: the one whose value seatResult hands back. */
const resultField = (plays: GamePlays) => Object.keys(seatFields(plays)).find((f) => plays.seatResult({ seat: 1, [f]: 7 }) === 7);

const playing = GAMES.filter((g) => g.plays);

describe.each(playing.map((g) => [g.id, g] as const))('%s play reports', (_id, game) => {
  const map = buildScoredMap(game, 'plays-check', { players: 3 }) as PlayedMap;
  const plays = playsOf(game);
  const players = plays.players(map);
  const result = resultField(plays)!;
  /** A plausible table: every seat's result at the bots' prediction, and the rounds too where the rounds are the measure. */
  const typical = Math.max(1, Math.round(plays.predicted(map, map.score)));
  const seats = Array.from({ length: players }, (_, k) => ({ seat: k + 1, [result]: typical }));
  const readsRounds = plays.measure({ reportId: 'p', players, rounds: typical, winners: [1], seats: [] }) === typical;
  // Every seat level, so every seat shares the win.
  const body = (rounds: number) => ({ reportId: 'p', players, rounds, winners: seats.map((s) => s.seat), seats });
  const rounds = readsRounds ? typical : Array.from({ length: 500 }, (_, k) => k + 1).find((r) => checkReport(game, map, body(r)).ok)!;
  const report = (extra: Record<string, unknown> = {}) => ({ ...body(rounds), ...extra });

  it('names the seat result its leaderboard ranks by among the fields a seat may give', () => {
    expect(result).toBeDefined();
    expect(plays.seatResult({ seat: 1 })).toBeUndefined();
  });

  it("puts the bots' own prediction where the score put it on the 0–100 scale", () => {
    expect(Math.abs(plays.difficultyOf(plays.predicted(map, map.score), players, map) - map.score!.difficulty)).toBeLessThanOrEqual(1);
  });

  it('reads a better table as an easier map, the way its results are better', () => {
    const step = plays.spread(players);
    expect(step).toBeGreaterThan(0);
    const at = (value: number) => plays.difficultyOf(value, players, map);
    const [better, worse] = plays.better === 'higher' ? [typical + step, typical - step] : [typical - step, typical + step];
    expect(at(better)).toBeLessThan(at(worse));
  });

  it("takes its own seat results and refuses another game's, or an unknown field, by name", () => {
    expect(checkReport(game, map, report())).toMatchObject({ ok: true });
    const others = playing.filter((g) => g !== game).flatMap((g) => Object.keys(seatFields(playsOf(g))));
    const foreign = [...new Set([...others, 'notAResult'])].filter((f) => !(f in seatFields(plays)));
    for (const other of foreign) {
      const bad = checkReport(game, map, report({ seats: [{ seat: 1, [other]: 3 }] }));
      expect(bad).toEqual({ ok: false, status: 400, errors: [{ field: `seats[0].${other}`, message: 'is not a known field' }] });
    }
  });

  it('measures a table only when the report gives what the measure needs', () => {
    // A table whose rounds and seats all sit at one value measures that value, however the game reads it.
    expect(plays.measure(report() as never)).toBe(typical);
    // One seat of several giving its result is not a table's measure: either the game reads no
    // seat for it, or it says it cannot tell, never a number off one seat.
    const partial = plays.measure(report({ seats: [{ seat: 1, [result]: typical + 3 }] }) as never);
    expect(partial === undefined || partial === typical).toBe(true);
  });

  it('refuses what cannot be true of the map with 422, and a report for another table size', () => {
    // Some value its schema allows, at an end of a field's range, is no game that could be played on this map.
    const ends = (limits: Limits) => [limits.minimum, limits.maximum].filter((v): v is number => v !== undefined);
    const extremes = [
      ...ends({ minimum: 1, maximum: 500 }).map((rounds) => ({ rounds })),
      ...Object.entries(seatFields(plays)).flatMap(([field, limits]) =>
        ends(limits).map((v) => ({ seats: [{ seat: 1, [field]: v }, ...report().seats.slice(1)] })),
      ),
      ...Object.entries(seatFields(plays)).flatMap(([field, limits]) =>
        ends(limits).map((v) => ({ seats: report().seats.map((s) => ({ ...s, [field]: v })) })),
      ),
    ];
    const refused = extremes.map((e) => checkReport(game, map, report(e))).filter((out) => !out.ok);
    expect(refused.length, 'no report its schema allows is refused as impossible').toBeGreaterThan(0);
    for (const out of refused) expect(out.ok === false && out.status, JSON.stringify(out)).toBe(422);
    expect(checkReport(game, map, report({ players: players + 1 }))).toMatchObject({
      ok: false,
      status: 422,
      errors: [{ field: 'players' }],
    });
  });
  it('says every bound in words, and refuses a report past each one by the field and the bound', () => {
    const b = playBounds(game, map, '2026-12-04');
    const bounds = [b.rounds, ...Object.values(b.seat), ...(b.measure.why ? [{ ...b.measure, why: b.measure.why }] : [])];
    for (const bound of bounds) {
      expect(bound.why.length, JSON.stringify(bound)).toBeGreaterThan(10);
      expect(bound.minimum !== undefined || bound.maximum !== undefined).toBe(true);
    }
    expect(b.rules.length).toBeGreaterThan(0);
    // Past the rounds' bound, either way it has one.
    for (const r of [b.rounds.minimum! - 1, b.rounds.maximum! + 1].filter((x) => Number.isFinite(x) && x >= 1 && x <= 500)) {
      const out = checkReport(game, map, report({ rounds: r }));
      expect(out, `rounds ${r}`).toMatchObject({ ok: false, status: 422 });
      const e = out.ok ? undefined : out.errors.find((x) => x.field === 'rounds');
      expect(e?.message).toMatch(new RegExp(`must be at (least|most) ${r < b.rounds.minimum! ? b.rounds.minimum : b.rounds.maximum}: `));
    }
    // Past the seat result's bound, for one seat.
    const bound = b.seat[result]!;
    const past = bound.maximum !== undefined ? bound.maximum + 1 : bound.minimum! - 1;
    const out = checkReport(game, map, report({ seats: [{ seat: 1, [result]: past }, ...seats.slice(1)] }));
    expect(out.ok === false && out.errors.map((e) => e.field)).toContain(`seats[0].${result}`);
  });

  it('refuses a playedOn before its generator version existed or after tomorrow, and takes one between', () => {
    const b = playBounds(game, map, '2026-12-31');
    expect(b.playedOn).toMatchObject({ earliest: expect.stringMatching(/^2026-1[12]-\d\d$/), latest: '2027-01-01' });
    expect(checkReport(game, map, report({ playedOn: '2026-12-31' }), '2026-12-31')).toMatchObject({ ok: true });
    expect(checkReport(game, map, report({ playedOn: '2027-01-01' }), '2026-12-31')).toMatchObject({ ok: true });
    for (const day of ['2027-01-02', '2030-01-01', '2026-11-01']) {
      const out = checkReport(game, map, report({ playedOn: day }), '2026-12-31');
      expect(out, day).toMatchObject({ ok: false, status: 422, errors: [{ field: 'playedOn' }] });
    }
  });

  it('knows the day its generator version began', () => {
    expect(plays.generatorDates[game.generatorVersion]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses winners the seats contradict: a winner who did worse than another seat', () => {
    // Seat 2 did one better than seat 1, who is named the winner alone.
    const better = plays.better === 'lower' ? typical - 1 : typical + 1;
    const contrary = report({ winners: [1], seats: [seats[0], { seat: 2, [result]: better }, ...seats.slice(2)] });
    const out = checkReport(game, map, contrary);
    expect(out, JSON.stringify(out)).toMatchObject({ ok: false, status: 422, errors: [{ field: 'winners[0]' }] });
  });
});
