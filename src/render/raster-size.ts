import type { Scene } from '../core/scene.ts';

export const MM_PER_INCH = 25.4;

/** Pixel size of a scene at a dpi, or scaled to a pixel width (the dpi then follows from it). */
export function rasterSize(scene: Scene, request: { dpi?: number; width?: number }): { width: number; height: number; dpi: number } {
  const dpi = request.width ? (request.width / scene.width) * MM_PER_INCH : (request.dpi ?? 96);
  return {
    width: Math.max(1, Math.round((scene.width / MM_PER_INCH) * dpi)),
    height: Math.max(1, Math.round((scene.height / MM_PER_INCH) * dpi)),
    dpi,
  };
}
