/**
 * The OpenAPI document as tools in wide use load it: a third-party parser validates and
 * dereferences it as served, with nothing to download (every `$ref` a pointer into the
 * document), and the dereferenced schemas then check real answers of a listening server,
 * as a validating proxy built from the document would.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.ts';
import { testServer } from '../support/server.ts';

let server: Awaited<ReturnType<typeof testServer>>;
let served: Record<string, unknown>;
beforeAll(async () => {
  server = await testServer();
  served = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as Record<string, unknown>;
});
afterAll(() => server.close());

/** Every `$ref` in a value, at any depth. */
const refsIn = (value: unknown, out: string[] = []): string[] => {
  if (Array.isArray(value)) for (const v of value) refsIn(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) k === '$ref' && typeof v === 'string' ? out.push(v) : refsIn(v, out);
  return out;
};

describe('the OpenAPI document in other tools', () => {
  it('refers only within itself: every $ref a #/components pointer that resolves, no $id left', async () => {
    const refs = refsIn(served);
    expect(refs.length).toBeGreaterThan(10);
    expect(refs.filter((r) => !r.startsWith('#/components/schemas/'))).toEqual([]);
    expect(JSON.stringify(served)).not.toContain('"$id"');
    // A pointer that leads nowhere throws here, as it would in a client generator.
    const parser = new SwaggerParser();
    await parser.resolve(structuredClone(served) as never);
    for (const ref of new Set(refs)) expect(parser.$refs.get(ref), ref).toBeDefined();
  });

  it('is loaded, validated and dereferenced by @apidevtools/swagger-parser as served', async () => {
    const api = (await SwaggerParser.validate(structuredClone(served) as never)) as { openapi: string };
    expect(api.openapi).toBe('3.1.0');
    const whole = await SwaggerParser.dereference(structuredClone(served) as never);
    expect(refsIn(JSON.parse(JSON.stringify(whole, (_k, v) => v)))).toEqual([]);
  });

  it('its schemas accept what the server answers, and its problem schema what it refuses', async () => {
    const whole = (await SwaggerParser.dereference(structuredClone(served) as never)) as unknown as {
      paths: Record<
        string,
        Record<
          string,
          {
            responses: Record<string, { content?: Record<string, { schema: object }> }>;
            requestBody?: { content: Record<string, { schema: object }> };
          }
        >
      >;
    };
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const mapRoute = whole.paths['/api/v1/games/{game}/maps/{seed}']!.get!;
    const mapSchema = ajv.compile(mapRoute.responses['200']!.content!['application/json']!.schema);
    const problemSchema = ajv.compile(mapRoute.responses['400']!.content!['application/problem+json']!.schema);
    for (const game of GAMES) {
      const map = await (await fetch(`${server.url}/api/v1/games/${game.id}/maps/openapi`)).json();
      expect(mapSchema(map), `${game.id}: ${JSON.stringify(mapSchema.errors?.slice(0, 2))}`).toBe(true);
    }
    const bad = await fetch(`${server.url}/api/v1/games/gold-city/maps/42?options=${encodeURIComponent('{"pieces":99}')}`);
    expect(bad.status).toBe(400);
    expect(problemSchema(await bad.json())).toBe(true);
    const reroll = whole.paths['/api/v1/games/{game}/reroll']!.post!;
    const request = { seed: '42', target: { band: 'medium' }, maxAttempts: 20 };
    expect(ajv.compile(reroll.requestBody!.content['application/json']!.schema)(request)).toBe(true);
    const answer = await fetch(`${server.url}/api/v1/games/gold-city/reroll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    expect(answer.status).toBe(200);
  });
});
