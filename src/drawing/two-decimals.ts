/**
 * `v.toFixed(2)` without its trailing zeros ("1.50" → "1.5", "2.00" → "2", "-0.00" → "-0"), the
 * way every coordinate in an SVG is written. toFixed and a regex per number were a third of the
 * time to write a board's SVG; this gives the same text from integer arithmetic and keeps toFixed
 * for the cases where the scaled value lies too near a rounding tie (or too high) to be sure of it.
 */
export function twoDecimals(v: number): string {
  const magnitude = v < 0 ? -v : v;
  const scaled = magnitude * 100;
  const hundredths = Math.round(scaled);
  // Multiplying by 100 can move a value onto or across .5 by an ulp, where toFixed, which rounds
  // the exact binary value, would go the other way; NaN and ±Infinity fail the test and go too.
  if (!(scaled < 1e15) || Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6) return viaToFixed(v);
  const whole = Math.floor(hundredths / 100);
  const cents = hundredths - whole * 100;
  const sign = v < 0 ? '-' : '';
  if (cents === 0) return `${sign}${whole}`;
  if (cents % 10 === 0) return `${sign}${whole}.${cents / 10}`;
  return `${sign}${whole}.${cents < 10 ? '0' : ''}${cents}`;
}

function viaToFixed(v: number): string {
  const s = v.toFixed(2);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}
