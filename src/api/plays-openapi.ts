import { GAMES } from '../games/index.ts';

const json = (description: string) => ({ description, content: { 'application/json': { schema: { type: 'object' } } } });

const BOUND = {
  type: 'object',
  required: ['why'],
  properties: { minimum: { type: 'number' }, maximum: { type: 'number' }, why: { type: 'string' } },
};

/** The answer of GET …/plays/bounds (src/plays/service.ts playBounds). */
const BOUNDS_SCHEMA = {
  type: 'object',
  required: ['game', 'seed', 'digest', 'tableSize', 'measure', 'rounds', 'seat', 'rules', 'playedOn'],
  properties: {
    game: { type: 'string' },
    seed: { type: 'string' },
    options: { type: 'object' },
    digest: { type: 'string' },
    tableSize: { type: 'integer', description: 'The players the map is for: a report must give this many.' },
    measure: {
      type: 'object',
      required: ['label', 'predicted'],
      properties: {
        label: { type: 'string' },
        predicted: { type: 'number', description: "The bots' prediction of the measure here." },
        ...BOUND.properties,
      },
      description: "The table's measure, and its bound where the game sets one.",
    },
    rounds: BOUND,
    seat: { type: 'object', additionalProperties: BOUND, description: "Each seat result's bound, by the seat field's name." },
    rules: { type: 'array', items: { type: 'string' }, description: 'What ties the seats and winners together, in words.' },
    playedOn: {
      type: 'object',
      required: ['why'],
      properties: { earliest: { type: 'string', format: 'date' }, latest: { type: 'string', format: 'date' }, why: { type: 'string' } },
    },
  },
};

/**
 * The play-report and daily routes in the OpenAPI document. Each game's report body is its own
 * JSON Schema (schemas/<game>.play.json, also served at GET /api/v1/games/{game}/plays).
 */
export function playPaths(gameParam: object, seedParam: object, problem: object): Record<string, unknown> {
  const options = {
    name: 'options',
    in: 'query',
    required: false,
    schema: { type: 'string' },
    description: "The map's options as JSON, as for the map.",
  };
  const bearer = [{ writerKey: [] }];
  const games = GAMES.filter((g) => g.plays).map((g) => g.id);
  const plainSeed = { ...seedParam, description: 'The seed, percent-encoded (no format extension).' };
  return {
    '/readyz': {
      get: {
        summary: 'Readiness: the store answers a query in time (2 s by default); 503 problem saying so when not',
        responses: { '200': json('Ready'), '503': problem },
      },
    },
    '/metrics': {
      get: {
        summary:
          'Counts of slow clients cut off, requests over their time budget, writes refused 401 and 429, renders drawn and the render cache (JSON)',
        responses: { '200': json('The counters') },
      },
    },
    '/api/v1/games/{game}/plays': {
      get: {
        summary: "What a client needs to report this game's plays: the report's JSON Schema and what results mean",
        parameters: [gameParam],
        responses: { '200': json('The report schema'), '404': problem },
      },
    },
    '/api/v1/games/{game}/maps/{seed}/plays': {
      post: {
        summary: `Report a game played on this map (games: ${games.join(', ')})`,
        security: bearer,
        parameters: [gameParam, plainSeed, options],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
        responses: {
          '201': json('Stored'),
          '200': json('Already stored with this body (a retry)'),
          '400': problem,
          '401': problem,
          '409': problem,
          '413': problem,
          '415': problem,
          '422': problem,
          '429': problem,
          '503': problem,
          '507': problem,
        },
      },
      get: {
        summary: 'What tables said of this map: counts, rounds, seat shares, difficulty as played; ?order=best adds the leaderboard',
        parameters: [gameParam, plainSeed, options, { name: 'order', in: 'query', required: false, schema: { enum: ['recent', 'best'] } }],
        responses: {
          '200': json('The summary (ETag on the store state, short max-age)'),
          '304': { description: 'Not modified' },
          '400': problem,
          '404': problem,
          '503': problem,
        },
      },
    },
    '/api/v1/games/{game}/maps/{seed}/plays/bounds': {
      get: {
        summary: 'What a report on this map must stay within, each bound with why: the same bounds a report is checked against (422)',
        parameters: [gameParam, plainSeed, options],
        responses: {
          '200': {
            description: 'The bounds (cached until midnight UTC at most)',
            content: { 'application/json': { schema: BOUNDS_SCHEMA } },
          },
          '400': problem,
          '404': problem,
        },
      },
    },
    '/api/v1/games/{game}/maps/{seed}/plays/{reportId}': {
      delete: {
        summary: 'Delete a report, by the key that wrote it',
        security: bearer,
        parameters: [gameParam, plainSeed, options, { name: 'reportId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '204': { description: 'Deleted' },
          '400': problem,
          '401': problem,
          '403': problem,
          '404': problem,
          '429': problem,
          '503': problem,
          '507': problem,
        },
      },
    },
    '/api/v1/games/{game}/daily': {
      get: {
        summary: "Today's seed (UTC) and map for duplicate play",
        parameters: [gameParam, options],
        responses: { '200': json('The day, its seed and map') },
      },
    },
    '/api/v1/games/{game}/daily/{date}': {
      get: {
        summary: "A day's seed and map (immutable)",
        parameters: [gameParam, { name: 'date', in: 'path', required: true, schema: { type: 'string', format: 'date' } }, options],
        responses: { '200': json('The day, its seed and map'), '400': problem },
      },
    },
  };
}

export const playSecuritySchemes = {
  writerKey: { type: 'http', scheme: 'bearer', description: 'A writer key from `goldmaps keys create --name <club>`.' },
};
