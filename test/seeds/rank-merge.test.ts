import { describe, expect, it } from 'vitest';
import { shardPositions } from '../../src/core/shard.ts';
import { hardestFirst, rankCsv, type RankRow } from '../../src/seeds/rank.ts';
import { mergeRankCsvs, parseRankCsv, seedPosition } from '../../src/seeds/rank-merge.ts';

// A base with a comma, quotes and a slash, so seeds are quoted in the CSV and end in "/k".
const base = 'he said "hi", a/b';
const digest = (c: string) => `sha256:${c.repeat(64)}`;
const row = (k: number, difficulty: number, band: string, d: string, interval?: [number, number]): RankRow => ({
  seed: `${base}/${k}`,
  difficulty,
  band,
  digest: digest(d),
  ...(interval ? { interval } : {}),
});
// Positions 1 … 5 in order, as one machine lists them before ordering; 2 and 3 tie, as do 4 and 5.
// Row 4's score gives no interval, as a game's may not.
const all = [
  row(1, 40, 'medium', 'a', [20, 97]),
  row(2, 55, 'hard', 'b', [52, 63]),
  row(3, 55, 'hard', 'c', [50, 58.5]),
  row(4, 10.5, 'easy', 'd'),
  row(5, 10.5, 'easy', 'e', [0, 12]),
];
const shard = (index: number, of: number) => rankCsv(hardestFirst(shardPositions(5, { index, of }).map((k) => all[k - 1]!)));

describe('rank merge', () => {
  it('finds a seed\'s base and position from its last "/"', () => {
    expect(seedPosition('a/b/12')).toEqual({ base: 'a/b', position: 12 });
    expect(seedPosition(`${base}/3`)).toEqual({ base, position: 3 });
    for (const bad of ['12', '/3', 'a/', 'a/0', 'a/012', 'a/1.5', 'a/-1']) expect(seedPosition(bad)).toBeUndefined();
  });

  it('reads back what rankCsv writes, quoted seeds included', () => {
    const text = shard(1, 2);
    expect(text).toBe(
      [
        'rank,seed,difficulty,band,digest,interval_low,interval_high',
        `1,"he said ""hi"", a/b/3",55,hard,${digest('c')},50,58.5`,
        `2,"he said ""hi"", a/b/1",40,medium,${digest('a')},20,97`,
        `3,"he said ""hi"", a/b/5",10.5,easy,${digest('e')},0,12`,
        '',
      ].join('\n'),
    );
    expect(parseRankCsv(text, 'one.csv')).toEqual([all[2], all[0], all[4]]);
    // A row whose score has no interval leaves both cells empty and reads back without one.
    const other = shard(2, 2);
    expect(other).toContain(`,easy,${digest('d')},,\n`);
    expect(parseRankCsv(other, 'two.csv')).toEqual([all[1], all[3]]);
  });

  it('merges shards, in any order, into the bytes one machine writes: hardest first, ties by position', () => {
    const whole = rankCsv(hardestFirst(all));
    expect(hardestFirst(all).map((r) => seedPosition(r.seed)!.position)).toEqual([2, 3, 1, 4, 5]);
    expect(
      mergeRankCsvs([
        { name: 'b', text: shard(2, 2) },
        { name: 'a', text: shard(1, 2) },
      ]),
    ).toBe(whole);
    expect(mergeRankCsvs([1, 2, 3].map((k) => ({ name: `s${k}`, text: shard(k, 3) })))).toBe(whole);
    expect(mergeRankCsvs([{ name: 'whole', text: whole }])).toBe(whole);
    // More shards than seeds: the empty ones hold only the header.
    expect(mergeRankCsvs([1, 2, 3, 4, 5, 6, 7].map((k) => ({ name: `s${k}`, text: shard(k, 7) })))).toBe(whole);
  });

  it('refuses a seed twice, another base, and a shard left out', () => {
    const [a, b] = [shard(1, 2), shard(2, 2)];
    expect(() =>
      mergeRankCsvs([
        { name: 'a', text: a },
        { name: 'b', text: b },
        { name: 'a2', text: a },
      ]),
    ).toThrow(/is in both a and a2/);
    const other = a.replaceAll('a/b/', 'a/c/');
    expect(() =>
      mergeRankCsvs([
        { name: 'b', text: b },
        { name: 'other', text: other },
      ]),
    ).toThrow(/^other: its seeds are from the base "he said \\"hi\\", a\/c", those in b from/);
    expect(() => mergeRankCsvs([1, 3].map((k) => ({ name: `s${k}`, text: shard(k, 3) })))).toThrow(
      /1 of the seeds .* are in none of the files, e.g. "he said \\"hi\\", a\/b\/2"/,
    );
    expect(() => mergeRankCsvs([{ name: 'h', text: 'rank,seed,difficulty,band,digest,interval_low,interval_high\n' }])).toThrow(
      /no seeds in h/,
    );
  });

  it.each([
    ['a header', (t: string) => t.replace('rank,', 'Rank,'), /^x: line 1: the header/],
    [
      'a quote in an unquoted field',
      (t: string) => t.replace('"he said ""hi"", a/b/1"', 'he said "hi" a/b/1'),
      /^x: line 3: a quote inside an unquoted field/,
    ],
    ['an unclosed quote', (t: string) => `${t.slice(0, t.indexOf('a/b/5'))}a/b/5,10.5\n`, /^x: line 4: a quoted field is not closed/],
    ['a missing line end', (t: string) => t.slice(0, -1), /^x: line 4: the last line has no line end/],
    ['CRLF line ends', (t: string) => t.replaceAll('\n', '\r\n'), /carriage return/],
    ['a field short', (t: string) => t.replace(',medium,', ','), /^x: line 3: 6 fields, not 7/],
    ['a half interval', (t: string) => t.replace(',20,97\n', ',,97\n'), /^x: line 3: interval_low "" is not a plain number/],
    ['an interval upside down', (t: string) => t.replace(',20,97\n', ',97,20\n'), /^x: line 3: interval_low 97 is above interval_high 20/],
    ['an interval number', (t: string) => t.replace(',20,97\n', ',20,97.0\n'), /interval_high "97.0" is not a plain number/],
    ['a rank', (t: string) => t.replace('\n2,', '\n3,'), /^x: line 3: rank "3", not 2/],
    ['a seed without a position', (t: string) => t.replace('a/b/1"', 'a/b"'), /^x: line 3: seed .* is not <base>\/<position>/],
    ['a number', (t: string) => t.replace(',40,', ',40.0,'), /difficulty "40.0" is not a plain number/],
    ['a band', (t: string) => t.replace(',medium,', ',tricky,'), /band "tricky"/],
    ['a digest', (t: string) => t.replace(digest('a'), 'sha1:abc'), /digest "sha1:abc"/],
    ['the order', (t: string) => t.replace(',40,', ',60,'), /^x: line 3: the rows are not hardest first/],
    ['quoting', (t: string) => t.replace(',hard,', ',"hard",'), /^x: line 1: not byte for byte as goldmaps rank writes it/],
  ])('refuses a file with a wrong %s', (_, corrupt, message) => {
    expect(() => parseRankCsv(corrupt(shard(1, 2)), 'x')).toThrow(message);
  });
});
