import { describe, expect, it } from 'vitest';
import { validatorFor } from '../../src/core/schema.ts';
import type { Scene } from '../../src/core/scene.ts';
import { pngFormat } from '../../src/formats/png.ts';
import { DEFAULT_DPI, rasterSize } from '../../src/formats/raster-size.ts';

const scene: Scene = { width: 254, height: 127, background: '#fff', title: 't', items: [] };

describe('rasterSize', () => {
  it('draws at the dpi the PNG schema fills in when none is asked for, as the API and CLI do', () => {
    // The API and CLI validate a PNG's parameters with defaults filled in; a direct caller leaves dpi out.
    const params: Record<string, unknown> = {};
    expect(validatorFor(pngFormat.schema, { coerce: true })(params)).toBe(true);
    expect(params.dpi).toBe(DEFAULT_DPI);
    expect(rasterSize(scene, {})).toEqual(rasterSize(scene, { dpi: params.dpi as number }));
    expect(rasterSize(scene, {}).width).toBe(Math.round(10 * DEFAULT_DPI));
  });

  it('takes a pixel width over a dpi, the dpi following from it', () => {
    expect(rasterSize(scene, { width: 1000, dpi: 300 })).toEqual({ width: 1000, height: 500, dpi: 100 });
  });
});
