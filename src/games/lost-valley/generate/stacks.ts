import type { Rng } from '../../../core/rng.ts';
import type { LostValleyOptions, MarkerKind, PrintedTile } from '../model.ts';
import { TILE_SET, markerSupply } from '../tiles.ts';

/** The face-down stacks exploration draws from: shuffled once per map, then used up as tiles are laid. */
export interface Stacks {
  river: PrintedTile[];
  land: PrintedTile[];
  triangles: PrintedTile[];
  markers: Record<MarkerKind, string[]>;
}

/** The supplies in their fixed order: shuffles copy, so one list per kind serves every map. */
const SUPPLY: Readonly<Record<MarkerKind, readonly string[]>> = {
  rivergold: markerSupply('rivergold'),
  mountaingold: markerSupply('mountaingold'),
  animal: markerSupply('animal'),
  event: markerSupply('event'),
};

export function shuffleStacks(rng: Rng, options: LostValleyOptions): Stacks {
  const markers = rng.fork('markers');
  return {
    // A shorter river is a shorter stack: the spring comes when it runs out.
    river: rng.fork('river-stack').shuffle(TILE_SET.river).slice(0, options.river),
    land: stackByGold(rng.fork('land-stack').shuffle(TILE_SET.land), options.gold),
    triangles: rng.fork('triangle-stack').shuffle(TILE_SET.triangles),
    markers: {
      rivergold: markers.fork('rivergold').shuffle(SUPPLY.rivergold),
      mountaingold: markers.fork('mountaingold').shuffle(SUPPLY.mountaingold),
      animal: markers.fork('animal').shuffle(SUPPLY.animal),
      event: markers.fork('event').shuffle(SUPPLY.event),
    },
  };
}

const goldOn = (t: PrintedTile) => (t.symbols.rivergold ?? 0) + (t.symbols.mountaingold ?? 0);

/**
 * Where the gold lies: the land stack is explored top first, so gold-rich tiles on top land near
 * the trading post ('near') and at the bottom far from it ('far'). Only the top or bottom third
 * is taken from the rich tiles, so the landscape still varies; 'scattered' is the plain shuffle.
 */
function stackByGold(stack: PrintedTile[], gold: LostValleyOptions['gold']): PrintedTile[] {
  if (gold === 'scattered') return stack;
  const third = Math.round(stack.length / 3);
  // The shuffle breaks ties, so which rich tiles come first still depends on the seed.
  const byGold = stack.map((t, i) => [t, i] as const).sort((a, b) => goldOn(b[0]) - goldOn(a[0]) || a[1] - b[1]);
  const rich = new Set(byGold.slice(0, third).map(([t]) => t.id));
  const rest = stack.filter((t) => !rich.has(t.id));
  const top = stack.filter((t) => rich.has(t.id));
  return gold === 'near' ? [...top, ...rest] : [...rest, ...top];
}
