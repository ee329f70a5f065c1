import { describe, expect, it } from 'vitest';
import { buildScoredMap, type ScoredMap } from '../../../core/maps.ts';
import { DEFAULT_STYLE, type SceneItem } from '../../../core/scene.ts';
import { DEFAULT_RENDER_LIMITS } from '../../../formats/format.ts';
import { pdfFormat } from '../../../formats/pdf.ts';
import { formatParams, renderRequest } from '../../../formats/render.ts';
import { goldCity } from '../index.ts';
import type { GoldCityMap } from '../model.ts';
import { goldCityScene } from '../scene.ts';
import { sceneToPng } from '../../../formats/png-document.ts';
import { sceneToSvg } from '../../../formats/svg-document.ts';

type Group = Extract<SceneItem, { kind: 'group' }>;
const groups = (items: SceneItem[]): Group[] => items.flatMap((it) => (it.kind === 'group' ? [it, ...groups(it.items)] : []));
const texts = (items: SceneItem[]): string[] =>
  items.flatMap((it) => (it.kind === 'text' ? [it.text] : it.kind === 'group' ? texts(it.items) : []));
const fills = (items: SceneItem[]): string[] =>
  items.flatMap((it) => (it.kind === 'group' ? fills(it.items) : 'fill' in it && typeof it.fill === 'string' ? [it.fill] : []));

const temple = buildScoredMap(goldCity, '42', { temples: true }) as unknown as GoldCityMap;
const base = buildScoredMap(goldCity, '42', {}) as unknown as GoldCityMap;

describe('Golden Temples picture, page and print', () => {
  it('hovering a temple, a guardian or the chamber says what it is; torch has its own colour', () => {
    const scene = goldCityScene(temple, DEFAULT_STYLE);
    const spaces = groups(scene.items).filter((g) => g.role === 'space');
    const temples = spaces.filter((g) => g.data?.temple);
    expect(temples.map((g) => g.data!.temple).sort()).toEqual(['1', '2']);
    for (const g of temples) expect(g.title).toMatch(/^Temple \d on .*take its gem/);
    const guardians = spaces.filter((g) => g.data?.guardian);
    expect(guardians).toHaveLength(temple.guardians!.length);
    for (const g of guardians) expect(g.title).toMatch(/face-down guardian/);
    // Face down: the hover never gives the guardian's effect away.
    for (const g of guardians) expect(g.title).not.toMatch(/halt|short|coin|token/);
    expect(groups(scene.items).find((g) => g.role === 'gate')!.title).toMatch(/sealed chamber/);
    const torch = spaces.find((g) => g.data?.terrain === 'torch')!;
    expect(torch.title).toMatch(/^Torch \d: one torch card/);
    expect(fills(torch.items)).toContain('#f0892a');
  });

  it('the legend names torch, temple and guardian on a temple course only; the base legend is as it was', () => {
    const legendOf = (map: GoldCityMap) => texts(groups(goldCityScene(map, DEFAULT_STYLE).items).find((g) => g.role === 'legend')!.items);
    const withTemples = legendOf(temple);
    for (const word of ['Torch', 'Temple', 'Guardian']) expect(withTemples).toContain(word);
    const plain = legendOf(base);
    for (const word of ['Torch', 'Temple', 'Guardian']) expect(plain).not.toContain(word);
    expect(goldCityScene(temple, DEFAULT_STYLE).title).toMatch(/Golden Temples/);
  });

  it('renders to SVG and PNG, and the kit prints the guardians as fold-over tokens and a sheet of coins and gems', async () => {
    const scene = goldCityScene(temple, DEFAULT_STYLE);
    expect(sceneToSvg(scene)).toMatch(/^<svg/);
    const png = await sceneToPng(scene, { width: 400 });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const request = renderRequest(
      pdfFormat,
      goldCity,
      temple as unknown as ScoredMap,
      formatParams(pdfFormat, { layout: 'kit', paper: 'a4' }),
      DEFAULT_RENDER_LIMITS,
    );
    const sheets = request.sheets!;
    const all = sheets.flatMap((s) => texts(s.items));
    expect(all.filter((t) => t === 'GUARDIAN')).toHaveLength(temple.guardians!.length);
    expect(all.join(' ')).toMatch(/gold coins/);
    // Piece sheets draw the temples: the temple numbers appear on the pieces that hold them.
    const pieceOf = (t: { q: number; r: number }) => temple.spaces.find((s) => s.q === t.q && s.r === t.r)!.piece;
    for (const t of temple.temples!) {
      const sheet = sheets.find((s) => s.title === `piece ${pieceOf(t)}`)!;
      expect(texts(sheet.items)).toContain(String(t.id));
    }
  });

  it('the options schema documents the layer, so the page shows it as a checkbox, off by default', () => {
    const p = (goldCity.optionsSchema as { properties: Record<string, { type: string; default: unknown; description: string }> }).properties
      .temples!;
    expect(p.type).toBe('boolean');
    expect(p.default).toBe(false);
    expect(p.description).toMatch(/Golden Temples/);
  });
});
