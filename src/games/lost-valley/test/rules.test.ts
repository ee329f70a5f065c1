import { describe, expect, it } from 'vitest';
import { buildMap } from '../../../core/maps.ts';
import { lostValley } from '../index.ts';
import { RuleError } from '../../../core/play/rule-error.ts';
import { applyAction, checkMove, newGame, type GameState } from '../rules/engine.ts';
import { playtest } from '../rules/playtest.ts';
import { buildTable, type Table } from '../rules/table.ts';

const setup = (seed = '42') => {
  const map = buildMap(lostValley, seed, {});
  const table = buildTable(map);
  const state = newGame(table, 'rules-test');
  state.revealed.fill(true);
  return { map, table, state };
};

/** Applying a refused action must leave the state exactly as it was. */
function refused(state: GameState, table: Table, action: Parameters<typeof applyAction>[2]): string {
  const before = structuredClone(state);
  let message = '';
  try {
    applyAction(state, table, action);
  } catch (error) {
    expect(error).toBeInstanceOf(RuleError);
    message = (error as Error).message;
  }
  expect(message).not.toBe('');
  expect(state).toEqual(before);
  return message;
}

describe('Lost Valley rules engine', () => {
  it('starts every prospector at the post with 3 tools, 1 food, 1 timber and 2 whiskeys', () => {
    const { state, table } = setup();
    for (const p of state.players)
      expect(p).toMatchObject({ at: table.post, tool: 3, food: 1, timber: 1, specials: ['whiskey', 'whiskey'] });
  });

  it('crosses the river away from the fords only by boat', () => {
    const { state, table } = setup();
    let found = false;
    for (let a = 0; a < table.vertices.length && !found; a++) {
      const across = table.links[a]!.find((l) => l[1] === 'across');
      if (!across) continue;
      found = true;
      state.players[0]!.at = a;
      expect(checkMove(state, table, 0, 'foot', [across[0]])).toMatch(/boat/);
      state.players[0]!.wares.push('horse');
      expect(checkMove(state, table, 0, 'horse', [across[0]])).toMatch(/boat/);
      state.players[0]!.wares.push('boat');
      expect(checkMove(state, table, 0, 'boat', [across[0]])).toBeNull();
    }
    expect(found).toBe(true);
  });

  it('refuses what the rules forbid and changes nothing', () => {
    const { state, table } = setup();
    const p = state.players[0]!;
    refused(state, table, { type: 'move', mode: 'horse', path: [table.links[p.at]![0]![0]] });
    refused(state, table, { type: 'announce' });
    refused(state, table, { type: 'buy', items: [{ item: 'horse', gold: [], x: 'tool' }] });
    p.food = 0;
    const tile = table.beside[p.at]![0]!;
    refused(state, table, { type: 'mine', tile });
    applyAction(state, table, { type: 'whiskey', phase: 'move' });
    refused(state, table, { type: 'whiskey', phase: 'action' });
  });

  it('takes the announcement from a prospector arriving at the post with 10 gold markers, not from one who was standing there', () => {
    const { state, table } = setup();
    const p = state.players[0]!;
    p.gold = Array.from({ length: 10 }, () => 1);
    // Standing at the post since the game began is not arriving there.
    expect(refused(state, table, { type: 'announce' })).toMatch(/arriving/);
    const [next] = table.links[table.post]!.find((l) => l[1] !== 'across')!;
    p.at = next;
    applyAction(state, table, { type: 'move', mode: 'foot', path: [table.post] });
    p.gold.pop();
    expect(refused(state, table, { type: 'announce' })).toMatch(/10 gold markers/);
    p.gold.push(1);
    applyAction(state, table, { type: 'announce' });
    expect(state.over).toBe('announced');
  });

  it('lets one prospector stand at an intersection, two at the riverside, any number at the post', () => {
    const { state, table } = setup();
    const land = table.vertices.findIndex((_, v) => v !== table.post && !table.riverside[v] && table.links[v]!.length > 0);
    state.players[1]!.at = land;
    const next = table.links[land]!.find((l) => l[1] === 'overland')![0];
    state.players[0]!.at = next;
    expect(checkMove(state, table, 0, 'foot', [land])).toMatch(/room/);
  });
});

describe('Lost Valley playtest', () => {
  it('plays whole games with boats, horses, events, hunting, whiskey and trading, ending by the ice or an announcement', () => {
    const map = buildMap(lostValley, '42', {});
    const r = playtest(map, { games: 8 });
    expect(r.moves.foot).toBeGreaterThan(0);
    expect(r.moves.boat + r.moves.horse).toBeGreaterThan(0);
    expect(r.markersTaken.rivergold! + r.markersTaken.mountaingold!).toBeGreaterThan(0);
    expect(r.markersTaken.event).toBeGreaterThan(0);
    expect(r.hunts.won + r.hunts.lost).toBeGreaterThan(0);
    expect(r.whiskey).toBeGreaterThan(0);
    expect(Object.keys(r.bought).length).toBeGreaterThan(0);
    expect(Object.keys(r.endedBy).every((k) => k === 'ice' || k === 'announced')).toBe(true);
    expect(r.winners.reduce((a, b) => a + b, 0)).toBeCloseTo(8);
  });

  it('plays many landscapes without a bot asking for an illegal action or a game running to the round limit', () => {
    for (let i = 0; i < 40; i++) {
      const r = playtest(buildMap(lostValley, `rules-${i}`, { players: 2 + (i % 3) }), { games: 2 });
      expect(r.endedBy.limit ?? 0).toBe(0);
    }
  });
});

describe('Lost Valley print-and-play kit', () => {
  it('prints a setup sheet and every tile once at true size, with a backs sheet per fronts sheet, within the paper', async () => {
    const { DEFAULT_STYLE } = await import('../../../core/scene.ts');
    const map = buildMap(lostValley, '42', {});
    for (const area of [
      { width: 190, height: 267 },
      { width: 196, height: 249 },
    ]) {
      const sheets = lostValley.sheets!(map, DEFAULT_STYLE, area);
      expect(sheets[0]!.title).toBe('setup');
      const fronts = sheets.filter((s) => s.title.includes('fronts'));
      expect(sheets.filter((s) => s.title.includes('backs'))).toHaveLength(fronts.length);
      const tiles = fronts.flatMap((s) => s.items.filter((i) => i.kind === 'group' && i.role === 'tile'));
      expect(tiles).toHaveLength(map.tiles.length);
      for (const s of sheets) expect(s.width <= area.width && s.height <= area.height).toBe(true);
    }
  });
});
