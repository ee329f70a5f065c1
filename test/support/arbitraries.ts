import fc from 'fast-check';

/** Any seed a person could type: 1–40 graphemes, no control characters (what the seed schema accepts). */
export const seedString = fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }).filter((s) => !/[\u0000-\u001f\u007f]/.test(s));
