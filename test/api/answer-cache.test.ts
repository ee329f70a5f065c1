import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../../src/api/map-cache.ts';

describe('the answer cache', () => {
  it('holds at most maxBytes of bodies, forgetting the least recently remembered first', () => {
    const cache = new AnswerCache(100, 1000);
    for (let i = 0; i < 5; i++) cache.remember(`/a/${i}`, { 'content-type': 'application/json' }, 'x'.repeat(300));
    expect(cache.bytes).toBe(900);
    expect(cache.get('/a/0')).toBeUndefined();
    expect(cache.get('/a/1')).toBeUndefined();
    expect(cache.get('/a/4')?.body.length).toBe(300);
    // Remembering a URL again replaces its bytes rather than counting them twice.
    cache.remember('/a/4', {}, Buffer.alloc(100));
    expect(cache.bytes).toBe(700);
  });

  it('keeps no body larger than the whole budget, and still bounds the count', () => {
    const cache = new AnswerCache(2, 1000);
    cache.remember('/big', {}, Buffer.alloc(1001));
    expect(cache.get('/big')).toBeUndefined();
    expect(cache.bytes).toBe(0);
    for (const u of ['/1', '/2', '/3']) cache.remember(u, {}, 'ab');
    expect([cache.get('/1'), cache.get('/2')?.body.toString(), cache.get('/3')?.body.toString()]).toEqual([undefined, 'ab', 'ab']);
    expect(cache.bytes).toBe(4);
  });
});
