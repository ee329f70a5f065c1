import { InputError } from '../core/maps.ts';
import { loadSchema } from '../core/schemas.ts';
import { layoutPrint, sheetArea, type Paper, type PrintOptions } from '../render/print-layout.ts';
import { fileStem, styleOf, type OutputFormat } from './format.ts';

const printOptions = (params: Record<string, unknown>): PrintOptions => ({ paper: params.paper as Paper, size: params.size as PrintOptions['size'] });

export const pdfFormat: OutputFormat = {
  id: 'pdf',
  mediaType: 'application/pdf',
  description: 'A printable vector PDF: the board at true size tiled over pages or fitted onto one, or the print-and-play kit.',
  schema: loadSchema('api/formats/pdf'),
  needsScene: true,
  binary: true,
  heavy: true,
  cacheable: false,
  limitsOf: (limits) => ({ maxPages: limits.maxPdfPages }),
  prepare(request, limits) {
    const { game, map, scene, params } = request;
    let pages: number;
    if (params.layout === 'kit') {
      if (!game.sheets) throw new InputError([{ field: 'layout', message: `${game.id} has no print-and-play kit yet; use layout=board` }]);
      request.sheets = game.sheets(map, styleOf(params), sheetArea(params.paper as Paper));
      pages = request.sheets.length;
    } else pages = layoutPrint(scene!.width, scene!.height, printOptions(params)).tiles.length;
    if (pages <= limits.maxPdfPages) return;
    throw new InputError([{ field: 'hexSize', message: `would print ${pages} pages; the limit is ${limits.maxPdfPages} (use a smaller hexSize, a larger paper or size=fit)` }], 'PDF too large');
  },
  async render({ game, map, scene, sheets, params }) {
    const { sceneToPdf, sheetsToPdf } = await import('../render/pdf.ts');
    const label = `${game.title} · seed ${map.seed ?? ''}`;
    const pdf = sheets ? await sheetsToPdf(sheets, { paper: params.paper as Paper, label, title: `${scene!.title} · print-and-play kit` }) : (await sceneToPdf(scene!, { ...printOptions(params), label })).pdf;
    return { body: pdf, filename: `${fileStem(game, map)}${sheets ? '-kit' : ''}.pdf` };
  },
  downloads: [
    { label: 'PDF, true size on A4', params: { paper: 'a4', size: 'true' } },
    { label: 'PDF, true size on Letter', params: { paper: 'letter', size: 'true' } },
    { label: 'PDF, one page', params: { paper: 'a4', size: 'fit' } },
  ],
};
