import { InputError } from '../core/maps.ts';
import { loadSchema } from '../core/schemas.ts';
import { sheetArea } from './print-layout.ts';
import { MM_PER_INCH, rasterSize } from './raster-size.ts';
import { styleOf, type OutputFormat, type RenderRequest } from './format.ts';
import { sheetMaker } from './sheet-layout.ts';
import { tablePiecesOf } from './table-pieces.ts';

/**
 * A hex's pixels across its flats at a dpi: the flats are √3 × hexSize mm apart (hexSize is centre
 * to corner), and 25.4 mm make an inch.
 */
const hexPxAt = (dpi: number, hexSize: number) => (Math.sqrt(3) * hexSize * dpi) / MM_PER_INCH;

function sizeRequest(params: Record<string, unknown>): { width?: number; dpi?: number } {
  if (params.width !== undefined) return { width: params.width as number };
  if (params.hexPx !== undefined) return { dpi: ((params.hexPx as number) * MM_PER_INCH) / (Math.sqrt(3) * styleOf(params).hexSize) };
  return { dpi: params.dpi as number };
}

/** Which size parameter the caller gave, so an error names it. */
const sizeField = (params: Record<string, unknown>) =>
  params.width !== undefined ? 'width' : params.hexPx !== undefined ? 'hexPx' : 'dpi';

/** One side of one of the map's table pieces, or an InputError naming `piece` with the ids there are. */
function pieceScene({ game, map, params }: RenderRequest) {
  const pieces = tablePiecesOf(game, map, styleOf(params));
  const piece = pieces.find((p) => p.id === params.piece);
  if (!piece) {
    const ids = pieces.map((p) => p.id);
    const shown = ids.length > 12 ? `${ids.slice(0, 12).join(', ')} … (${ids.length} in all)` : ids.join(', ');
    throw new InputError(
      [{ field: 'piece', message: `this map has no piece "${String(params.piece)}"; its pieces are ${shown}` }],
      'Unknown piece',
    );
  }
  return params.side === 'back' && piece.back ? piece.back : piece.front;
}

export const pngFormat: OutputFormat = {
  id: 'png',
  mediaType: 'image/png',
  description:
    'The board as PNG, its dpi recorded in the file so it prints at true size; sized by width, hexPx (pixels across a hex, for virtual tabletops) or dpi.',
  schema: loadSchema('api/formats/png'),
  // The size that was asked for names the file: width wins over hexPx, and hexPx over dpi.
  nameParts: ({ layout, piece, side, width, hexPx, dpi }) =>
    [
      layout === 'setup' ? 'setup' : '',
      piece !== undefined ? `piece-${String(piece)}${side === 'back' ? '-back' : ''}` : '',
      width !== undefined ? `${String(width)}px` : hexPx !== undefined ? `hex${String(hexPx)}px` : `${String(dpi)}dpi`,
    ].filter(Boolean),
  // A setup sheet or one piece is a scene of its own: the board is drawn only for the board.
  needsScene: (params) => params.layout !== 'setup' && params.piece === undefined,
  binary: true,
  heavy: true,
  cacheable: false,
  limitsOf: (limits) => ({ maxPixels: limits.maxPixels }),
  prepare(request: RenderRequest, limits) {
    const { game, map, params } = request;
    // The setup sheet is one page drawn as a PDF's would be, on A4's printable area.
    if (params.layout === 'setup') {
      const sheets = sheetMaker(game, map, 'setup')(map, styleOf(params), sheetArea('a4'));
      // A picture is one page: a setup of several pages is the PDF's to print.
      if (sheets.length > 1)
        throw new InputError([
          { field: 'layout', message: `this map's setup is ${sheets.length} pages; ask for it as a PDF (layout=setup on the .pdf)` },
        ]);
      request.scene = sheets[0];
    }
    if (params.piece !== undefined) {
      if (params.layout === 'setup')
        throw new InputError([{ field: 'piece', message: 'is a piece of the board, not of the setup sheet: leave out layout=setup' }]);
      request.scene = pieceScene(request);
    }
    const { scene } = request;
    const size = rasterSize(scene!, sizeRequest(params));
    if (size.width * size.height <= limits.maxPixels) return;
    // Name the largest of each size parameter that fits, so the caller can ask again at once.
    const areaInches = (scene!.width / MM_PER_INCH) * (scene!.height / MM_PER_INCH);
    const exact = Math.sqrt(limits.maxPixels / areaInches);
    const fits = (request: { dpi?: number; width?: number }) => {
      const s = rasterSize(scene!, request);
      return s.width * s.height <= limits.maxPixels;
    };
    const largest = (start: number, request: (v: number) => { dpi?: number; width?: number }) => {
      let v = Math.floor(start);
      while (v > 1 && !fits(request(v))) v--;
      return v;
    };
    const hexSize = styleOf(params).hexSize;
    const dpi = largest(exact, (v) => ({ dpi: v }));
    const width = largest((scene!.width / MM_PER_INCH) * exact, (v) => ({ width: v }));
    const hexPx = largest(hexPxAt(exact, hexSize), (v) => sizeRequest({ ...params, width: undefined, hexPx: v }));
    throw new InputError(
      [
        {
          field: sizeField(params),
          message: `would render ${size.width}×${size.height} pixels; the limit is ${limits.maxPixels} (this board fits at dpi ${dpi}, width ${width} or hexPx ${hexPx})`,
        },
      ],
      'Render too large',
    );
  },
  async render({ scene, params, rasterise }) {
    const { sceneToPng } = await import('./png-document.ts');
    const body = await sceneToPng(scene!, sizeRequest(params), rasterise);
    return { body };
  },
  downloads: [
    { id: 'png', label: 'PNG', params: { dpi: 300 } },
    { id: 'png-setup', label: 'PNG setup sheet (from the box)', params: { layout: 'setup', dpi: 150 }, needs: 'setup' },
    { id: 'png-tabletop', label: 'PNG for virtual tabletops (100 px a hex)', params: { hexPx: 100 } },
  ],
};
