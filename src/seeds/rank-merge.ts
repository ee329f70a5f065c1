import { BANDS } from '../core/difficulty.ts';
import { RANK_HEADER, hardestFirst, rankCsv, type RankRow } from './rank.ts';

/** A ranking CSV that cannot be merged; the message names the file (and line) at fault. */
export class RankMergeError extends Error {}

/** A ranked seed `base/k`: the base before the last '/', and k, its position 1 … count. */
export function seedPosition(seed: string): { base: string; position: number } | undefined {
  const cut = seed.lastIndexOf('/');
  const digits = seed.slice(cut + 1);
  if (cut <= 0 || !/^[1-9]\d{0,15}$/.test(digits) || !Number.isSafeInteger(Number(digits))) return undefined;
  return { base: seed.slice(0, cut), position: Number(digits) };
}

/** RFC 4180 records with `\n` line ends, as rankCsv writes them, or where and why they are malformed. */
function csvRecords(text: string): { records: Array<{ line: number; fields: string[] }> } | { line: number; message: string } {
  if (text === '') return { line: 1, message: 'the file is empty' };
  if (!text.endsWith('\n')) return { line: text.split('\n').length, message: 'the last line has no line end (cut short?)' };
  const records: Array<{ line: number; fields: string[] }> = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        for (i++; ; ) {
          if (i >= text.length) return { line: start, message: 'a quoted field is not closed' };
          const quote = text.indexOf('"', i);
          if (quote < 0) return { line: start, message: 'a quoted field is not closed' };
          const piece = text.slice(i, quote);
          for (const c of piece) if (c === '\n') line++;
          field += piece;
          if (text[quote + 1] === '"') (field += '"'), (i = quote + 2);
          else {
            i = quote + 1;
            break;
          }
        }
        if (text[i] !== ',' && text[i] !== '\n') return { line, message: 'text after a closing quote' };
      } else {
        let end = i;
        while (end < text.length && text[end] !== ',' && text[end] !== '\n') end++;
        field = text.slice(i, end);
        if (field.includes('"')) return { line, message: 'a quote inside an unquoted field' };
        if (field.includes('\r')) return { line, message: 'a carriage return (\\r\\n line ends?)' };
        i = end;
      }
      fields.push(field);
      if (text[i++] === '\n') break;
    }
    records.push({ line: start, fields });
    line++;
  }
  return { records };
}

/**
 * The rows of one `goldmaps rank` CSV, checked: the header, seven fields a row, ranks 1 … m in
 * order, seeds `base/k` from one base, plain numbers, known bands, sha256 digests, hardest first
 * with ties in seed order, and the bytes exactly as rankCsv writes them.
 */
export function parseRankCsv(text: string, name: string): RankRow[] {
  const fail = (line: number, message: string): never => {
    throw new RankMergeError(`${name}: line ${line}: ${message}`);
  };
  const parsed = csvRecords(text);
  if (!('records' in parsed)) return fail(parsed.line, parsed.message);
  const [header, ...records] = parsed.records;
  if (!header || header.fields.join(',') !== RANK_HEADER) return fail(1, `the header is not "${RANK_HEADER}"`);
  const rows: RankRow[] = [];
  let previous: { difficulty: number; position: number; base: string } | undefined;
  for (const [n, { line, fields }] of records.entries()) {
    if (fields.length !== 7) fail(line, `${fields.length} fields, not 7`);
    const [rank, seed, difficultyText, band, digest, lowText, highText] = fields as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (rank !== String(n + 1)) fail(line, `rank "${rank}", not ${n + 1}`);
    const at = seedPosition(seed);
    if (!at) return fail(line, `seed ${JSON.stringify(seed)} is not <base>/<position>`);
    const plain = (name: string, text: string) => {
      const v = Number(text);
      if (text === '' || !Number.isFinite(v) || String(v) !== text) fail(line, `${name} "${text}" is not a plain number`);
      return v;
    };
    const difficulty = plain('difficulty', difficultyText);
    // A game whose score gives no interval leaves both cells empty; otherwise both, lowest first.
    const interval =
      lowText === '' && highText === ''
        ? undefined
        : ([plain('interval_low', lowText), plain('interval_high', highText)] as [number, number]);
    if (interval && interval[0] > interval[1]) fail(line, `interval_low ${lowText} is above interval_high ${highText}`);
    if (!(BANDS as readonly string[]).includes(band)) fail(line, `band "${band}" is not one of ${BANDS.join(', ')}`);
    if (!/^sha256:[0-9a-f]{64}$/.test(digest)) fail(line, `digest "${digest}" is not sha256:<64 hex digits>`);
    if (previous && at.base !== previous.base)
      fail(line, `seed ${JSON.stringify(seed)} is not from the base ${JSON.stringify(previous.base)} of the rows above`);
    if (previous && (difficulty > previous.difficulty || (difficulty === previous.difficulty && at.position < previous.position)))
      fail(line, 'the rows are not hardest first, ties in seed order');
    previous = { difficulty, position: at.position, base: at.base };
    rows.push({ seed, difficulty, band, digest, ...(interval ? { interval } : {}) });
  }
  if (rankCsv(rows) !== text) fail(1, 'not byte for byte as goldmaps rank writes it (quoting?)');
  return rows;
}

/**
 * Shard rankings of `base/1` … `base/count` combined into the ranking one machine writes for the
 * whole count: hardest first, ties by position. Refuses seeds that appear twice, files from
 * different bases, and gaps (a shard left out: with every-N-th shards each one leaves positions
 * missing below the highest).
 */
export function mergeRankings(files: ReadonlyArray<{ name: string; rows: readonly RankRow[] }>): RankRow[] {
  const owner = new Map<number, string>();
  const byPosition: Array<{ position: number; row: RankRow }> = [];
  let base: { base: string; name: string } | undefined;
  for (const { name, rows } of files) {
    for (const row of rows) {
      const at = seedPosition(row.seed);
      if (!at) throw new RankMergeError(`${name}: seed ${JSON.stringify(row.seed)} is not <base>/<position>`);
      base ??= { base: at.base, name };
      if (at.base !== base.base)
        throw new RankMergeError(
          `${name}: its seeds are from the base ${JSON.stringify(at.base)}, those in ${base.name} from ${JSON.stringify(base.base)}`,
        );
      const first = owner.get(at.position);
      if (first !== undefined)
        throw new RankMergeError(
          `seed ${JSON.stringify(row.seed)} is in ${first === name ? `${name} twice` : `both ${first} and ${name}`} (the same shard given twice?)`,
        );
      owner.set(at.position, name);
      byPosition.push({ position: at.position, row });
    }
  }
  if (!base) throw new RankMergeError(`no seeds in ${files.map((f) => f.name).join(', ')}`);
  // Positions are distinct, so they are exactly 1 … count when the highest is the count.
  const count = byPosition.length;
  let highest = 0;
  for (const { position } of byPosition) highest = Math.max(highest, position);
  if (highest !== count) {
    const missing: string[] = [];
    for (let k = 1; k <= highest && missing.length < 3; k++) if (!owner.has(k)) missing.push(JSON.stringify(`${base.base}/${k}`));
    throw new RankMergeError(
      `${highest - count} of the seeds ${JSON.stringify(`${base.base}/1`)} … ${JSON.stringify(`${base.base}/${highest}`)} are in none of the files, e.g. ${missing.join(', ')} (a shard left out, or a file cut short?)`,
    );
  }
  byPosition.sort((a, b) => a.position - b.position);
  return hardestFirst(byPosition.map((p) => p.row));
}

/** Shard CSVs (`goldmaps rank … --shard K/N`) in, the whole ranking's CSV out. */
export function mergeRankCsvs(files: ReadonlyArray<{ name: string; text: string }>): string {
  return rankCsv(mergeRankings(files.map(({ name, text }) => ({ name, rows: parseRankCsv(text, name) }))));
}
