import { canonicalJson, sha256Hex } from '../core/canonical.ts';
import { asPlayed, fitAsPlayed, plausible, type AsPlayedFit } from './as-played.ts';
import { bandOf } from '../core/difficulty.ts';
import type { AnyGameModule, MapDocumentBase, ScoreBase } from '../core/game-module.ts';
import { checkBounds, edgeWeight, generatorSince, type GamePlays, type PlayBounds, type PlayReport } from '../core/plays.ts';
import { check, type FieldError } from '../core/schema.ts';
import { mean, round2 } from '../core/stats.ts';
import type { PlayStore, StoredPlay } from '../store/store.ts';

/** A built map with its digest and score: what a report is checked against and filed under. */
export type PlayedMap = MapDocumentBase & { digest: string; seed: string; options: Record<string, unknown>; score?: ScoreBase };

export type CheckedReport = { ok: true; report: PlayReport; bodyDigest: string } | { ok: false; status: 400 | 422; errors: FieldError[] };

export class NoPlays extends Error {}

export function playsOf(game: AnyGameModule): GamePlays {
  if (!game.plays || !game.score) throw new NoPlays(`${game.id} takes no play reports yet`);
  return game.plays as GamePlays;
}

/** The day after a date (YYYY-MM-DD, UTC calendar). */
function dayAfter(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * The days a report's playedOn may name: from the first day the map's generator version built
 * maps, to the day after `today` (UTC; a table east of Greenwich may already be a day ahead).
 * Without `today` (an import of old reports) no latest day is set.
 */
export function playedOnBounds(game: AnyGameModule, map: PlayedMap, today?: string): { earliest?: string; latest?: string; why: string } {
  const version = map.generator?.version;
  const earliest = generatorSince(playsOf(game).generatorDates, version);
  const latest = today === undefined ? undefined : dayAfter(today);
  const why = [
    earliest ? `maps of generator ${version} exist from ${earliest}` : undefined,
    latest ? `today is ${today} (UTC), and a table east of Greenwich may be a day ahead` : undefined,
  ]
    .filter(Boolean)
    .join('; ');
  return { ...(earliest ? { earliest } : {}), ...(latest ? { latest } : {}), why };
}

/** What a report on this map must stay within, in the shape `GET …/plays/bounds` answers. */
export function playBounds(game: AnyGameModule, map: PlayedMap, today?: string) {
  const plays = playsOf(game);
  const bounds: PlayBounds = plays.bounds(map, map.score);
  const players = plays.players(map);
  return {
    game: game.id,
    seed: map.seed,
    options: map.options,
    digest: map.digest,
    tableSize: players,
    rounds: bounds.rounds,
    seat: bounds.seat,
    // The table's measure: what the bots predict of it here, and its bound where the game sets one.
    measure: { label: plays.measureLabel, predicted: round2(plays.predicted(map, map.score)), ...bounds.measure },
    rules: bounds.rules,
    playedOn: playedOnBounds(game, map, today),
  };
}

/**
 * The body against the game's report schema (400), then against the map (422: it cannot be true
 * of it): the table's shape, the map's bounds (rounds, each seat's results, the table's measure),
 * playedOn's days (`today`, YYYY-MM-DD UTC, from the caller: nothing here reads a clock), and the
 * game's own rules tying seats and winners together.
 */
export function checkReport(game: AnyGameModule, map: PlayedMap, body: unknown, today?: string): CheckedReport {
  const plays = playsOf(game);
  const checked = check<PlayReport>(plays.reportSchema, body);
  if (!checked.ok) return { ok: false, status: 400, errors: checked.errors };
  const report = checked.value;
  const errors: FieldError[] = [];
  const players = plays.players(map);
  if (report.players !== players) errors.push({ field: 'players', message: `must be ${players}: this map is for ${players} players` });
  if (report.seats.length > report.players)
    errors.push({ field: 'seats', message: `lists ${report.seats.length} seats for ${report.players} players` });
  const seen = new Set<number>();
  report.seats.forEach((s, i) => {
    if (s.seat > report.players) errors.push({ field: `seats[${i}].seat`, message: `must be at most ${report.players}` });
    if (seen.has(s.seat)) errors.push({ field: `seats[${i}].seat`, message: `seat ${s.seat} is listed twice` });
    seen.add(s.seat);
  });
  report.winners.forEach((w, i) => {
    if (w > report.players) errors.push({ field: `winners[${i}]`, message: `must be a seat from 1 to ${report.players}` });
  });
  if (report.playedOn !== undefined) {
    const days = playedOnBounds(game, map, today);
    if (days.earliest && report.playedOn < days.earliest)
      errors.push({ field: 'playedOn', message: `must be ${days.earliest} or later: ${days.why}` });
    if (days.latest && report.playedOn > days.latest)
      errors.push({ field: 'playedOn', message: `must be ${days.latest} or earlier: ${days.why}` });
  }
  if (errors.length === 0) {
    errors.push(...checkBounds(plays.bounds(map, map.score), report, plays.measure(report), plays.measureLabel));
    errors.push(...plays.check(map, map.score, report));
  }
  if (errors.length > 0) return { ok: false, status: 422, errors };
  return { ok: true, report, bodyDigest: `sha256:${sha256Hex(canonicalJson(report))}` };
}

/** Files a checked report under its map with what the table measured and what the bots predicted. */
export function recordPlay(
  store: PlayStore,
  game: AnyGameModule,
  map: PlayedMap,
  checked: Extract<CheckedReport, { ok: true }>,
  writer?: { id: string; name: string },
  receivedAt?: string,
) {
  const plays = playsOf(game);
  const botMeasure = plays.predicted(map, map.score);
  return store.addPlay({
    game: game.id,
    seed: map.seed,
    options: map.options,
    digest: map.digest,
    report: checked.report,
    bodyDigest: checked.bodyDigest,
    measure: plays.measure(checked.report),
    botMeasure,
    botDifficulty: map.score!.difficulty,
    ...(writer ? { keyId: writer.id, writer: writer.name } : {}),
    ...(receivedAt ? { receivedAt } : {}),
  });
}

/** Fits per (store, game, table size), kept while the game's reports are unchanged. */
const fits = new WeakMap<PlayStore, Map<string, { state: string; fit: AsPlayedFit }>>();

export async function fitFor(store: PlayStore, game: AnyGameModule, players: number, state?: string): Promise<AsPlayedFit> {
  const plays = playsOf(game);
  const tag = state ?? (await store.state(game.id));
  let mine = fits.get(store);
  if (!mine) fits.set(store, (mine = new Map()));
  const key = `${game.id}\u0000${players}`;
  const kept = mine.get(key);
  if (kept && kept.state === tag) return kept.fit;
  const rows = await store.table(game.id, players);
  const byMap = new Map<string, { key: string; prior: number; values: number[] }>();
  for (const r of rows) {
    let m = byMap.get(r.digest);
    if (!m) byMap.set(r.digest, (m = { key: r.digest, prior: r.botMeasure, values: [] }));
    m.values.push(r.measure);
  }
  const spread = plays.spread(players);
  const fit = fitAsPlayed([...byMap.values()], { tau: spread, sigma: spread });
  mine.set(key, { state: tag, fit });
  return fit;
}

/** The sample sd (n − 1): a few tables' reports stand for every table that will play the map. */
function sdOf(xs: readonly number[]): number | null {
  if (xs.length < 2) return null;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}

/** How a report appears in a summary: the body as sent, with when it arrived. */
const shown = (p: StoredPlay) => ({ ...p.report, receivedAt: p.receivedAt });

export interface PlaySummary {
  game: string;
  seed: string;
  options: Record<string, unknown>;
  digest: string;
  /** The table size the map is for: how many seats a report has at most. */
  tableSize: number;
  reports: number;
  rounds: { mean: number | null; sd: number | null };
  winShares: Array<{ seat: number; share: number }>;
  perceived: { mean: number; reports: number } | null;
  difficulty: {
    bot: number;
    botBand: string;
    asPlayed: number;
    band: string;
    interval: [number, number];
    /** `wild`: reports weighed down as far from the map's others or their key's (docs/plays.md, "Wild reports"). */
    measure: { label: string; bot: number; asPlayed: number; sd: number; reports: number; wild: number };
    model: { a: number; b: number; tau: number; sigma: number; maps: number; reports: number };
  };
  recent: Array<ReturnType<typeof shown>>;
  best?: Array<{ reportId: string; seat: number; handle?: string; result: number; unit: string; playedOn?: string }>;
}

/** Everything people's games say about one map. `state` is the store's tag it was computed at. */
export async function playSummary(
  store: PlayStore,
  game: AnyGameModule,
  map: PlayedMap,
  { order = 'recent', state }: { order?: 'recent' | 'best'; state?: string } = {},
): Promise<PlaySummary> {
  const plays = playsOf(game);
  const players = plays.players(map);
  const [reports, fit] = await Promise.all([store.playsOf(game.id, map.digest), fitFor(store, game, players, state)]);
  const rounds = reports.map((p) => p.report.rounds);
  const wins = new Array<number>(players).fill(0);
  for (const p of reports) for (const w of p.report.winners) if (w <= players) wins[w - 1]! += 1 / p.report.winners.length;
  const felt = reports.map((p) => p.report.perceived).filter((v): v is number => v !== undefined);
  const measured = reports.flatMap((p) => {
    const value = p.report.players === players ? plays.measure(p.report) : undefined;
    return value === undefined ? [] : [{ p, value }];
  });
  const values = measured.map((m) => m.value);
  const prior = plays.predicted(map, map.score);
  // Each key's reports on this map are weighed together too; the key's name stands for it.
  const { edge } = plays.bounds(map, map.score);
  const belief = asPlayed(
    fit,
    prior,
    values,
    measured.map((m) => m.p.writer),
    values.map((v) => edgeWeight(v, edge)),
  );
  const wild = new Set(measured.filter((_, i) => !plausible(belief.weights[i]!)).map((m) => m.p));
  const scaled = (v: number) => plays.difficultyOf(v, players, map);
  const ends = [scaled(belief.mean - 1.96 * belief.sd), scaled(belief.mean + 1.96 * belief.sd)].sort((x, y) => x - y) as [number, number];
  const asPlayedDifficulty = scaled(belief.mean);
  const summary: PlaySummary = {
    game: game.id,
    seed: map.seed,
    options: map.options,
    digest: map.digest,
    tableSize: players,
    reports: reports.length,
    rounds: { mean: rounds.length ? round2(mean(rounds)) : null, sd: rounds.length > 1 ? round2(sdOf(rounds)!) : null },
    winShares: wins.map((w, i) => ({ seat: i + 1, share: reports.length ? round2(w / reports.length) : 0 })),
    perceived: felt.length ? { mean: round2(mean(felt)), reports: felt.length } : null,
    difficulty: {
      bot: map.score!.difficulty,
      botBand: map.score!.band,
      asPlayed: asPlayedDifficulty,
      band: bandOf(asPlayedDifficulty),
      interval: ends,
      measure: {
        label: plays.measureLabel,
        bot: round2(prior),
        asPlayed: round2(belief.mean),
        sd: round2(belief.sd),
        reports: values.length,
        wild: wild.size,
      },
      model: { a: round2(fit.a), b: round2(fit.b), tau: round2(fit.tau), sigma: round2(fit.sigma), maps: fit.maps, reports: fit.reports },
    },
    recent: reports.slice(-10).reverse().map(shown),
  };
  // Only plausible reports are ranked: a wild one would lead the board it cannot be trusted on.
  if (order === 'best')
    summary.best = leaderboard(
      plays,
      reports.filter((p) => !wild.has(p)),
    );
  return summary;
}

/**
 * The reports a leaderboard ranks (withdrawn ones never reach here): of a key that is not a
 * club's, only its first report of a map a day (the day it was played, else the day it arrived),
 * so one writer cannot fill the board by retrying; a club plays many tables an evening, and a
 * report without a key came from the operator.
 */
export function rankable(reports: readonly StoredPlay[]): StoredPlay[] {
  const seen = new Set<string>();
  return reports.filter((p) => {
    if (!p.keyId || p.club) return true;
    const day = `${p.keyId}\u0000${p.report.playedOn ?? p.receivedAt.slice(0, 10)}`;
    if (seen.has(day)) return false;
    seen.add(day);
    return true;
  });
}

/** Every seat that gives the game's result, best first; ties keep the order the reports came in. */
function leaderboard(plays: GamePlays, reports: readonly StoredPlay[]): NonNullable<PlaySummary['best']> {
  const sign = plays.better === 'lower' ? 1 : -1;
  const rows = rankable(reports).flatMap((p) =>
    p.report.seats.flatMap((s) => {
      const result = plays.seatResult(s);
      if (result === undefined) return [];
      return [
        {
          reportId: p.report.reportId,
          seat: s.seat,
          ...(s.handle ? { handle: s.handle } : {}),
          result,
          unit: plays.resultUnit,
          ...(p.report.playedOn ? { playedOn: p.report.playedOn } : {}),
          order: p.seq,
        },
      ];
    }),
  );
  rows.sort((x, y) => sign * (x.result - y.result) || x.order - y.order || x.seat - y.seat);
  return rows.slice(0, 50).map(({ order: _order, ...row }) => row);
}
