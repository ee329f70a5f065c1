/** An SVG drawn at its own pixel size to PNG, the dpi written into the file's pHYs chunk. */
export function svgToPng(svg: string | Uint8Array, dpi: number): Promise<Buffer>;
