import { InputError } from '../core/maps.ts';
import { loadSchema } from '../core/schemas.ts';
import { layoutPrint, type PrintOptions } from '../render/print-layout.ts';
import { fileStem, type OutputFormat } from './format.ts';

const printOptions = (params: Record<string, unknown>): PrintOptions => ({ paper: params.paper as PrintOptions['paper'], size: params.size as PrintOptions['size'] });

export const pdfFormat: OutputFormat = {
  id: 'pdf',
  mediaType: 'application/pdf',
  description: 'A printable vector PDF: true size tiled over pages, or fitted onto one.',
  schema: loadSchema('api/formats/pdf'),
  needsScene: true,
  binary: true,
  heavy: true,
  cacheable: false,
  limitsOf: (limits) => ({ maxPages: limits.maxPdfPages }),
  check({ scene, params }, limits) {
    const pages = layoutPrint(scene!.width, scene!.height, printOptions(params)).tiles.length;
    if (pages <= limits.maxPdfPages) return;
    throw new InputError([{ field: 'hexSize', message: `would print ${pages} pages; the limit is ${limits.maxPdfPages} (use a smaller hexSize or size=fit)` }], 'PDF too large');
  },
  async render({ game, map, scene, params }) {
    const { sceneToPdf } = await import('../render/pdf.ts');
    const { pdf } = await sceneToPdf(scene!, { ...printOptions(params), label: `${game.title} · seed ${map.seed ?? ''}` });
    return { body: pdf, filename: `${fileStem(game, map)}.pdf` };
  },
  downloads: [
    { label: 'PDF, true size on A4', params: { paper: 'a4', size: 'true' } },
    { label: 'PDF, true size on Letter', params: { paper: 'letter', size: 'true' } },
    { label: 'PDF, one page', params: { paper: 'a4', size: 'fit' } },
  ],
};
