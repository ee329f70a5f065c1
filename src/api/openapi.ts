import { loadSchema } from '../core/schemas.ts';
import { GAMES } from '../games/index.ts';
import { FORMATS, FORMAT_PARAMETERS } from '../formats/index.ts';
import { extensionOf, formatParameters, type OutputFormat } from '../formats/format.ts';
import { readJson } from '../core/json-file.ts';
import { bundleRefs } from './openapi-refs.ts';
import { playPaths, playSecuritySchemes } from './plays-openapi.ts';
const packageJson = readJson<{ version: string }>(new URL('../../package.json', import.meta.url));

const problem = {
  description: 'Problem details',
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
};

/** Strip the file-level keywords that only make sense for a standalone schema file. */
function component(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _s, ...rest } = schema;
  return rest;
}

/** `gold-city` → `GoldCity`. */
const componentName = (id: string) => id.replace(/(^|-)(\w)/g, (_m: string, _d: string, c: string) => c.toUpperCase());

/** OpenAPI 3.1 whose schemas are the very files in schemas/ (3.1 speaks JSON Schema 2020-12). */
export function buildOpenApi(): Record<string, unknown> {
  const gameParam = { name: 'game', in: 'path', required: true, schema: { enum: GAMES.map((g) => g.id) } };
  const seedParam = {
    name: 'seed',
    in: 'path',
    required: true,
    description: `The seed, percent-encoded, optionally followed by ${FORMATS.map((f) => `.${extensionOf(f)}`).join(', ')}.`,
    schema: { type: 'string' },
  };
  // Every $ref a pointer into the document, for tools that do not follow $id bases.
  return bundleRefs({
    openapi: '3.1.0',
    info: {
      title: 'goldmaps',
      version: packageJson.version,
      description:
        'Board-game maps from a seed: generated, scored for difficulty, rendered. The same game, seed, options and generator version always give the same map.',
    },
    servers: [{ url: '/' }],
    paths: {
      '/healthz': {
        get: {
          summary: 'Liveness',
          responses: { '200': { description: 'Up', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
      '/api/v1/games': {
        get: {
          summary: 'The games, their options schemas and generator versions',
          responses: { '200': { description: 'Games', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
      ...mapPaths(gameParam, seedParam),
      ...playPaths(gameParam, seedParam, problem),
      '/api/v1/openapi.json': {
        get: {
          summary: 'This document',
          responses: { '200': { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
    },
    components: { schemas: componentSchemas(), securitySchemes: playSecuritySchemes },
  });
}

function componentSchemas(): Record<string, unknown> {
  const schemas: Record<string, unknown> = {
    Problem: component(loadSchema('api/problem')),
    Seed: component(loadSchema('api/seed')),
    RerollRequest: component(loadSchema('api/reroll-request')),
    PlaytestQuery: component(loadSchema('api/playtest-query')),
  };
  for (const g of GAMES) {
    const name = componentName(g.id);
    schemas[`${name}Options`] = component(g.optionsSchema);
    schemas[`${name}Map`] = component(g.mapSchema);
  }
  for (const f of FORMATS) if (f.documentSchema) schemas[`${componentName(f.id)}Document`] = component(f.documentSchema);
  return schemas;
}

/** A map in any format: each format's body, by media type. */
function mapResponse(): Record<string, unknown> {
  // What each format answers; two formats of one media type (the map and a saved object, both JSON) are either.
  const bodyOf = (f: OutputFormat): Record<string, unknown> => {
    if (f.needsScene) return { type: 'string', contentMediaType: f.mediaType };
    if (f.documentSchema) return { $ref: `#/components/schemas/${componentName(f.id)}Document` };
    return { oneOf: GAMES.map((g) => ({ $ref: `#/components/schemas/${componentName(g.id)}Map` })) };
  };
  const content: Record<string, { schema: Record<string, unknown> }> = {};
  for (const f of FORMATS) {
    const seen = content[f.mediaType];
    content[f.mediaType] = { schema: seen ? { anyOf: [seen.schema, bodyOf(f)] } : bodyOf(f) };
  }
  return {
    description: `The map document with its score, or the map in the format its extension names (${FORMATS.map((f) => `.${extensionOf(f)}: ${f.description}`).join(' ')}). ETag is the digest; answers are immutable.`,
    headers: {
      ETag: { schema: { type: 'string' } },
      'Cache-Control': { schema: { type: 'string' } },
      'Content-Disposition': { schema: { type: 'string' } },
    },
    content,
  };
}

/** The maps routes: a map by seed in each format, bot games on it, a score of a sent map, a reroll. */
function mapPaths(gameParam: object, seedParam: object): Record<string, unknown> {
  const playtestQuery = loadSchema('api/playtest-query');
  const queryParams = [...FORMAT_PARAMETERS].map(([name, { schema, formats }]) => {
    // A parameter two formats read differently (layout: png's board or setup, pdf's kit too) is
    // either, each described for its formats: one format's schema alone refused the other's
    // values (a validating proxy built from the document said so).
    const readings = new Map<string, { schema: Record<string, unknown>; formats: string[] }>();
    for (const f of FORMATS) {
      const own = formatParameters(f.schema)[name];
      if (!own) continue;
      const key = JSON.stringify(own);
      readings.set(key, { schema: own, formats: [...(readings.get(key)?.formats ?? []), f.id] });
    }
    const describe = (s: Record<string, unknown>, fs: string[]) =>
      `${(s.description as string | undefined) ?? name}${fs.length < FORMATS.length ? ` (${fs.join(', ')})` : ''}`;
    const all = [...readings.values()];
    return {
      name,
      in: 'query',
      required: false,
      schema: all.length > 1 ? { anyOf: all.map((r) => r.schema) } : schema,
      description: all.length > 1 ? all.map((r) => describe(r.schema, r.formats)).join(' ') : describe(schema, formats),
    };
  });
  return {
    '/api/v1/games/{game}/maps/{seed}': {
      get: {
        summary: `A map by seed: ${FORMATS.map((f) => `.${extensionOf(f)}`).join(', ')} (JSON without an extension)`,
        parameters: [gameParam, seedParam, ...queryParams],
        responses: {
          '200': mapResponse(),
          '304': { description: 'Not modified (If-None-Match matched the ETag)' },
          '400': problem,
          '404': problem,
          '500': problem,
          '503': problem,
        },
      },
    },
    '/api/v1/games/{game}/maps/{seed}/playtest': {
      get: {
        summary: "Seeded bot games on a seed's map: the game's playtest report (seat win rates, rounds, …)",
        parameters: [
          gameParam,
          { ...seedParam, description: 'The seed, percent-encoded.' },
          ...(['games', 'kind', 'options'] as const).map((name) => ({
            name,
            in: 'query',
            required: false,
            schema: (playtestQuery.properties as Record<string, object>)[name],
          })),
        ],
        responses: {
          '200': {
            description:
              '{game, seed, digest, games, kind, playtest, summary}: summary is the games in words ({headline, facts, chart of each seat’s share of the wins}), as a score’s summary is',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
          '304': { description: 'Not modified' },
          '400': problem,
          '404': problem,
          '503': problem,
        },
      },
    },
    '/api/v1/games/{game}/score': {
      post: {
        summary: 'Score a map document you send (generated or typed in by hand)',
        parameters: [gameParam],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
        responses: {
          '200': { description: 'The score', content: { 'application/json': { schema: { type: 'object' } } } },
          '413': problem,
          '422': problem,
        },
      },
    },
    '/api/v1/games/{game}/reroll': {
      post: {
        summary: 'Try seed/1, seed/2, … until the score meets a target',
        parameters: [gameParam],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/RerollRequest' } } } },
        responses: {
          '200': {
            description: 'The first hit, or the nearest candidate',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
          '400': problem,
        },
      },
    },
  };
}
