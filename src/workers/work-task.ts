import { InputError } from '../core/maps.ts';
import { reroll, type RerollRequest, type RerollResult } from '../seeds/reroll.ts';
import type { Scene } from '../core/scene.ts';
import type { ScoredMap } from '../core/maps.ts';
import type { FieldError } from '../core/schema.ts';
import { findFormat } from '../formats/index.ts';
import { findGame } from '../games/index.ts';

/** What the service hands a worker thread: long JavaScript work that must not hold its event loop. */
export type WorkTask =
  | { kind: 'reroll'; game: string; request: RerollRequest /** Date.now() past which the search gives up. */; deadline: number }
  | { kind: 'render'; game: string; format: string; map: ScoredMap; params: Record<string, unknown>; scene?: Scene; sheets?: Scene[] }
  | { kind: 'playtest'; game: string; map: ScoredMap; games: number; playerKind?: string };

export type WorkAnswer =
  | { kind: 'reroll'; result: RerollResult | undefined }
  | { kind: 'input-error'; errors: FieldError[]; title: string }
  | { kind: 'render'; body: Uint8Array | string }
  | { kind: 'playtest'; report: unknown };

/** One task, with the library's own functions: the answers are the library's. */
export default async function workTask(task: WorkTask): Promise<WorkAnswer> {
  const game = findGame(task.game);
  if (!game) throw new Error(`no game ${task.game}`);
  if (task.kind === 'reroll') {
    try {
      return { kind: 'reroll', result: reroll(game, task.request, () => Date.now() > task.deadline) };
    } catch (e) {
      // Bad input is the caller's, and errors lose their class crossing threads: say it in data.
      if (e instanceof InputError) return { kind: 'input-error', errors: e.errors, title: e.title };
      throw e;
    }
  }
  if (task.kind === 'playtest') {
    if (!game.playtest) throw new Error(`${task.game} has no bots`);
    return {
      kind: 'playtest',
      report: game.playtest(task.map, { games: task.games, ...(task.playerKind === undefined ? {} : { kind: task.playerKind }) }),
    };
  }
  const format = findFormat(task.format);
  if (!format) throw new Error(`no format ${task.format}`);
  const { format: _f, kind: _k, ...request } = task;
  const out = await format.render({ ...request, game });
  return { kind: 'render', body: out.body };
}
