/**
 * A third kind of Lost Valley player, far stronger than the two the score is fitted on, to ask
 * which of them ranks landscapes the way a strong player does (docs/studies/lost-valley-difficulty.md,
 * "A far stronger player"). It is a flat Monte-Carlo search over whole turns: each turn it asks
 * a set of policies (the greedy bot, the planner, and greedy bots that never explore or explore
 * four times as much, never shop, never take events, never announce, or turn freely) what they
 * would play, plays each distinct turn on a copy of the game through the engine, finishes the copy
 * ROLLOUTS times with greedy bots at every seat (planners with ROLLOUT=planner; the same dice for
 * every turn tried), and plays the turn with the best mean final margin: its nuggets less the best
 * rival's. A Monte-Carlo player sits at every seat. The engine replays the chosen turn exactly,
 * since the dice live in the state.
 *
 * On N landscapes of one table size (every option, laid out as docs/studies/code/lost-valley-kinds-agree.ts
 * does, or defaults with DEF=1) it plays G games, runs both kinds' playtests (8 races each, the
 * calibration's count) and scores the landscape, then prints the Monte-Carlo gold's Spearman with
 * the score and each kind, its split-half reliability, how much landscapes differ against one
 * game's spread, and gold by option (gold, ice, river length). FIXTURE=1 merges that into
 * src/games/lost-valley/data/strong.json; OUT=file keeps every landscape's figures, and
 * ROWS=file[,file] summarises kept figures instead of playing, and with RESCORE=1 scores their
 * landscapes again with the current score first (after a refit: the games do not change). AGAINST=greedy|planner seats it
 * against a kind on N default landscapes instead (seats alternating) and prints its share of wins.
 *   PLAYERS=2 N=60 G=16 FIXTURE=1 npx tsx src/games/lost-valley/calibrate/strong.ts   (about 6 minutes)
 *   PLAYERS=3 N=60 G=16 …, PLAYERS=4 N=60 G=12 …, PLAYERS=2 N=40 G=16 DEF=1 …   (4-10 minutes each)
 *   PLAYERS=2 N=10 G=4 AGAINST=planner npx tsx src/games/lost-valley/calibrate/strong.ts   (under a minute)
 * Every game is seeded, so a rerun prints and writes the same figures.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { playToEnd, playTurn } from '../../../core/play/play.ts';
import { buildMap } from '../../../core/maps.ts';
import { seedState } from '../../../core/rng.ts';
import { spearman } from '../../../core/stats.ts';
import { lostValley } from '../index.ts';
import type { LostValleyMap } from '../model.ts';
import { features } from '../score.ts';
import { tuningHash } from '../../../core/play/tuning.ts';
import { BOT_WEIGHTS, type BotWeights } from '../rules/bot-weights.ts';
import { PLAN } from '../rules/planner.ts';
import { makeBot, type Bot } from '../rules/bots.ts';
import { newGame, nuggets, type Action, type GameState } from '../rules/engine.ts';
import { plannerBot } from '../rules/planner-bot.ts';
import { MAX_ACTIONS_PER_TURN, playtest, turnRules } from '../rules/playtest.ts';
import { buildTable, type Table } from '../rules/table.ts';
import { fitLinear, round, stepUp } from '../../../core/fit.ts';

const PLAYERS = Number(process.env.PLAYERS ?? 2);
const N = Number(process.env.N ?? 40);
const G = Number(process.env.G ?? 4);
const ROLLOUTS = Number(process.env.ROLLOUTS ?? 4);
const DEF = process.env.DEF === '1';
/** The first landscape's index, so that several processes can share a corpus; OUT: a file for every landscape's figures. */
const START = Number(process.env.START ?? 0);
const OUT = process.env.OUT;
const GOLD = ['near', 'scattered', 'far'] as const;
const ICE = ['slow', 'normal', 'fast'] as const;
/** River lengths in three runs, so that each holds enough landscapes for a mean. */
const RIVER = ['3-5', '6-8', '9-12'] as const;
const riverOf = (river: unknown) => RIVER[Number(river) <= 5 ? 0 : Number(river) <= 8 ? 1 : 2];

const rules = turnRules;
const limits = { actionsPerTurn: MAX_ACTIONS_PER_TURN };
const variant =
  (change: Partial<BotWeights>): (() => Bot) =>
  () =>
    makeBot({ ...BOT_WEIGHTS, ...change } as BotWeights);
/** The turns the search chooses among: what each of these would play now. */
const POLICIES: ReadonlyArray<() => Bot> = [
  variant({}),
  plannerBot,
  variant({ explore: 0 }),
  variant({ explore: 4 * BOT_WEIGHTS.explore }),
  variant({ shop: { ...BOT_WEIGHTS.shop, minRoundsLeft: 1e9 } }),
  variant({ event: 0 }),
  variant({ announceLead: 1e9 }),
  variant({ keepGoal: 1 }),
];
const greedy = () => makeBot(BOT_WEIGHTS);
/** Who finishes the game in a rollout: greedy bots (the default), or planners (ROLLOUT=planner, slower). */
const rolloutBot = process.env.ROLLOUT === 'planner' ? plannerBot : greedy;

const margin = (state: GameState, seat: number): number => {
  const mine = nuggets(state.players[seat]!);
  let rival = 0;
  state.players.forEach((p, i) => i !== seat && (rival = Math.max(rival, nuggets(p))));
  return state.players.length === 1 ? mine : mine - rival;
};

/** The Monte-Carlo player: one search per turn, then the chosen turn's actions, which the engine replays exactly (the dice live in the state). */
function monteCarloBot(table: Table, label: string): Bot {
  const r = rules(table);
  let turns = 0;
  return {
    name: 'monte-carlo',
    *turn(state, _table, seat) {
      const seen = new Map<string, { actions: Action[]; after: GameState }>();
      for (const policy of POLICIES) {
        const copy = structuredClone(state);
        const actions: Action[] = [];
        playTurn(r, copy, policy(), table, limits, (a) => actions.push(a));
        const key = JSON.stringify(actions);
        if (!seen.has(key)) seen.set(key, { actions, after: copy });
      }
      const search = turns++;
      let best: Action[] = [];
      let bestValue = -Infinity;
      for (const { actions, after } of seen.values()) {
        let value = 0;
        if (after.over || seen.size === 1) value = margin(after, seat);
        else
          for (let k = 0; k < ROLLOUTS; k++) {
            const rollout = structuredClone(after);
            rollout.rng = seedState(`${label}\u001f${search}\u001f${k}`);
            playToEnd(r, rollout, Array.from({ length: table.players }, rolloutBot), table, limits);
            value += margin(rollout, seat);
          }
        if (value > bestValue) {
          bestValue = value;
          best = actions;
        }
      }
      yield* best;
    },
  };
}

function monteCarloGame(table: Table, seed: string): GameState {
  const bots = Array.from({ length: table.players }, (_, seat) => monteCarloBot(table, `${seed}\u001f${seat}`));
  return playToEnd(rules(table), newGame(table, seed), bots, table, limits);
}

const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;

/** How strong the Monte-Carlo player is: seated against `opponent`, seats alternating and which kind sits first alternating by game. */
function headToHead(opponent: 'greedy' | 'planner'): void {
  const other = opponent === 'greedy' ? greedy : plannerBot;
  let won = 0;
  let games = 0;
  // What an even match would give the Monte-Carlo seats: their share of the seats.
  let even = 0;
  const gold = { monteCarlo: 0, other: 0 };
  for (let i = 0; i < N; i++) {
    const map = buildMap(lostValley, `h2h-${PLAYERS}-${i}`, { players: PLAYERS });
    const table = buildTable(map);
    for (let g = 0; g < G; g++) {
      const seed = `lv-monte-carlo-h2h\u001f${map.digest}\u001f${g}`;
      const isMc = (seat: number) => (seat + g) % 2 === 0;
      const bots = Array.from({ length: PLAYERS }, (_, seat) => (isMc(seat) ? monteCarloBot(table, `${seed}\u001f${seat}`) : other()));
      const s = playToEnd(rules(table), newGame(table, seed), bots, table, limits);
      const g2 = s.players.map(nuggets);
      const top = Math.max(...g2);
      const winners = g2.map((v, seat) => (v === top ? seat : -1)).filter((seat) => seat >= 0);
      for (const w of winners) if (isMc(w)) won += 1 / winners.length;
      const mcSeats = g2.filter((_, seat) => isMc(seat));
      even += mcSeats.length / PLAYERS;
      const otherSeats = g2.filter((_, seat) => !isMc(seat));
      gold.monteCarlo += mean(mcSeats);
      gold.other += mean(otherSeats);
      games++;
    }
  }
  console.log(
    `${PLAYERS} players, Monte Carlo against ${opponent} on ${N} default landscapes × ${G} games: Monte Carlo won ${(won / games).toFixed(2)} of the games (even: ${(even / games).toFixed(2)}); gold a seat Monte Carlo ${(gold.monteCarlo / games).toFixed(1)}, ${opponent} ${(gold.other / games).toFixed(1)}`,
  );
}
if (process.env.AGAINST) {
  headToHead(process.env.AGAINST as 'greedy' | 'planner');
  process.exit(0);
}

interface Row {
  seed: string;
  options: Record<string, unknown>;
  features: Record<string, number>;
  /** The score's unrounded difficulty, and each kind's difficulty. */
  difficulty: number;
  kinds: Record<'greedy' | 'planner', { difficulty: number }>;
  /** Gold per prospector in the kinds' playtests (8 races each, the calibration's count). */
  greedy: number;
  planner: number;
  /** The Monte-Carlo games: gold per prospector, rounds, whether the ice came and whether the end was announced. */
  games: Array<{ gold: number; rounds: number; ice: boolean; announced: boolean }>;
}

/** What the score reads of a landscape, as a row keeps it: written when measured, again on RESCORE. */
function readings(map: LostValleyMap): Pick<Row, 'features' | 'difficulty' | 'kinds'> {
  const score = lostValley.score(map) as unknown as { raw: number; kinds: Row['kinds']; metrics: Parameters<typeof features>[0] };
  const kind = (k: 'greedy' | 'planner') => ({ difficulty: score.kinds[k].difficulty });
  return { features: features(score.metrics), difficulty: score.raw, kinds: { greedy: kind('greedy'), planner: kind('planner') } };
}

function measure(i: number): Row {
  const options = DEF
    ? { players: PLAYERS }
    : { players: PLAYERS, gold: GOLD[i % 3], ice: ICE[Math.floor(i / 3) % 3], river: 3 + ((i * 7) % 10) };
  const map = buildMap(lostValley, `agr-${PLAYERS}-${i}`, options);
  const table = buildTable(map);
  const games = Array.from({ length: G }, (_, g) => {
    const s = monteCarloGame(table, `lv-monte-carlo\u001f${map.digest}\u001f${g}`);
    return { gold: mean(s.players.map(nuggets)), rounds: s.round, ice: s.stats.iceFrom >= 0, announced: s.over === 'announced' };
  });
  return {
    seed: map.seed!,
    options,
    ...readings(map),
    greedy: playtest(map, { games: 8, player: 'greedy' }).goldPerProspector,
    planner: playtest(map, { games: 8, player: 'planner' }).goldPerProspector,
    games,
  };
}

const r2 = (x: number) => round(x, 2);
const zScores = (v: readonly number[]) => {
  const m = mean(v);
  const sd = Math.sqrt(mean(v.map((x) => (x - m) ** 2))) || 1;
  return v.map((x) => (x - m) / sd);
};

/**
 * What a third model would do: the score's own features fitted to the Monte-Carlo gold, predicted
 * out of fold (five folds of whole runs of three landscapes, so the options' cycle is split
 * evenly), alone and as a third of a ranking beside the two kinds' difficulties.
 */
function thirdModel(rows: readonly Row[], gold: readonly number[]) {
  const names = Object.keys(rows[0]!.features).filter((n) => n !== 'players');
  const x = (r: Row) => names.map((n) => r.features[n] ?? 0);
  const predicted = new Array<number>(rows.length);
  for (let fold = 0; fold < 5; fold++) {
    const inFold = (i: number) => Math.floor(i / 3) % 5 === fold;
    const model = fitLinear(rows.flatMap((r, i) => (inFold(i) ? [] : [{ x: x(r), y: gold[i]! }])));
    rows.forEach((r, i) => inFold(i) && (predicted[i] = model.predict(x(r))));
  }
  const [g, p, m] = [
    zScores(rows.map((r) => -r.kinds.greedy.difficulty)),
    zScores(rows.map((r) => -r.kinds.planner.difficulty)),
    zScores(predicted),
  ];
  const thirds = g.map((_, i) => (g[i]! + p[i]! + m[i]!) / 3);
  return {
    outOfFold: r2(spearman(predicted, gold)),
    inThirds: {
      monteCarlo: r2(spearman(thirds, gold)),
      greedy: r2(
        spearman(
          thirds,
          rows.map((r) => r.greedy),
        ),
      ),
      planner: r2(
        spearman(
          thirds,
          rows.map((r) => r.planner),
        ),
      ),
    },
  };
}

/** What the Monte-Carlo games say about the landscapes, against the score and both kinds. */
function summarise(rows: readonly Row[]) {
  const gold = rows.map((r) => mean(r.games.map((g) => g.gold)));
  const games = rows[0]!.games.length;
  const half = (parity: number) => rows.map((r) => mean(r.games.filter((_, g) => g % 2 === parity).map((g) => g.gold)));
  // One game's spread about its landscape's mean, pooled; the landscapes' own spread is what the means vary by beyond that.
  const within = mean(rows.map((r, i) => r.games.reduce((a, g) => a + (g.gold - gold[i]!) ** 2, 0) / (games - 1)));
  const between = rows.length > 1 ? gold.reduce((a, m) => a + (m - mean(gold)) ** 2, 0) / (rows.length - 1) - within / games : 0;
  const all = rows.flatMap((r) => r.games);
  const byOption = (key: string, values: readonly string[], name: (option: unknown) => string = String) =>
    Object.fromEntries(
      values.map((v) => {
        const group = rows.map((r, i) => ({ r, g: gold[i]! })).filter(({ r }) => name(r.options[key]) === v);
        const g = group.map((x) => x.g);
        const se = Math.sqrt(g.reduce((a, x) => a + (x - mean(g)) ** 2, 0) / (g.length - 1) / g.length);
        return [
          v,
          {
            landscapes: group.length,
            monteCarlo: r2(mean(g)),
            standardError: r2(se),
            greedy: r2(mean(group.map((x) => x.r.greedy))),
            planner: r2(mean(group.map((x) => x.r.planner))),
            difficulty: r2(mean(group.map((x) => x.r.difficulty))),
          },
        ];
      }),
    );
  const rho = (a: readonly number[], b: readonly number[]) => r2(spearman(a, b));
  const col = (f: (r: Row) => number) => rows.map(f);
  return {
    landscapes: rows.length,
    games,
    rollouts: ROLLOUTS,
    rolloutPlayer: process.env.ROLLOUT === 'planner' ? 'planner' : 'greedy',
    goldPerProspector: { greedy: r2(mean(col((r) => r.greedy))), planner: r2(mean(col((r) => r.planner))), monteCarlo: r2(mean(gold)) },
    monteCarloGames: {
      rounds: r2(mean(all.map((g) => g.rounds))),
      iceCame: r2(mean(all.map((g) => (g.ice ? 1 : 0)))),
      announced: r2(mean(all.map((g) => (g.announced ? 1 : 0)))),
    },
    /** Spearman of the Monte-Carlo player's gold with each ranking ("more gold" throughout: difficulties negated). */
    spearman: {
      difficulty: rho(
        gold,
        col((r) => -r.difficulty),
      ),
      greedy: rho(
        gold,
        col((r) => r.greedy),
      ),
      planner: rho(
        gold,
        col((r) => r.planner),
      ),
      greedyDifficulty: rho(
        gold,
        col((r) => -r.kinds.greedy.difficulty),
      ),
      plannerDifficulty: rho(
        gold,
        col((r) => -r.kinds.planner.difficulty),
      ),
      greedyWithPlanner: rho(
        col((r) => r.greedy),
        col((r) => r.planner),
      ),
      difficultyWithGreedy: rho(
        col((r) => -r.difficulty),
        col((r) => r.greedy),
      ),
      difficultyWithPlanner: rho(
        col((r) => -r.difficulty),
        col((r) => r.planner),
      ),
    },
    /** The Monte-Carlo player's split-half reliability (even against odd games, Spearman–Brown). */
    splitHalf: r2(stepUp(spearman(half(0), half(1)))),
    sdBetweenLandscapes: r2(Math.sqrt(Math.max(0, between))),
    /** Spearman of each of the score's features with the Monte-Carlo gold. */
    features: Object.fromEntries(
      Object.keys(rows[0]!.features)
        .filter((n) => n !== 'players')
        .map((n) => [
          n,
          rho(
            gold,
            col((r) => r.features[n] ?? 0),
          ),
        ]),
    ),
    thirdModel: thirdModel(rows, gold),
    sdOneGame: r2(Math.sqrt(within)),
    ...(DEF ? {} : { goldOption: byOption('gold', GOLD), iceOption: byOption('ice', ICE), riverOption: byOption('river', RIVER, riverOf) }),
    ...(process.env.COMPARE ? { otherMonteCarlo: compare(rows, JSON.parse(readFileSync(process.env.COMPARE, 'utf8')) as Row[]) } : {}),
  };
}

/** How this Monte-Carlo player's ranking agrees with another's (kept figures, COMPARE=file) on the landscapes both played. */
function compare(rows: readonly Row[], other: readonly Row[]) {
  const theirs = new Map(other.map((r) => [r.seed, mean(r.games.map((g) => g.gold))]));
  const shared = rows.filter((r) => theirs.has(r.seed));
  const gold = (r: Row) => mean(r.games.map((g) => g.gold));
  return {
    landscapes: shared.length,
    rolloutPlayer: process.env.ROLLOUT === 'planner' ? 'greedy' : 'planner',
    spearman: r2(
      spearman(
        shared.map(gold),
        shared.map((r) => theirs.get(r.seed)!),
      ),
    ),
  };
}

const FIXTURE = new URL('../data/strong.json', import.meta.url);
const key = `${PLAYERS}${DEF ? '-default' : ''}${process.env.ROLLOUT === 'planner' ? '-planner-rollouts' : ''}`;
const started = performance.now();
const rows: Row[] = process.env.ROWS
  ? process.env.ROWS.split(',')
      .flatMap((f) => JSON.parse(readFileSync(f, 'utf8')) as Row[])
      // After a refit the games stand; only what the score reads is read again.
      .map((r) => (process.env.RESCORE === '1' ? { ...r, ...readings(buildMap(lostValley, r.seed, r.options)) } : r))
  : Array.from({ length: N }, (_, k) => {
      const row = measure(START + k);
      if ((k + 1) % 5 === 0) process.stderr.write(`${k + 1}/${N} ${Math.round((performance.now() - started) / 1000)} s\n`);
      return row;
    });
if (OUT) writeFileSync(OUT, JSON.stringify(rows));
const summary = summarise(rows);
console.log(`${key}: ${JSON.stringify(summary, null, 1)}`);
if (process.env.FIXTURE === '1') {
  const fixture = existsSync(FIXTURE)
    ? JSON.parse(readFileSync(FIXTURE, 'utf8'))
    : { botWeights: tuningHash(BOT_WEIGHTS), plannerWeights: tuningHash(PLAN), tables: {} };
  if (fixture.botWeights !== tuningHash(BOT_WEIGHTS) || fixture.plannerWeights !== tuningHash(PLAN))
    throw new Error('the fixture was measured with other bots: delete it and measure every table size again');
  fixture.tables[key] = summary;
  fixture.tables = Object.fromEntries(Object.entries(fixture.tables).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(FIXTURE, `${JSON.stringify(fixture, null, 2)}\n`);
}
