/**
 * What a game plugs into the playtest: its kinds of player, its table, one seeded game and what
 * to read from it. `M` is the game's map, `T` its table, `B` its bot, `G` a finished game and `R`
 * what the game's report reads from one.
 */
export interface PlaytestGame<M, T, B, G, R> {
  /**
   * Each kind of player a playtest can seat, by id, the default first. A factory is called once a
   * game, so a bot that remembers starts every game afresh; the seats of one kind share it.
   */
  kinds: Readonly<Record<string, () => B>>;
  /** Set up once for all the games: a table's fields and graphs are the slow part of a game. */
  table(map: M): T;
  /** How many seats the map was made for: a playtest seats one player of the asked kind at each. */
  seats(map: M, table: T): number;
  /**
   * What every game's seed starts with, the game's number ending it: the map's digest, so a
   * playtest replays exactly and another map's games are other games.
   */
  label(map: M, seats: readonly string[]): string;
  play(table: T, bots: readonly B[], seed: string): G;
  /** The seats that won: more than one share the win. */
  winners(game: G): readonly number[];
  read(game: G): R;
}

export interface Series<R> {
  /** The kind of player at each seat. */
  seats: string[];
  /** What was read from each game, in the order played. */
  games: R[];
  /** Games won per seat, a tie's win split evenly between the seats that share it. */
  wins: number[];
  /**
   * The same as a fraction of the games, added up game by game. Its last bit can differ from
   * wins / games, which moves a share rounded to 0.1% now and then: a report keeps reading the
   * one it always did, so its numbers stay.
   */
  shares: number[];
}

/**
 * `games` seeded games on one map, with `seats` (kind ids) at the table or one player of `kind`
 * (the game's default when absent) at each seat: the same map, kinds and number of games give the
 * same series. An unknown kind is a RangeError, which front ends report as a bad request.
 */
export function playSeries<M, T, B, G, R>(
  game: PlaytestGame<M, T, B, G, R>,
  map: M,
  run: { games: number; seats?: readonly string[] | undefined; kind?: string | undefined },
): Series<R> {
  const kind = run.kind ?? Object.keys(game.kinds)[0]!;
  const table = game.table(map);
  const seats = run.seats ? [...run.seats] : Array.from({ length: game.seats(map, table) }, () => kind);
  for (const k of seats) if (!Object.hasOwn(game.kinds, k)) throw new RangeError(`unknown kind of player ${k}`);
  const label = game.label(map, seats);
  const series: Series<R> = { seats, games: [], wins: seats.map(() => 0), shares: seats.map(() => 0) };
  for (let g = 0; g < run.games; g++) {
    const bots = new Map([...new Set(seats)].map((k) => [k, game.kinds[k]!()]));
    const played = game.play(
      table,
      seats.map((k) => bots.get(k)!),
      `${label}${g}`,
    );
    const winners = game.winners(played);
    for (const w of winners) {
      series.wins[w]! += 1 / winners.length;
      series.shares[w]! += 1 / winners.length / run.games;
    }
    series.games.push(game.read(played));
  }
  return series;
}

/**
 * The mean of `value` over the games, each game adding its part (value / games): reports that
 * have always summed so keep their numbers to the last bit, where a sum divided at the end can
 * move a rounded figure now and then.
 */
export function meanOverGames<R>(games: readonly R[], value: (game: R) => number): number {
  return games.reduce((a, r) => a + value(r) / games.length, 0);
}
