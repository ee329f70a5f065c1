/**
 * How colours look to people with a colour-vision deficiency: Machado, Oliveira & Fernandes
 * (2009), "A Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE TVCG
 * 15(6), the severity-1.0 matrices, applied to linear RGB. Used to check that a board's grounds
 * stay apart (or are told apart by their marks) for every reader.
 */
export type Vision = 'normal' | 'protanopia' | 'deuteranopia' | 'tritanopia';

type Matrix = readonly [readonly [number, number, number], readonly [number, number, number], readonly [number, number, number]];

export const VISION_MATRICES: Readonly<Record<Vision, Matrix>> = {
  normal: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** CIE L*a*b* (D65) of a colour as seen with `vision`. */
export function labAs(hex: string, vision: Vision): [number, number, number] {
  const lin = rgbOf(hex).map(toLinear) as [number, number, number];
  const m = VISION_MATRICES[vision];
  const [r, g, b] = m.map((row) => Math.min(1, Math.max(0, row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2]))) as [
    number,
    number,
    number,
  ];
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIE76 colour difference between two colours as seen with `vision` (about 2.3 is just noticeable). */
export function deltaE(a: string, b: string, vision: Vision): number {
  const p = labAs(a, vision);
  const q = labAs(b, vision);
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}
