/**
 * Sets the Lost Valley difficulty scale: the raw weighted sum of scoreLostValley over 400
 * generated landscapes (2–4 players), with its 2nd percentile as 0 and its 98th as 100.
 * Run again whenever the generator, the tile set or the weights change.
 */
import { writeFileSync } from 'node:fs';
import { buildMap } from '../src/core/maps.ts';
import { lostValley } from '../src/games/lost-valley/index.ts';
import type { LostValleyMap } from '../src/games/lost-valley/model.ts';

const raws: number[] = [];
for (let i = 0; i < 400; i++) raws.push(lostValley.score!(buildMap(lostValley, `lv-cal-${i}`, { players: 2 + (i % 3) }) as LostValleyMap).raw);
raws.sort((a, b) => a - b);
const result = { version: 'lost-valley-scale-1', low: Math.round(raws[Math.floor(0.02 * raws.length)]! * 100) / 100, high: Math.round(raws[Math.floor(0.98 * raws.length)]! * 100) / 100, maps: raws.length };
writeFileSync(new URL('../fixtures/calibration/lost-valley.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(result);
