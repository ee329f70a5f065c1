import { InputError } from '../core/maps.ts';
import { loadSchema } from '../core/schemas.ts';
import { boardPageCount, planBoardPrint } from './board-plan.ts';
import { fitsArea, officeArea, sheetArea, type Paper, type PrintOptions } from './print-layout.ts';
import { styleOf, type OutputFormat } from './format.ts';
import { KIT_SIZES, largestFitting, sheetMaker } from './sheet-layout.ts';

const SHEET_TITLES = { kit: 'print-and-play kit', setup: 'setup' } as const;

const printOptions = (params: Record<string, unknown>): PrintOptions => ({
  paper: params.paper as Paper,
  size: params.size as PrintOptions['size'],
});

export const pdfFormat: OutputFormat = {
  id: 'pdf',
  mediaType: 'application/pdf',
  description: 'A printable vector PDF: the board at true size tiled over pages or fitted onto one, or the print-and-play kit.',
  schema: loadSchema('api/formats/pdf'),
  needsScene: (params) => params.layout !== 'kit' && params.layout !== 'setup',
  binary: true,
  heavy: true,
  offThread: true,
  cacheable: false,
  limitsOf: (limits) => ({ maxPages: limits.maxPdfPages }),
  nameParts: ({ layout, paper, size }) => [
    layout === 'kit' || layout === 'setup' ? String(layout) : size === 'fit' ? 'one-page' : paper === 'a0' ? 'poster' : 'tiled',
    String(paper),
  ],
  prepare(request, limits) {
    const { game, map, scene, params } = request;
    let pages: number;
    if (params.layout === 'kit' || params.layout === 'setup') {
      const sheets = sheetMaker(game, map, params.layout);
      const paper = params.paper as Paper;
      const area = sheetArea(paper);
      const style = styleOf(params);
      // Without a hexSize the kit is as large as fits A4 and Letter alike, whatever the paper,
      // so the pieces of one course match wherever each sheet was printed.
      const hexSize =
        (params.hexSize as number | undefined) ??
        largestFitting(sheets, map, style, officeArea(), KIT_SIZES) ??
        KIT_SIZES[KIT_SIZES.length - 1]!;
      request.sheets = sheets(map, { ...style, hexSize }, area);
      const over = request.sheets.find((s) => !fitsArea(s.width, s.height, area));
      if (over) {
        const best = largestFitting(
          sheets,
          map,
          style,
          area,
          KIT_SIZES.filter((s) => s < hexSize),
        );
        const hint = best === undefined ? 'use a larger paper' : `the largest hexSize that fits is ${best}, or use a larger paper`;
        throw new InputError(
          [
            {
              field: 'hexSize',
              message: `the ${over.title} sheet would be ${Math.ceil(over.width)}×${Math.ceil(over.height)} mm, larger than ${paper}'s printable area; ${hint}`,
            },
          ],
          'Kit sheet too large',
        );
      }
      pages = request.sheets.length;
    } else pages = boardPageCount(planBoardPrint(scene!, printOptions(params)));
    if (pages <= limits.maxPdfPages) return;
    throw new InputError(
      [
        {
          field: 'hexSize',
          message: `would print ${pages} pages; the limit is ${limits.maxPdfPages} (use a smaller hexSize, a larger paper or size=fit)`,
        },
      ],
      'PDF too large',
    );
  },
  async render({ game, map, scene, sheets, params }) {
    const { sceneToPdf, sheetsToPdf } = await import('./pdf-document.ts');
    const label = `${game.title} · seed ${map.seed ?? ''}`;
    const layout = params.layout === 'setup' ? 'setup' : 'kit';
    const pdf = sheets
      ? await sheetsToPdf(sheets, { paper: params.paper as Paper, label, title: `${game.mapTitle(map)} · ${SHEET_TITLES[layout]}` })
      : (await sceneToPdf(scene!, { ...printOptions(params), label })).pdf;
    return { body: pdf };
  },
  downloads: [
    { id: 'pdf-kit-a4', label: 'PDF kit to cut out, A4', params: { layout: 'kit', paper: 'a4' }, needs: 'sheets' },
    { id: 'pdf-setup-a4', label: 'PDF setup sheet (from the box), A4', params: { layout: 'setup', paper: 'a4' }, needs: 'setup' },
    { id: 'pdf-kit-letter', label: 'PDF kit to cut out, Letter', params: { layout: 'kit', paper: 'letter' }, needs: 'sheets' },
    { id: 'pdf-poster-a0', label: 'PDF poster, true size on A0', params: { paper: 'a0', size: 'true' } },
    { id: 'pdf-a4', label: 'PDF, true size on A4', params: { paper: 'a4', size: 'true' } },
    { id: 'pdf-letter', label: 'PDF, true size on Letter', params: { paper: 'letter', size: 'true' } },
    { id: 'pdf-fit', label: 'PDF, one page', params: { paper: 'a4', size: 'fit' } },
  ],
};
