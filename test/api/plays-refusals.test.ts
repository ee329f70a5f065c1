import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from '../../src/api/server.ts';
import type { PlayStore } from '../../src/store/store.ts';
import { BACKENDS, freshPlace, type StorePlace } from '../support/stores.ts';

type Problem = { status: number; errors?: Array<{ field: string; message: string }> };

/**
 * The new user on Gold City seed 42 at four players (about 19 rounds predicted), over a
 * real listening server: what cannot be true is refused by field and bound, what is merely wild
 * does not move the map nor lead its leaderboard.
 */
describe.each(BACKENDS)('impossible and wild play reports over HTTP on %s', (backend) => {
  let place: StorePlace;
  let store: PlayStore;
  let server: Running;
  let url: string;
  const keys: Record<string, string> = {};
  const clock = new Date('2026-12-01T10:00:00Z');
  const plays = (tail = '') => `${url}/api/v1/games/gold-city/maps/42/plays${tail}`;
  const post = (payload: unknown, who = 'club') =>
    fetch(plays(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[who]}` },
      body: JSON.stringify(payload),
    });
  const report = (reportId: string, rounds: number, extra: Record<string, unknown> = {}) => ({
    reportId,
    players: 4,
    rounds,
    winners: [1],
    seats: [{ seat: 1, handle: reportId, finishedRound: rounds }],
    ...extra,
  });
  let floor: number;

  beforeAll(async () => {
    place = await freshPlace(backend);
    store = await place.open();
    // 'club' and 'tables' are clubs' keys (many tables a day, every report ranks); mallory's is not.
    for (const who of ['club', 'tables', 'mallory'])
      keys[who] = await store.createKey(who, { writesPerMinute: 1000, club: who !== 'mallory' });
    server = await startServer({ port: 0, host: '127.0.0.1', logger: pino({ level: 'silent' }), store, now: () => clock });
    url = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await place?.drop();
  });

  it('answers the bounds before any report: the floor on rounds with why, the days playedOn may name, the rules', async () => {
    const res = await fetch(plays('/bounds'));
    expect(res.status).toBe(200);
    const b = (await res.json()) as {
      tableSize: number;
      rounds: { minimum: number; why: string };
      playedOn: { earliest: string; latest: string };
      rules: string[];
    };
    expect(b.tableSize).toBe(4);
    floor = b.rounds.minimum;
    // Far above what a perfect first hand could walk (2 rounds here), below the 19 predicted.
    expect(floor).toBeGreaterThanOrEqual(8);
    expect(floor).toBeLessThan(19);
    expect(b.rounds.why).toMatch(/bots/);
    expect(b.playedOn).toMatchObject({ earliest: '2026-11-30', latest: '2026-12-02' });
    expect(b.rules.length).toBeGreaterThan(0);
  });

  it('refuses 2, 3, 4, 5 rounds and one below the floor with 422 naming rounds and the bound; takes the floor', async () => {
    for (const rounds of [2, 3, 4, 5, floor - 1]) {
      const res = await post(report(`low-${rounds}`, rounds));
      expect(res.status, `rounds ${rounds}`).toBe(422);
      const p = (await res.json()) as Problem;
      expect(p.errors?.find((e) => e.field === 'rounds')?.message).toMatch(new RegExp(`^must be at least ${floor}: `));
    }
    expect((await post(report('at-floor', floor, { winners: [1] }), 'mallory')).status).toBe(201);
  });

  it('refuses a winner who finished four rounds after another seat, naming the winner', async () => {
    const res = await post({
      reportId: 'late-winner',
      players: 4,
      rounds: 24,
      winners: [1],
      seats: [
        { seat: 1, finishedRound: 24 },
        { seat: 2, finishedRound: 20 },
      ],
    });
    expect(res.status).toBe(422);
    const p = (await res.json()) as Problem;
    expect(p.errors).toEqual([{ field: 'winners[0]', message: expect.stringMatching(/finished in round 24, after seat 2 in round 20/) }]);
  });

  it('refuses playedOn in the future or before the generator version existed; takes today and, east of Greenwich, tomorrow', async () => {
    for (const day of ['2030-01-01', '2026-12-03', '2026-11-29']) {
      const res = await post(report(`day-${day}`, 20, { playedOn: day }));
      expect(res.status, day).toBe(422);
      expect(((await res.json()) as Problem).errors?.[0]?.field).toBe('playedOn');
    }
    for (const day of ['2026-12-01', '2026-12-02', '2026-11-30'])
      expect((await post(report(`ok-${day}`, 20, { playedOn: day }))).status, day).toBe(201);
  });

  it('keeps the map where 15 ordinary tables put it when 3 more arrive at the floor, and leaves them off the leaderboard', async () => {
    const ordinary = [17, 18, 19, 19, 20, 20, 21, 21, 22, 18, 20, 19, 23, 16, 21];
    for (const [i, rounds] of ordinary.entries()) expect((await post(report(`t${i}`, rounds), 'tables')).status).toBe(201);
    const summary = async () =>
      (await (await fetch(plays('?order=best'))).json()) as {
        difficulty: { asPlayed: number; measure: { wild: number } };
        best: Array<{ reportId: string; result: number }>;
      };
    // The reports so far: the club's three at 20 rounds, mallory's one at the floor, the tables' fifteen.
    const before = await summary();
    for (const i of [1, 2, 3]) expect((await post(report(`m${i}`, floor), 'mallory')).status).toBe(201);
    const after = await summary();
    expect(Math.abs(after.difficulty.asPlayed - before.difficulty.asPlayed)).toBeLessThanOrEqual(5);
    expect(after.difficulty.measure.wild).toBe(4);
    expect(after.best.some((e) => e.result <= floor)).toBe(false);
    expect(after.best[0]!.result).toBe(16);
  });
});
