import type { Request } from 'express';
import { canonicalJson } from '../core/canonical.ts';
import type { AnyGameModule } from '../core/game-module.ts';
import { buildScoredMap, normaliseOptions } from '../core/maps.ts';
import { normaliseSeed } from '../core/seed.ts';
import { GAMES, findGame } from '../games/index.ts';
import type { CachedMap, MapCache } from './map-cache.ts';
import { HttpProblem, badInput, toInputProblem } from './problem.ts';

/** The game a route's `:game` names, or a 404 that lists the games. */
export const gameOf = (req: Request): AnyGameModule => gameNamed(String(req.params.game));

export function gameNamed(id: string): AnyGameModule {
  const game = findGame(id);
  if (!game) throw new HttpProblem(404, 'Unknown game', `No game "${id}"; known: ${GAMES.map((g) => g.id).join(', ')}.`);
  return game;
}

function parseOptions(text: string | undefined): unknown {
  if (text === undefined) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badInput([{ field: 'options', message: 'is not valid JSON' }]);
  }
}

/** The scored map a seed and options (as the request wrote them) name, built once while `cache` holds it. */
export function mapFor(cache: MapCache, game: AnyGameModule, seedText: string, optionsText: string | undefined): CachedMap {
  // The raw request text determines the answer as surely as its normalised form does, so a
  // repeated URL skips validation and normalisation altogether.
  const rawKey = `raw\u0000${game.id}\u0000${seedText}\u0000${optionsText ?? ''}`;
  const seen = cache.get(rawKey);
  if (seen) return seen;
  const seed = normaliseSeed(seedText);
  if (!seed.ok) throw badInput([{ field: 'seed', message: seed.message.replace(/^seed: /, '') }]);
  let options: Record<string, unknown>;
  try {
    options = normaliseOptions(game, parseOptions(optionsText));
  } catch (e) {
    throw toInputProblem(e);
  }
  const key = `${game.id}\u0000${seed.seed}\u0000${canonicalJson(options)}`;
  let entry = cache.get(key);
  if (!entry) {
    const map = buildScoredMap(game, seed.seed, options) as CachedMap['map'];
    entry = { map, rendered: new Map() };
    cache.set(key, entry);
  }
  cache.set(rawKey, entry);
  return entry;
}
