import { execFile, execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildMap } from '../src/core/maps.ts';
import { goldCity } from '../src/games/gold-city/index.ts';
import { GAMES } from '../src/games/index.ts';
import { FORMATS } from '../src/formats/index.ts';

const cli = new URL('../bin/goldmaps.js', import.meta.url).pathname;
const run = promisify(execFile);

function goldmaps(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('goldmaps CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'goldmaps-cli-'));

  it('generates JSON to stdout and to --out', async () => {
    const out = join(dir, 'map.json');
    const a = await goldmaps('generate', 'gold-city', '--seed', '42');
    expect(a.code).toBe(0);
    const b = await goldmaps('generate', 'gold-city', '--seed', '42', '--out', out);
    expect(b.code).toBe(0);
    expect(b.stdout).toBe('');
    expect(JSON.parse(readFileSync(out, 'utf8')).digest).toBe(JSON.parse(a.stdout).digest);
  });

  it.each([
    [['--seed', ''], /seed: must not be empty/],
    [['--seed', 'x'.repeat(129)], /seed: must be at most 128/],
    [['--seed', 's', '--options', '{"pieces":2}'], /options\.pieces/],
    [['--seed', 's', '--options', '{"colour":"red"}'], /options\.colour: is not a known field/],
    [['--seed', 's', '--options', '{"caves":"yes"}'], /options\.caves: must be boolean/],
    [['--seed', 's', '--options', '{nope'], /--options: not valid JSON/],
  ])('exits 2 naming the field for bad input %j', async (args, message) => {
    const out = join(dir, `never-${Math.abs(JSON.stringify(args).length)}.json`);
    const r = await goldmaps('generate', 'gold-city', ...args, '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(existsSync(out)).toBe(false);
  });

  it('exits 2 for an unknown game or command', async () => {
    expect((await goldmaps('generate', 'chess', '--seed', '1')).code).toBe(2);
    expect((await goldmaps('frobnicate')).code).toBe(2);
  });

  it('validates: "valid" and exit 0, or problems one a line and exit 1', async () => {
    const good = join(dir, 'good.json');
    writeFileSync(good, (await goldmaps('generate', 'gold-city', '--seed', 'v')).stdout);
    const ok = await goldmaps('validate', good);
    expect(ok.code).toBe(0);
    expect(ok.stdout.trim()).toBe('valid');

    const map = JSON.parse(readFileSync(good, 'utf8'));
    map.blockades[0].between = ['p0', 'p4'];
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify(map));
    const r = await goldmaps('validate', bad);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^blockade-between\tblockades\[0\]\.between\t/m);
  });

  it('exits 2 for a file that is not a map document', async () => {
    const junk = join(dir, 'junk.json');
    writeFileSync(junk, JSON.stringify({ game: 'gold-city', spaces: 'no' }));
    const r = await goldmaps('validate', junk);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/spaces/);
    expect((await goldmaps('validate', join(dir, 'missing.json'))).code).toBe(2);
  });

  it('validate puts a root cause first and counts what it cuts off, instead of a line per space', async () => {
    const { buildMap } = await import('../src/core/maps.ts');
    const { goldCity } = await import('../src/games/gold-city/index.ts');
    const map = structuredClone(buildMap(goldCity, '42', {})) as unknown as {
      pieces: Array<{ id: string }>;
      spaces: Array<{ piece: string }>;
    };
    map.pieces.splice(3, 1);
    map.spaces = map.spaces.filter((s) => s.piece !== 'p3');
    const file = join(dir, 'missing-piece.json');
    writeFileSync(file, JSON.stringify(map));
    const r = await goldmaps('validate', file);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^seam-missing\tpieces\[3\]\tp2 and p4 follow each other/);
    expect(lines[1]).toMatch(/^cut-off\tpieces\[3\]\t… and \d+ spaces \(on p4, p5, p6\) cut off by it; starts 1, 2, 3, 4 cannot reach/);
    expect(lines.length).toBeLessThan(10);
  });

  it('ends quietly with exit 0 when the reader closes the pipe early (| head)', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [cli, 'generate', 'gold-city', '--seed', '1', '--options', '{"pieces":10}', '--format', 'svg'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    // Read the first chunk, then hang up, as `head -c` does.
    await new Promise<void>((resolve) => child.stdout.once('data', () => (child.stdout.destroy(), resolve())));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it("prints the package's version, then each game's generator version as its maps record it, then which code ran", async () => {
    const r = await goldmaps('--version');
    expect(r.code).toBe(0);
    const [first, second, runs, ...rest] = r.stdout.trim().split('\n');
    expect(runs).toMatch(/^runs from: (dist\/ \(compiled by npm ci\)|src\/ \(TypeScript through tsx\))$/);
    expect(first).toBe(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version);
    const map = JSON.parse((await goldmaps('generate', 'lost-valley', '--seed', '1')).stdout) as { generator: { version: string } };
    expect(second).toContain(`lost-valley ${map.generator.version}`);
    for (const g of GAMES) expect(second).toContain(`${g.id} ${g.generatorVersion}`);
    expect(rest).toEqual([]);
  });

  it('refuses a bad --format in one line naming the formats, not the whole help', async () => {
    const r = await goldmaps('generate', 'gold-city', '--seed', '1', '--format', 'jpg');
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([`goldmaps: --format: must be one of ${FORMATS.map((f) => f.id).join(', ')} (not "jpg")`]);
  });

  it('says each bad flag on a line of its own', async () => {
    const r = await goldmaps(
      'generate',
      'gold-city',
      '--seed',
      's',
      '--format',
      'png',
      '--dpi',
      '5',
      '--theme',
      'blue',
      '--out',
      join(dir, 'never.png'),
    );
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/^goldmaps: --(dpi|theme): /);
    expect(existsSync(join(dir, 'never.png'))).toBe(false);
  });

  it('a file that cannot be written: one line naming it and the cause, exit 2, nothing left behind', async () => {
    const missing = join(dir, 'no-such-dir', 'map.json');
    const a = await goldmaps('generate', 'gold-city', '--seed', '42', '--out', missing);
    expect(a.code).toBe(2);
    expect(a.stderr).toBe(`goldmaps: ${missing}: cannot be written (no such directory, ENOENT)\n`);
    // A directory in the file's place: the temporary file is written, the rename fails, and the
    // temporary file is removed again.
    const target = join(dir, 'a-directory');
    mkdirSync(target);
    const b = await goldmaps('generate', 'gold-city', '--seed', '42', '--format', 'svg', '--out', target);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/a-directory: cannot be written \(/);
    expect(b.stderr.split('\n')).toHaveLength(2);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('writes a FIFO (or any file that is not a regular one) in place, never renaming over it', async () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    // The reader is another process, so the CLI's write blocks until it reads, as a pipe should.
    const read = new Promise<string>((resolve, reject) => execFile('cat', [fifo], (e, out) => (e ? reject(e) : resolve(out))));
    const r = await goldmaps('rank', 'gold-city', '--count', '3', '--from', 'fifo', '--out', fifo);
    expect(r.code).toBe(0);
    expect((await read).split('\n')[0]).toMatch(/^rank,seed,/);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('prints help', async () => {
    const r = await goldmaps('generate', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/--seed <seed>/);
  });
});

describe('goldmaps rank', () => {
  it('ranks seeds hardest first on worker threads, the same every time, with the digests the library builds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'goldmaps-rank-'));
    const out = join(dir, 'rank.csv');
    const r = await goldmaps('rank', 'gold-city', '--count', '300', '--from', 'ranked', '--options', '{"tier":"hard"}', '--out', out);
    expect(r.code).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('rank,seed,difficulty,band,digest,interval_low,interval_high');
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows).toHaveLength(300);
    const difficulties = rows.map((row) => Number(row[2]));
    expect(difficulties).toEqual([...difficulties].sort((a, b) => b - a));
    const { buildMap } = await import('../src/core/maps.ts');
    const { goldCity } = await import('../src/games/gold-city/index.ts');
    for (const row of rows.slice(0, 3)) expect(buildMap(goldCity, row[1]!, { tier: 'hard' }).digest).toBe(row[4]);
    // The kinds' readings are the score's own interval.
    const { buildScoredMap } = await import('../src/core/maps.ts');
    expect(rows[0]!.slice(5).map(Number)).toEqual(buildScoredMap(goldCity, rows[0]![1]!, { tier: 'hard' }).score.interval);
    const again = await goldmaps('rank', 'gold-city', '--count', '300', '--from', 'ranked', '--options', '{"tier":"hard"}');
    expect(again.stdout).toBe(readFileSync(out, 'utf8'));
    expect((await goldmaps('rank', 'gold-city', '--count', '0')).code).toBe(2);
  });

  it('ranks a shard: every N-th seed from the K-th, own ranks 1…m; the shards are disjoint and cover the count', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'goldmaps-shard-'));
    const seen: string[][] = [];
    for (const k of [1, 2, 3]) {
      const out = join(dir, `shard-${k}.csv`);
      const r = await goldmaps('rank', 'gold-city', '--count', '31', '--from', 'sh', '--shard', `${k}/3`, '--out', out);
      expect(r.code).toBe(0);
      const rows = readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(','));
      expect(rows.map((row) => row[0])).toEqual(rows.map((_, i) => String(i + 1)));
      const positions = rows.map((row) => Number(row[1]!.slice('sh/'.length)));
      expect(positions.every((p) => p % 3 === k % 3)).toBe(true);
      seen.push(rows.map((row) => row[1]!));
    }
    expect(seen.map((s) => s.length)).toEqual([11, 10, 10]);
    expect(seen.flat().sort()).toEqual(Array.from({ length: 31 }, (_, i) => `sh/${i + 1}`).sort());
  });

  it.each(['0/3', '4/3', '1/0', '3', '1/10001'])('exits 2 naming --shard for %s', async (shard) => {
    const r = await goldmaps('rank', 'gold-city', '--count', '3', '--shard', shard);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^goldmaps: --shard: /);
    expect(r.stdout).toBe('');
  });

  it('ranks 300 seeds as 3 shards, and "rank merge" gives exactly the bytes of the unsharded run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'goldmaps-merge-'));
    const from = 'a,"b"/c'; // quoted in the CSV, and a "/" of its own before the position
    const args = ['--count', '300', '--from', from, '--options', '{"tier":"hard"}'];
    const whole = join(dir, 'whole.csv');
    const shards = [1, 2, 3].map((k) => join(dir, `shard-${k}.csv`));
    const runs = await Promise.all([
      goldmaps('rank', 'gold-city', ...args, '--out', whole),
      ...shards.map((out, i) => goldmaps('rank', 'gold-city', ...args, '--shard', `${i + 1}/3`, '--out', out)),
    ]);
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    const texts = shards.map((f) => readFileSync(f, 'utf8'));
    expect(texts.map((t) => t.trim().split('\n').length - 1)).toEqual([100, 100, 100]);
    expect(readFileSync(whole, 'utf8')).toContain('"a,""b""/c/');

    const merged = join(dir, 'merged.csv');
    const m = await goldmaps('rank', 'merge', shards[2]!, shards[0]!, shards[1]!, '--out', merged);
    expect(m.code).toBe(0);
    expect(m.stdout).toBe('');
    expect(readFileSync(merged, 'utf8')).toBe(readFileSync(whole, 'utf8'));

    const refused = async (files: string[], message: RegExp) => {
      const out = join(dir, 'never.csv');
      const r = await goldmaps('rank', 'merge', ...files, '--out', out);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
      expect(existsSync(out)).toBe(false);
    };
    await refused([...shards, shards[1]!], /^goldmaps: rank merge: seed .* is in .*shard-2\.csv twice/);
    const copy = join(dir, 'copy-of-2.csv');
    writeFileSync(copy, texts[1]!);
    await refused([...shards, copy], /^goldmaps: rank merge: seed .* is in both .*shard-2\.csv and .*copy-of-2\.csv/);
    await refused([shards[0]!, shards[2]!], /^goldmaps: rank merge: 100 of the seeds .* are in none of the files/);
    const corrupt = join(dir, 'corrupt.csv');
    writeFileSync(corrupt, texts[1]!.replace(/\n5,/, '\n6,'));
    await refused([shards[0]!, corrupt, shards[2]!], /^goldmaps: rank merge: .*corrupt\.csv: line 6: rank "6", not 5\n$/);
    const cut = join(dir, 'cut.csv');
    writeFileSync(cut, texts[1]!.slice(0, -20));
    await refused([shards[0]!, cut, shards[2]!], /cut\.csv: line 101: the last line has no line end/);
  });

  it('"rank --help" lists merge; "rank <game>" still wants --count', async () => {
    const help = await goldmaps('rank', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--shard <K\/N>/);
    expect(help.stdout).toMatch(/merge \[options\] <files\.\.\.>/);
    const r = await goldmaps('rank', 'gold-city');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/required option '--count <n>' not specified/);
  });
});

describe('goldmaps score and reroll', () => {
  it('goldmaps score prints the score, and with --playtest the bot games too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'goldmaps-score-'));
    const file = join(dir, 'map.json');
    writeFileSync(file, JSON.stringify(buildMap(goldCity, 'cli-score', {})));
    const { stdout } = await run(process.execPath, [cli, 'score', file, '--playtest', '4']);
    const out = JSON.parse(stdout) as { score: { difficulty: number }; playtest: { games: number; winRate: number[] } };
    expect(out.score.difficulty).toBeTypeOf('number');
    expect(out.playtest.games).toBe(4);
    expect(out.playtest.winRate).toHaveLength(4);
    const sampled = JSON.parse((await run(process.execPath, [cli, 'score', file, '--playtest', '2', '--kind', 'sampler'])).stdout) as {
      playtest: { bots: string[] };
      playtestSummary: { headline: string };
    };
    expect(sampled.playtest.bots).toEqual(['sampler', 'sampler', 'sampler', 'sampler']);
    expect(sampled.playtestSummary.headline).toMatch(/^2 sampler games/);
    await expect(run(process.execPath, [cli, 'score', file, '--playtest', '2', '--kind', 'settler'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--kind: one of planner, sampler/),
    });
    await expect(run(process.execPath, [cli, 'score', file, '--kind', 'sampler'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/only with --playtest/),
    });
  });

  it('goldmaps reroll says in a few lines what it found and how to fetch it; --json prints {seed, attempts, hit, map}; a missing target is refused', async () => {
    const args = [cli, 'reroll', 'gold-city', '--seed', 'cli', '--band', 'medium', '--max-attempts', '50'];
    const r = JSON.parse((await run(process.execPath, [...args, '--json'])).stdout) as {
      seed: string;
      attempts: number;
      hit: boolean;
      agreed: boolean;
      map: { digest: string; score: { band: string; difficulty: number } };
    };
    expect(r.hit).toBe(true);
    expect(r.map.score.band).toBe('medium');
    const short = (await run(process.execPath, args)).stdout.trimEnd().split('\n');
    expect(short).toHaveLength(4);
    expect(short[0]).toBe(`hit: gold-city seed ${r.seed} after ${r.attempts} attempt${r.attempts === 1 ? '' : 's'} (band medium)`);
    expect(short[1]).toMatch(new RegExp(`^difficulty ${r.map.score.difficulty} \\(medium\\); the kinds of player read it `));
    expect(short[2]).toBe(
      r.agreed
        ? 'every kind of player reads it in the target'
        : 'not every kind of player reads it in the target: --agree asks for one that they all do',
    );
    // The command it prints fetches the very map it found.
    const command = short[3]!
      .replace(/^the map: goldmaps /, '')
      .match(/'[^']*'|\S+/g)!
      .map((w) => w.replace(/^'|'$/g, ''));
    const fetched = JSON.parse((await run(process.execPath, [cli, ...command])).stdout) as { digest: string };
    expect(fetched.digest).toBe(r.map.digest);
    await expect(run(process.execPath, [cli, 'reroll', 'gold-city', '--seed', 'cli'])).rejects.toMatchObject({ code: 2 });
  });

  it('goldmaps reroll --agree answers a map both kinds of player read in the band, where a plain reroll does not', async () => {
    const args = [cli, 'reroll', 'lost-valley', '--seed', '3', '--band', 'hard', '--options', '{"players":2}'];
    type Answer = { seed: string; hit: boolean; agreed: boolean; map: { score: { difficulty: number; interval: [number, number] } } };
    const plain = JSON.parse((await run(process.execPath, [...args, '--json'])).stdout) as Answer;
    const agreed = JSON.parse((await run(process.execPath, [...args, '--agree', '--json'])).stdout) as Answer;
    // Seed 3's first landscape is hard by the greedy bots' reading (50), while the planner reads it expert (82).
    expect(plain.map.score.interval[1]).toBeGreaterThan(74);
    expect(plain.agreed).toBe(false);
    expect(agreed.hit).toBe(true);
    expect(agreed.agreed).toBe(true);
    expect(agreed.seed).not.toBe(plain.seed);
    const readings = [agreed.map.score.difficulty, ...agreed.map.score.interval];
    expect(Math.min(...readings)).toBeGreaterThanOrEqual(50);
    expect(Math.max(...readings)).toBeLessThanOrEqual(74);
  });
});
