import type { Problem } from '../../core/game-module.ts';
import { buildBoard, neighboursOf, reachable } from './board.ts';
import { validateBox } from './box-validate.ts';
import { tokenSupply } from './caves.ts';
import { guardianSupply } from './temples.ts';
import {
  MAX_BLOCKADES,
  STRENGTH_RANGE,
  TOKENS_PER_PILE,
  isEnterable,
  tokenLabel,
  type CostedTerrain,
  type GoldCityMap,
  type Space,
} from './model.ts';

const where = (s: Space) => `space (${s.q},${s.r}) on ${s.piece}`;

/**
 * Every invariant of a Gold City course. Works on any schema-valid document, generated or typed
 * in by hand, and names the space, piece, blockade or cave at fault.
 */
export function validateGoldCity(map: GoldCityMap): Problem[] {
  const problems: Problem[] = [];
  const add = (rule: string, message: string, at?: string) => problems.push(at === undefined ? { rule, message } : { rule, message, at });

  const pieceIds = map.pieces.map((p) => p.id);
  const seenPiece = new Set<string>();
  map.pieces.forEach((p, i) => {
    if (seenPiece.has(p.id)) add('duplicate-piece', `piece id ${p.id} is used twice`, `pieces[${i}]`);
    seenPiece.add(p.id);
  });
  if (map.pieces[0]?.kind !== 'start') add('course-order', 'the course must begin with the start piece', 'pieces[0]');
  if (map.pieces[map.pieces.length - 1]?.kind !== 'finish')
    add('course-order', 'the course must end with the finish piece', `pieces[${map.pieces.length - 1}]`);

  const board = buildBoard(map.spaces, pieceIds);
  map.spaces.forEach((s, i) => {
    const first = board.at.get(s.q, s.r);
    if (first !== i)
      add('overlap', `${where(s)} lies on the same hex as space ${first} (${(map.spaces[first] as Space).piece})`, `spaces[${i}]`);
    if (!seenPiece.has(s.piece)) add('unknown-piece', `${where(s)} names a piece that is not in pieces`, `spaces[${i}].piece`);
    if (s.terrain in STRENGTH_RANGE) {
      const [lo, hi] = STRENGTH_RANGE[s.terrain as CostedTerrain];
      if (s.strength === undefined || s.strength < lo || s.strength > hi) {
        add('strength', `${where(s)} is ${s.terrain} and needs a strength from ${lo} to ${hi}`, `spaces[${i}].strength`);
      }
    } else if (s.strength !== undefined) {
      add('strength', `${where(s)} is ${s.terrain} and takes no strength`, `spaces[${i}].strength`);
    }
    if (s.start !== undefined && s.terrain !== 'start')
      add('start-number', `${where(s)} has a start number but is ${s.terrain}`, `spaces[${i}].start`);
    if (s.cave && s.terrain !== 'mountain')
      add('cave-terrain', `${where(s)} is marked as a cave but is ${s.terrain}, not mountain`, `spaces[${i}].cave`);
  });

  // Pieces that are not neighbours in the chain must never touch; neighbours must.
  const touching = new Set<string>();
  map.spaces.forEach((s, i) => {
    const a = board.pieceIndex[i] as number;
    for (const j of neighboursOf(board, i)) {
      const b = board.pieceIndex[j] as number;
      if (a < 0 || b < 0 || a >= b) continue;
      touching.add(`${a}:${b}`);
      if (b - a > 1) {
        const t = map.spaces[j] as Space;
        add(
          'piece-contact',
          `${where(s)} touches ${where(t)}, but ${s.piece} and ${t.piece} are not neighbours in the course`,
          `spaces[${i}]`,
        );
      }
    }
  });
  for (let i = 0; i + 1 < pieceIds.length; i++) {
    if (!touching.has(`${i}:${i + 1}`))
      add('seam-missing', `${pieceIds[i]} and ${pieceIds[i + 1]} follow each other in the course but do not touch`, `pieces[${i + 1}]`);
  }

  const starts = map.spaces.flatMap((s, i) => (s.terrain === 'start' ? [i] : []));
  const finishes = map.spaces.flatMap((s, i) => (s.terrain === 'finish' ? [i] : []));
  if (starts.length === 0) add('no-start', 'the course has no start space');
  if (finishes.length === 0) add('no-finish', 'the course has no finishing space');
  const numbers = new Set<number>();
  for (const i of starts) {
    const n = (map.spaces[i] as Space).start;
    if (n === undefined) add('start-number', `${where(map.spaces[i] as Space)} is a start space without a number`, `spaces[${i}].start`);
    else if (numbers.has(n)) add('start-number', `start number ${n} is used twice`, `spaces[${i}].start`);
    else numbers.add(n);
  }

  const open = (j: number) => isEnterable((map.spaces[j] as Space).terrain);
  map.spaces.forEach((s, i) => {
    if (s.cave && s.terrain === 'mountain' && ![...neighboursOf(board, i)].some(open)) {
      add('cave-closed', `cave at ${where(s)} borders no space a pawn can stand on`, `spaces[${i}].cave`);
    }
  });
  // A broken seam cuts off everything past it: report the break once with a count of what it
  // cuts off, rather than burying it under a line per unreachable space.
  const firstBreak = problems.findIndex((p) => p.rule === 'seam-missing');
  const breakAt = firstBreak === -1 ? undefined : Number(/^pieces\[(\d+)\]$/.exec(problems[firstBreak]!.at ?? '')?.[1]);
  const pastBreak = (i: number) => breakAt !== undefined && (board.pieceIndex[i] as number) >= breakAt;
  const followOn: string[] = [];
  if (finishes.length > 0) {
    const fromFinish = reachable(board, finishes, open);
    const stranded = starts.filter((i) => !fromFinish[i]);
    if (breakAt !== undefined && stranded.length > 0)
      followOn.push(
        `start${stranded.length === 1 ? '' : 's'} ${stranded.map((i) => (map.spaces[i] as Space).start ?? '?').join(', ')} cannot reach a finishing space`,
      );
    else
      for (const i of stranded)
        add(
          'start-cut-off',
          `start ${(map.spaces[i] as Space).start ?? '?'} at ${where(map.spaces[i] as Space)} cannot reach a finishing space`,
          `spaces[${i}]`,
        );
  }
  if (starts.length > 0) {
    const fromStart = reachable(board, starts, open);
    const cut = map.spaces.flatMap((s, i) => (isEnterable(s.terrain) && !fromStart[i] ? [i] : []));
    const beyond = cut.filter(pastBreak);
    if (beyond.length > 0) {
      const pieces = [...new Set(beyond.map((i) => (map.spaces[i] as Space).piece))];
      followOn.unshift(`${beyond.length} space${beyond.length === 1 ? '' : 's'} (on ${pieces.join(', ')}) cut off by it`);
    }
    // The rest, one problem per walled-in region rather than per space.
    const inRegion = new Uint8Array(map.spaces.length);
    const rest = cut.filter((i) => !pastBreak(i));
    const isRest = new Uint8Array(map.spaces.length);
    for (const i of rest) isRest[i] = 1;
    for (const i of rest) {
      if (inRegion[i]) continue;
      const region = reachable(board, [i], (j) => isRest[j] === 1);
      const members = rest.filter((j) => region[j]);
      for (const j of members) inRegion[j] = 1;
      const s = map.spaces[i] as Space;
      if (members.length === 1) add('cut-off', `${where(s)} cannot be reached from the start`, `spaces[${i}]`);
      else
        add(
          'cut-off',
          `${where(s)} and ${members.length - 1} space${members.length === 2 ? '' : 's'} joined to it cannot be reached from the start`,
          `spaces[${i}]`,
        );
    }
  }
  if (firstBreak !== -1 && followOn.length > 0) {
    const cause = problems[firstBreak]!;
    problems.splice(firstBreak + 1, 0, {
      rule: 'cut-off',
      message: `… and ${followOn.join('; ')}`,
      ...(cause.at === undefined ? {} : { at: cause.at }),
    });
  }

  if (map.blockades.length > MAX_BLOCKADES)
    add('too-many-blockades', `${map.blockades.length} blockades; a course has at most ${MAX_BLOCKADES}`, 'blockades');
  const seams = new Set<string>();
  map.blockades.forEach((b, i) => {
    const a = board.pieceOrder.get(b.between[0]);
    const c = board.pieceOrder.get(b.between[1]);
    if (a === undefined || c === undefined || Math.abs(a - c) !== 1) {
      add(
        'blockade-between',
        `blockade ${b.id} lies between ${b.between[0]} and ${b.between[1]}, which are not neighbours in the course`,
        `blockades[${i}].between`,
      );
      return;
    }
    const seam = `${Math.min(a, c)}:${Math.max(a, c)}`;
    if (seams.has(seam))
      add('blockade-between', `blockade ${b.id} is a second blockade on the seam ${b.between[0]}–${b.between[1]}`, `blockades[${i}]`);
    seams.add(seam);
    const [lo, hi] = STRENGTH_RANGE[b.terrain];
    if (b.strength < lo || b.strength > hi)
      add('strength', `blockade ${b.id} is ${b.terrain} and needs a strength from ${lo} to ${hi}`, `blockades[${i}].strength`);
  });

  const supply = new Map<string, number>();
  for (const t of tokenSupply()) supply.set(tokenLabel(t), (supply.get(tokenLabel(t)) ?? 0) + 1);
  (map.caves ?? []).forEach((pile, i) => {
    const at = board.at.get(pile.q, pile.r);
    const space = at === -1 ? undefined : (map.spaces[at] as Space);
    if (space?.terrain !== 'mountain' || !space.cave) {
      add('cave-placement', `cave pile ${i} at (${pile.q},${pile.r}) is not on a cave-marked mountain`, `caves[${i}]`);
    }
    if (pile.tokens.length > TOKENS_PER_PILE)
      add('pile-size', `cave pile ${i} holds ${pile.tokens.length} tokens; a pile holds ${TOKENS_PER_PILE}`, `caves[${i}].tokens`);
    pile.tokens.forEach((t, k) => {
      const label = tokenLabel(t);
      const left = supply.get(label) ?? 0;
      if (left === 0)
        add('token-supply', `token ${label} in cave pile ${i} is more than the 36-token set holds`, `caves[${i}].tokens[${k}]`);
      else supply.set(label, left - 1);
    });
  });
  validateTemples(map, board, starts, add);
  validateBox(map, add);
  validateStagger(map, board, numbers, finishes, open, add);
  return problems;
}

/**
 * A staggered start: each entry names a numbered start space a seat at the table uses, once,
 * and moves its pawn onto an open space of the start piece that no other pawn starts on and
 * from which the finish can be reached.
 */
function validateStagger(
  map: GoldCityMap,
  board: ReturnType<typeof buildBoard>,
  numbers: Set<number>,
  finishes: number[],
  open: (j: number) => boolean,
  add: (rule: string, message: string, at?: string) => void,
): void {
  if (!map.stagger?.length) return;
  const players = map.options?.players ?? 4;
  const used = players === 2 ? 4 : players;
  const fromFinish = finishes.length > 0 ? reachable(board, finishes, open) : undefined;
  const named = new Set<number>();
  const taken = new Set<number>();
  map.stagger.forEach((e, k) => {
    const at = `stagger[${k}]`;
    if (!numbers.has(e.start)) add('stagger-start', `stagger names start ${e.start}, which the course does not have`, `${at}.start`);
    else if (e.start > used)
      add('stagger-start', `stagger moves the pawn of start ${e.start}, which nobody uses at ${players} players`, `${at}.start`);
    if (named.has(e.start)) add('stagger-start', `stagger moves the pawn of start ${e.start} twice`, `${at}.start`);
    named.add(e.start);
    const i = board.at.get(e.q, e.r);
    const space = i >= 0 ? map.spaces[i] : undefined;
    if (!space)
      return add('stagger-space', `stagger puts start ${e.start}'s pawn on (${e.q},${e.r}), which is not a space of the course`, at);
    if (space.piece !== map.pieces[0]?.id)
      add('stagger-space', `stagger puts start ${e.start}'s pawn on ${where(space)}, off the start piece`, at);
    else if (!open(i) || space.terrain === 'start')
      add('stagger-space', `stagger puts start ${e.start}'s pawn on ${where(space)}, a ${space.terrain} space`, at);
    else if (taken.has(i)) add('stagger-space', `stagger puts two pawns on ${where(space)}`, at);
    else if (fromFinish && !fromFinish[i])
      add('stagger-space', `start ${e.start}'s staggered pawn at ${where(space)} cannot reach a finishing space`, at);
    taken.add(i);
  });
}

const SYMBOL_GROUND = new Set(['jungle', 'water', 'village', 'torch']);

/**
 * The Golden Temples layer: two temples with distinct ids on distinct symbol-ground spaces that
 * every start can reach without passing the sealed chamber; guardians on mountains beside open
 * ground, never on a cave, one a hex, faces from the supply; the layer only where the options say so.
 */
function validateTemples(
  map: GoldCityMap,
  board: ReturnType<typeof buildBoard>,
  starts: number[],
  add: (rule: string, message: string, at?: string) => void,
): void {
  const temples = map.temples ?? [];
  const guardians = map.guardians ?? [];
  if (map.options && !map.options.temples && (temples.length > 0 || guardians.length > 0)) {
    add('temples-option', 'the map has temples or guardians but its options do not switch the Golden Temples layer on', 'options.temples');
  }
  if (map.options?.temples && temples.length !== 2)
    add('temple-count', `a Golden Temples map has two temples, not ${temples.length}`, 'temples');
  if (!map.options && temples.length === 1) add('temple-count', 'a temple course has at least two temples', 'temples');
  const sealed = (j: number) => isEnterable((map.spaces[j] as Space).terrain) && (map.spaces[j] as Space).terrain !== 'finish';
  const ids = new Set<number>();
  const hexes = new Set<number>();
  temples.forEach((t, i) => {
    if (ids.has(t.id)) add('temple-id', `temple id ${t.id} is used twice`, `temples[${i}].id`);
    ids.add(t.id);
    const at = board.at.get(t.q, t.r);
    const space = at === -1 ? undefined : (map.spaces[at] as Space);
    if (!space || !SYMBOL_GROUND.has(space.terrain)) {
      add('temple-placement', `temple ${t.id} at (${t.q},${t.r}) is not on jungle, water, village or torch ground`, `temples[${i}]`);
      return;
    }
    if (hexes.has(at)) add('temple-placement', `temple ${t.id} stands on the same space as another temple`, `temples[${i}]`);
    hexes.add(at);
    const from = reachable(board, [at], sealed);
    const cut = starts.filter((s) => !from[s]);
    if (cut.length > 0)
      add(
        'temple-cut-off',
        `temple ${t.id} at ${where(space)} cannot be reached from start ${cut.map((s) => (map.spaces[s] as Space).start ?? '?').join(', ')}`,
        `temples[${i}]`,
      );
  });
  const supply = new Map<string, number>();
  for (const e of guardianSupply()) supply.set(e, (supply.get(e) ?? 0) + 1);
  const seen = new Set<number>();
  guardians.forEach((g, i) => {
    const at = board.at.get(g.q, g.r);
    const space = at === -1 ? undefined : (map.spaces[at] as Space);
    if (space?.terrain !== 'mountain')
      add('guardian-placement', `guardian ${i} at (${g.q},${g.r}) is not on a mountain`, `guardians[${i}]`);
    else {
      if (space.cave) add('guardian-placement', `guardian ${i} at ${where(space)} shares its mountain with a cave`, `guardians[${i}]`);
      if (![...neighboursOf(board, at)].some((j) => isEnterable((map.spaces[j] as Space).terrain)))
        add('guardian-closed', `guardian ${i} at ${where(space)} borders no space a pawn can stand on`, `guardians[${i}]`);
      if (seen.has(at))
        add('guardian-placement', `guardian ${i} at ${where(space)} is a second guardian on one mountain`, `guardians[${i}]`);
      seen.add(at);
    }
    const left = supply.get(g.effect) ?? 0;
    if (left === 0) add('guardian-supply', `guardian ${i} (${g.effect}) is more than the guardian supply holds`, `guardians[${i}].effect`);
    else supply.set(g.effect, left - 1);
  });
}
