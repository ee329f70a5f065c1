import { setMapDigest } from '../../core/canonical.ts';
import { Rng } from '../../core/rng.ts';
import { edgeHigh, edgeLow } from '../../geometry/trilattice/ids.ts';
import { Exploring } from './generate/explore.ts';
import { fillGaps } from './generate/gaps.ts';
import { Landscape, START_FACE_IDS, TRADING_POST, vertexPair } from './generate/landscape.ts';
import { prospect, type ExplorationWatch } from './generate/prospectors.ts';
import { placeSpring } from './generate/river.ts';
import { shuffleStacks, type Stacks } from './generate/stacks.ts';
import { GAME_ID, GENERATOR_VERSION, type LostValleyMap, type LostValleyOptions } from './model.ts';
import { TILE_SET } from './tiles.ts';

export { inPlay, START_FACES, TRADING_POST } from './generate/landscape.ts';
export type { ExplorationWatch } from './generate/prospectors.ts';

/**
 * One generation under way: the seed's stream and what the stages have built so far. Each field
 * is set by the stage named beside it, and read only by the stages after it.
 */
export class LostValleyBuild {
  readonly seed: string;
  readonly options: LostValleyOptions;
  readonly rng: Rng;
  readonly watch: ExplorationWatch | undefined;
  stacks!: Stacks; // stacks
  land!: Landscape; // trading post, then exploration and spring
  map!: LostValleyMap; // document, then digest

  constructor(seed: string, options: LostValleyOptions, watch?: ExplorationWatch) {
    this.seed = seed;
    this.options = options;
    this.rng = Rng.fromSeed(`${GAME_ID}\u001f${seed}`);
    this.watch = watch;
  }
}

function stacksStage(b: LostValleyBuild): void {
  b.stacks = shuffleStacks(b.rng.fork('stacks'), b.options);
}

function tradingPostStage(b: LostValleyBuild): void {
  b.land = new Landscape(b.stacks);
  const start = b.land.place('start', TILE_SET.start, START_FACE_IDS);
  b.land.river.push(start.id);
}

function explorationStage(b: LostValleyBuild): void {
  const prospectors = Array.from({ length: b.options.players }, (_, i) => b.rng.fork(`prospector-${i}`));
  prospect(b.land, new Exploring(b.rng.fork('explore')), prospectors, b.watch);
}

// The river may still be open when the land runs out: the spring closes it, and may enclose gaps.
function springStage(b: LostValleyBuild): void {
  if (b.land.springTile === undefined) placeSpring(b.land);
  fillGaps(b.land);
}

const edgePair = (e: number) => [vertexPair(edgeLow(e)), vertexPair(edgeHigh(e))] as [[number, number], [number, number]];

function documentStage(b: LostValleyBuild): void {
  const { land, options } = b;
  // Keys are written in code-unit order throughout, so the digest sorts none.
  b.map = {
    // The rules allow crossing on foot only "via the two fords near the trading post by the
    // waterfall". The river is only ever lengthened at its open end, which starts at the trading
    // post piece's top edge, so `crossings` is in river order, downstream first. The river also
    // flows across the diagonal inside each straight or wide diamond, but no one walks there
    // (tiles cannot be crossed): the fords are the first two crossings that are tile edges.
    fords: land.crossings
      .filter((e) => !land.insideTile(e))
      .slice(0, 2)
      .map(edgePair),
    game: GAME_ID,
    generator: { name: 'goldmaps', version: GENERATOR_VERSION },
    ...(land.springTile ? { iceBlock: land.springTile } : {}),
    markers: land.markers,
    options: { gold: options.gold, ice: options.ice, players: options.players, river: options.river },
    river: land.river,
    riverCrossings: land.crossings.map(edgePair),
    seed: b.seed,
    tiles: land.tiles,
    tradingPost: [TRADING_POST[0], TRADING_POST[1]],
  };
}

function digestStage(b: LostValleyBuild): void {
  setMapDigest(b.map);
}

/**
 * The pipeline: stacks → trading post → exploration → spring → document → digest. It replays
 * exploration as the rules say: seeded virtual prospectors take turns walking from the trading
 * post to partly unexplored intersections and exploring them (river, land diamonds, enclosed gaps,
 * markers) until the last land tile is down; then the spring (if not yet) and the ice block. Each
 * stage that draws takes its own labelled stream, so a change inside one stage leaves the others'
 * draws alone. The document keeps each tile's placement order.
 */
export const STAGES = [
  { name: 'stacks', run: stacksStage },
  { name: 'trading post', run: tradingPostStage },
  { name: 'exploration', run: explorationStage },
  { name: 'spring', run: springStage },
  { name: 'document', run: documentStage },
  { name: 'digest', run: digestStage },
] as const satisfies ReadonlyArray<{ name: string; run: (b: LostValleyBuild) => void }>;

export type StageName = (typeof STAGES)[number]['name'];

export function generateLostValley(seed: string, options: LostValleyOptions, watch?: ExplorationWatch): LostValleyMap {
  const build = new LostValleyBuild(seed, options, watch);
  for (const stage of STAGES) stage.run(build);
  return build.map;
}
