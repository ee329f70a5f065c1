import type { Scene, Style } from '../../core/scene.ts';
import { mean } from '../../core/stats.ts';
import { BOX_TILES } from './box-tiles.ts';
import { PRESETS } from './box-course.ts';
import { courseTitle } from './drawings.ts';
import type { GoldCityMap, Piece } from './model.ts';
import { courseSheet } from './sheets.ts';

// A hexagonal board of pointy hexes has flat sides facing north, north-east, … (every 60° from north).
const COMPASS = ['north', 'north-east', 'south-east', 'south', 'south-west', 'north-west'];

/** The edge of `from` that `to` lies against, by the direction between their centres on the page. */
function edgeBetween(map: GoldCityMap, from: Piece, to: Piece): string {
  const mid = (p: Piece) => {
    const own = map.spaces.filter((s) => s.piece === p.id);
    // Pointy hexes: x = √3 (q + r/2), y = 1.5 r.
    return { x: mean(own.map((s) => Math.sqrt(3) * (s.q + s.r / 2))), y: mean(own.map((s) => 1.5 * s.r)) };
  };
  const a = mid(from);
  const b = mid(to);
  const deg = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  return COMPASS[((Math.round((deg + 90) / 60) % 6) + 6) % 6] as string;
}

const side = (p: Piece) => BOX_TILES.get(p.tile as string);
const faceName = (letter: string) => (letter.startsWith('END-') ? 'El Dorado' : letter);
const shortName = (letter: string) => (letter.startsWith('END-') ? 'ED' : letter);

/**
 * The setup sheet of a course from the box (layout=setup): the course small with each board's
 * letter and an arrow to its printed top, blockades and starts and caves; beside it one line a
 * board saying which board, which side, how far turned and where it joins.
 */
/** Why a course has no setup sheet (it is not laid from the box), read off its pieces without drawing. */
export function goldCitySetupMissing(map: GoldCityMap): string | undefined {
  return map.pieces.every((p) => p.tile !== undefined && BOX_TILES.has(p.tile))
    ? undefined
    : 'only a course laid from the box (tiles: "box" or a course preset) has a setup sheet';
}

export function goldCitySetup(map: GoldCityMap, _style: Style, area: { width: number; height: number }): { sheets: Scene[]; why?: string } {
  const why = goldCitySetupMissing(map);
  if (why !== undefined) return { sheets: [], why };
  const steps = map.pieces.map((p, i) => {
    const t = side(p)!;
    const turned = p.turns ? `turned ${p.turns} × 60° clockwise` : 'not turned';
    const what =
      t.kind === 'finish'
        ? `El Dorado piece, side ${t.letter.slice(4)} (finishing spaces printed ${t.letter === 'END-water' ? 'blue' : 'green'})`
        : `${t.kind === 'start' ? 'Start board' : t.kind === 'strip' ? 'Strip' : 'Board'} ${t.board}, side ${t.letter}`;
    const prev = map.pieces[i - 1];
    const joined = prev
      ? `, joined to the ${edgeBetween(map, prev, p)} edge of ${faceName(side(prev)!.letter)}`
      : ', anywhere on the table';
    return `${i + 1}. ${what}, ${turned}${joined}.`;
  });
  if (map.blockades.length)
    steps.push(
      `${steps.length + 1}. Blockades: lay each printed blockade on the seam drawn with its id, requirement face up (${map.blockades.map((b) => `${b.id} = printed ${b.printedNumber ?? '?'} ${b.terrain} ${b.strength}`).join(', ')}).`,
    );
  if ((map.caves ?? []).length)
    steps.push(
      `${steps.length + 1}. Caves: shuffle the 36 cave tokens and put four face down on each marked cave (C1…C${map.caves!.length}).`,
    );
  steps.push(`${steps.length + 1}. Pawns start on the numbered start spaces in turn order.`);
  const preset = map.options?.course ? PRESETS[map.options.course] : undefined; // 'none' is never recorded
  const title = `${preset ? preset.name : courseTitle(map)} · setup from the box`;
  const scene = courseSheet(
    map,
    {
      title,
      note: "Which board, which side, which way round, from your box of The Quest for El Dorado. Turn each board until its terrain matches the drawing: the arrow points to the top edge of the face as goldmaps' tile table draws it upright (src/games/gold-city/data/rulebook/tiles.json), which may not be the way its printed letter reads; “turned n × 60° clockwise” is measured from there.",
      steps,
      label: (p) => shortName(side(p)!.letter),
      turns: (p) => p.turns,
      sheetTitle: 'setup',
    },
    area,
  );
  return { sheets: [scene] };
}
