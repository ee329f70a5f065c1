import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RenderGate } from '../../src/api/render-gate.ts';
import { testServer } from '../support/server.ts';

// One bot-game request at a time, so a request left running would hold up every later one.
let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer({ renderConcurrency: 1, renderQueue: 2, budgetMillis: 4000 });
});
afterAll(async () => {
  await server.close();
});

// 400 sampler games at four players take 18–30 s on these machines: far longer than the test waits.
const long = (seed: string) =>
  `/api/v1/games/gold-city/maps/${seed}/playtest?games=400&kind=sampler&options=${encodeURIComponent('{"players":4}')}`;
const botGames = async () =>
  ((await (await fetch(`${server.url}/metrics`)).json()) as { botGames: { played: number; abandoned: number } }).botGames;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('bot games nobody waits for any more', () => {
  it('stop when the client leaves or the time budget answers, so the next request is played at once', async () => {
    const leaving = new AbortController();
    const first = fetch(`${server.url}${long('gone-1')}`, { signal: leaving.signal }).catch((e: Error) => e.name);
    await pause(300);
    // Queued behind the first; it runs once the first has gone, until the budget's 503.
    const second = fetch(`${server.url}${long('gone-2')}`);
    await pause(300);
    leaving.abort();
    expect(await first).toBe('AbortError');
    const cut = await second;
    expect(cut.status).toBe(503);
    await cut.arrayBuffer();
    const t0 = performance.now();
    const next = await fetch(`${server.url}/api/v1/games/gold-city/maps/next/playtest?games=2`);
    expect(next.status).toBe(200);
    // Left running, the second request's games would hold the one slot for another 15 s or more.
    expect(performance.now() - t0).toBeLessThan(3000);
    expect(await botGames()).toMatchObject({ played: 1, abandoned: 2 });
  }, 30_000);
});

describe('RenderGate', () => {
  it('takes a waiting job out of the queue when its signal aborts, and lets the next one through', async () => {
    const gate = new RenderGate(1, 2, 'bot games');
    let release!: () => void;
    const running = gate.run(() => new Promise<string>((r) => (release = () => r('first'))));
    const leaving = new AbortController();
    const waiting = gate.run(async () => 'never', leaving.signal);
    const after = gate.run(async () => 'third');
    expect(gate.waiting).toBe(2);
    leaving.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(gate.waiting).toBe(1);
    release();
    expect(await running).toBe('first');
    expect(await after).toBe('third');
    expect(gate.active).toBe(0);
    await expect(gate.run(async () => 'late', leaving.signal)).rejects.toThrow('gone');
  });
});
