// Which grounds of each game's boards could be confused by colour alone, under each colour-vision
// deficiency (docs/printing.md#readable-without-colour): every pair of ground fills with its CIE76
// difference as simulated; pairs under 15 rely on the grounds' marks. Also writes each game's seed-42
// PNG as simulated, to look at: node --import tsx docs/studies/code/colour-vision-check.ts [outDir]
import sharp from 'sharp';
import { deltaE, VISION_MATRICES, type Vision } from '../../../src/formats/colour-vision.ts';
import { LOOKS } from '../../../src/games/gold-city/drawings.ts';
import { FILL } from '../../../src/games/lost-valley/scene.ts';
import { GAMES } from '../../../src/games/index.ts';
import { buildScoredMap } from '../../../src/core/maps.ts';
import { sceneToPng } from '../../../src/formats/png-document.ts';

const palettes: Record<string, Record<string, string>> = {
  'gold-city': Object.fromEntries(Object.entries(LOOKS).map(([k, v]) => [k, v.fill])),
  'lost-valley': Object.fromEntries(Object.entries(FILL).filter(([k]) => k !== 'spring')),
};
const visions = Object.keys(VISION_MATRICES) as Vision[];
for (const [game, palette] of Object.entries(palettes)) {
  const names = Object.keys(palette);
  for (const vision of visions) {
    const close: string[] = [];
    for (let i = 0; i < names.length; i++)
      for (let j = i + 1; j < names.length; j++) {
        const d = deltaE(palette[names[i]!]!, palette[names[j]!]!, vision);
        if (d < 15) close.push(`${names[i]}/${names[j]} ${d.toFixed(1)}`);
      }
    console.log(`${game} ${vision}: ${close.length ? close.join(', ') : 'every pair ≥ 15'}`);
  }
}
const out = process.argv[2];
if (out) {
  for (const game of GAMES) {
    const map = buildScoredMap(game, '42', {});
    const png = await sceneToPng(game.scene(map, { theme: 'print', labels: true, hexSize: 20 }), { dpi: 60 });
    for (const vision of visions) {
      const m = VISION_MATRICES[vision];
      // sharp's recomb works on the stored (gamma-encoded) values: close enough to look at.
      await sharp(png)
        .removeAlpha()
        .recomb(m.map((r) => [...r]) as [[number, number, number], [number, number, number], [number, number, number]])
        .toFile(`${out}/${game.id}-${vision}.png`);
    }
  }
  console.log(`wrote ${out}/<game>-<vision>.png`);
}
