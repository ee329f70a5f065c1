import { expect } from 'vitest';
import type { Scene, SceneItem } from '../../src/core/scene.ts';
import { MIN_TEXT_MM } from '../../src/drawing/text-fit.ts';

type Text = Extract<SceneItem, { kind: 'text' }>;

/** The text items under groups of `role`, at any depth (a sheet's steps, its header, …). */
export function textsIn(items: readonly SceneItem[], role: string, inside = false): Text[] {
  return items.flatMap((it) => {
    if (it.kind === 'group') return textsIn(it.items, role, inside || it.role === role);
    return inside && it.kind === 'text' ? [it] : [];
  });
}

/**
 * Every step line of a sheet at one size (a long step wraps, it does not shrink alone), and
 * none under MIN_TEXT_MM; a header's title and its note each at one size too.
 */
export function expectOneSizePerRole(sheets: readonly Scene[]): number {
  let withSteps = 0;
  for (const sheet of sheets) {
    const steps = textsIn(sheet.items, 'steps');
    if (steps.length > 0) withSteps++;
    expect(new Set(steps.map((t) => t.size)).size, `${sheet.title}: step sizes`).toBeLessThanOrEqual(1);
    for (const t of steps) expect(t.size, `${sheet.title}: ${t.text}`).toBeGreaterThanOrEqual(MIN_TEXT_MM);
    const header = textsIn(sheet.items, 'title');
    for (const bold of [true, false]) {
      const role = header.filter((t) => (t.bold ?? false) === bold);
      expect(new Set(role.map((t) => t.size)).size, `${sheet.title}: header sizes`).toBeLessThanOrEqual(1);
      for (const t of role) expect(t.size, `${sheet.title}: ${t.text}`).toBeGreaterThanOrEqual(MIN_TEXT_MM);
    }
  }
  return withSteps;
}
