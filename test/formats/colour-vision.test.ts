import { describe, expect, it } from 'vitest';
import { deltaE, labAs } from '../../src/formats/colour-vision.ts';
import { buildScoredMap } from '../../src/core/maps.ts';
import { findGame } from '../../src/games/index.ts';
import { FILL } from '../../src/games/lost-valley/scene.ts';
import type { SceneItem } from '../../src/core/scene.ts';

describe('colour-vision simulation (Machado et al. 2009)', () => {
  it('leaves colours alone for normal vision and folds red onto green for deuteranopia and protanopia', () => {
    expect(labAs('#ffffff', 'normal')[0]).toBeCloseTo(100, 1);
    expect(deltaE('#d2493d', '#d2493d', 'deuteranopia')).toBe(0);
    const normal = deltaE('#cc3333', '#669933', 'normal');
    expect(deltaE('#cc3333', '#669933', 'deuteranopia')).toBeLessThan(normal / 3);
    expect(deltaE('#cc3333', '#669933', 'protanopia')).toBeLessThan(normal / 2);
    // Tritanopia keeps red and green apart but folds blue onto green.
    expect(deltaE('#cc3333', '#669933', 'tritanopia')).toBeGreaterThan(normal / 2);
  });

  it("finds Lost Valley's tundra and riverside close under deuteranopia: why the grounds carry marks", () => {
    expect(deltaE(FILL.tundra, FILL.riverside, 'normal')).toBeGreaterThan(15);
    expect(deltaE(FILL.tundra, FILL.riverside, 'deuteranopia')).toBeLessThan(10);
  });
});

describe('Lost Valley grounds are told apart by mark as well as by colour', () => {
  const game = findGame('lost-valley')!;
  // A mark's shape: its item kinds and point counts, which differ from ground to ground.
  const shape = (items: SceneItem[]) => items.map((i) => `${i.kind}${'points' in i ? i.points.length : ''}`).join(' ');
  const marksOf = (tile: Extract<SceneItem, { kind: 'group' }>) =>
    tile.items.filter((i): i is Extract<SceneItem, { kind: 'group' }> => i.kind === 'group' && i.role === 'ground-mark');
  it('draws every tile of every ground with its ground own mark, the same on every tile of that ground, different between grounds', () => {
    const byTerrain = new Map<string, Set<string>>();
    for (const seed of ['1', '2', '42']) {
      const scene = game.scene(buildScoredMap(game, seed, {}), { theme: 'print', labels: true, hexSize: 20 });
      const tiles: Array<Extract<SceneItem, { kind: 'group' }>> = [];
      const walk = (items: SceneItem[]) =>
        items.forEach((i) => (i.kind === 'group' ? (i.role === 'tile' ? tiles.push(i) : walk(i.items)) : undefined));
      walk(scene.items);
      expect(tiles.length).toBeGreaterThan(10);
      for (const t of tiles) {
        const terrain = t.data!.terrain!;
        if (terrain === 'spring') continue;
        const marks = marksOf(t);
        expect(marks.length, `${seed} ${t.data!.id} ${terrain}`).toBeGreaterThan(0);
        for (const m of marks) byTerrain.set(terrain, (byTerrain.get(terrain) ?? new Set()).add(shape(m.items)));
      }
    }
    expect([...byTerrain.keys()].sort()).toEqual(['forest', 'lake', 'mountain', 'riverside', 'tundra']);
    const perTerrain = [...byTerrain.values()].map((s) => [...s]);
    for (const shapes of perTerrain) expect(shapes).toHaveLength(1);
    expect(new Set(perTerrain.map((s) => s[0])).size).toBe(5);
  });
});
