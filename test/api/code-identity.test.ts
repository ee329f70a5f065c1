import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeIdentity } from '../../src/api/code-identity.ts';

// A copy of a small tree stands in for the service, so a file can be changed without touching it.
const root = mkdtempSync(join(tmpdir(), 'goldmaps-identity-'));
const tree = { root, code: join(root, 'src') };
for (const dir of ['schemas', 'src/games/lost-valley/data', 'src/games/lost-valley/rules', 'src/games/pioneer-days/schemas'])
  cpSync(join(process.cwd(), dir), join(root, dir), { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the running code’s identity', () => {
  it('is a sha256 that the same files always give', () => {
    const id = codeIdentity();
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(codeIdentity()).toBe(id);
    expect(codeIdentity(tree)).toBe(codeIdentity(tree));
  });

  it('changes when a bot, a fixture or a schema changes, or a file is renamed, and comes back with the files', () => {
    const before = codeIdentity(tree);
    const seen = new Set([before]);
    const bot = join(root, 'src/games/lost-valley/rules/bot-weights.ts');
    const fixture = join(root, 'src/games/lost-valley/data/calibration.json');
    const schema = join(root, 'src/games/pioneer-days/schemas/catalogue.json');
    for (const file of [bot, fixture, schema]) {
      const text = readFileSync(file);
      writeFileSync(file, Buffer.concat([text, Buffer.from(' ')]));
      const changed = codeIdentity(tree);
      expect(seen.has(changed)).toBe(false);
      seen.add(changed);
      writeFileSync(file, text);
      expect(codeIdentity(tree)).toBe(before);
    }
    renameSync(bot, `${bot}.moved`);
    expect(seen.has(codeIdentity(tree))).toBe(false);
    renameSync(`${bot}.moved`, bot);
    expect(codeIdentity(tree)).toBe(before);
  });
});
