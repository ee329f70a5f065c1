import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A directory of this run's own, where the first test file that wants an empty PGlite store leaves one to copy (test/support/stores.ts). */
    pgliteTemplates: string;
  }
}

/** One scratch directory per run, so no run ever copies another run's (or another version's) store. */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'goldmaps-pglite-templates-'));
  project.provide('pgliteTemplates', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
