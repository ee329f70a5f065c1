import { readJson, dataFile } from '../../core/json-file.ts';
import type { Catalogue, Colour, Equipment, Face, Town, Townsfolk } from './model.ts';

/** The designed card catalogue: src/games/pioneer-days/data/catalogue.json; src/games/pioneer-days/schemas/catalogue.json says what each field means (design notes in docs/pioneer-days.md). */
export const CATALOGUE = readJson<Catalogue>(dataFile('./data/catalogue.json', import.meta.url));

export const FACES: readonly Face[] = CATALOGUE.faces;
/** One die of each colour: a colour per disaster track, then black. */
export const COLOURS: readonly Colour[] = [...CATALOGUE.disasters.map((d) => d.colour), CATALOGUE.wildColour];
export const SET_IDS: readonly string[] = Object.keys(CATALOGUE.sets).sort();

export const TOWNS = new Map<string, Town>(CATALOGUE.towns.map((t) => [t.id, t]));
export const TOWNSFOLK = new Map<string, Townsfolk>(CATALOGUE.townsfolk.map((t) => [t.id, t]));
export const EQUIPMENT = new Map<string, Equipment>(CATALOGUE.equipment.map((t) => [t.id, t]));

/** The gold bag's 36 tokens as nugget counts, in a fixed order. */
export function goldSupply(): number[] {
  return Object.entries(CATALOGUE.goldSupply)
    .sort(([a], [b]) => Number(a) - Number(b))
    .flatMap(([value, count]) => Array.from({ length: count }, () => Number(value)));
}
