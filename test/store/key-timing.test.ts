import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayStore } from '../../src/store/store.ts';
import { freshPlace, type StorePlace } from '../support/stores.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('checking a presented key', () => {
  let place: StorePlace;
  let store: PlayStore;
  beforeAll(async () => {
    place = await freshPlace('pglite');
    store = await place.open();
  });
  afterAll(async () => {
    await store?.close();
    await place?.drop();
  });

  it('takes as long for an unknown id, a revoked key and a wrong secret of a live key (a full scrypt each)', async () => {
    const live = await store.createKey('timing club');
    const revoked = await store.createKey('timing gone');
    await store.revokeKey('timing gone');
    // The live key's secret is now remembered as verified: only the right secret may skip scrypt.
    expect(await store.authenticate(live)).toBeDefined();
    const [, id] = /^gmk_([0-9a-f]{16})_/.exec(live)!;
    const wrongSecret = `gmk_${id}_${'B'.repeat(43)}`;
    const unknownId = `gmk_${'f'.repeat(16)}_${live.slice(-43)}`;
    const cases = { wrongSecret, unknownId, revoked } as const;
    const times: Record<keyof typeof cases, number[]> = { wrongSecret: [], unknownId: [], revoked: [] };
    // Interleaved, so a burst of load on the machine falls on every case alike.
    for (let round = 0; round < 7; round++) {
      for (const [name, key] of Object.entries(cases) as Array<[keyof typeof cases, string]>) {
        const t = performance.now();
        expect(await store.authenticate(key)).toBeUndefined();
        times[name].push(performance.now() - t);
      }
    }
    const m = Object.values(times).map(median);
    // Before a wrong secret paid scrypt it was answered ~1000× faster than an unknown id.
    expect(Math.max(...m) / Math.min(...m)).toBeLessThan(4);
  });
});
