import { setMapDigest } from '../../core/canonical.ts';
import { Rng } from '../../core/rng.ts';
import { CATALOGUE, COLOURS, FACES, SET_IDS, goldSupply } from './catalogue.ts';
import {
  DAYS,
  GAME_ID,
  GENERATOR_VERSION,
  SETS_USED,
  TOWNSFOLK_PER_WEEK,
  TOWNS_PER_WEEK,
  TOWN_CARDS_USED,
  WEEKS,
  type Die,
  type PioneerDaysMap,
  type PioneerDaysOptions,
  type Week,
} from './model.ts';

/**
 * Deals the whole trail as the setup and each week's start would, one labelled stream per thing
 * dealt, so the dice script never moves when (say) the equipment shuffle changes.
 */
export function generatePioneerDays(seed: string, options: PioneerDaysOptions): PioneerDaysMap {
  const rng = Rng.fromSeed(`${GAME_ID}\u001f${seed}`);
  const players = options.players;
  const startPlayer = rng.fork('start-player').int(1, players);
  const townsfolkSets = options.firstGame ? ['A', 'B'] : rng.fork('sets').shuffle(SET_IDS).slice(0, SETS_USED).sort();
  const townDeck = rng
    .fork('towns')
    .shuffle(CATALOGUE.towns.map((t) => t.id))
    .slice(0, TOWN_CARDS_USED);
  const townsfolkDeck = rng.fork('townsfolk').shuffle(CATALOGUE.townsfolk.filter((t) => townsfolkSets.includes(t.set)).map((t) => t.id));
  const equipmentStack = rng.fork('equipment').shuffle(CATALOGUE.equipment.map((e) => e.id));
  const diceRng = rng.fork('dice');
  // One set of dice plus one per player: every die in the bag is drawn once a week.
  const bag: Die['colour'][] = [];
  for (let s = 0; s <= players; s++) bag.push(...COLOURS);

  const weeks: Week[] = [];
  let towns = 0;
  for (let w = 0; w < WEEKS; w++) {
    const weekRng = diceRng.fork(`week-${w + 1}`);
    const drawn = weekRng.fork('draw').shuffle(bag);
    const roll = weekRng.fork('roll');
    const days = Array.from({ length: DAYS }, (_, d) => ({
      dice: drawn.slice(d * (players + 1), (d + 1) * (players + 1)).map((colour) => ({ colour, face: roll.pick(FACES) })),
    }));
    const n = TOWNS_PER_WEEK[w]!;
    weeks.push({
      days,
      equipment: equipmentStack.slice(w * (players + 1), (w + 1) * (players + 1)),
      towns: townDeck.slice(towns, towns + n),
      townsfolk: townsfolkDeck.slice(w * TOWNSFOLK_PER_WEEK, (w + 1) * TOWNSFOLK_PER_WEEK),
    });
    towns += n;
  }
  const doc: PioneerDaysMap = {
    game: GAME_ID,
    generator: { name: 'goldmaps', version: GENERATOR_VERSION },
    gold: rng.fork('gold').shuffle(goldSupply()),
    options: { firstGame: options.firstGame, players },
    seed,
    startPlayer,
    townsfolkSets,
    weeks,
  };
  setMapDigest(doc);
  return doc;
}
