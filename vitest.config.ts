import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Two files at a time even on two cores (vitest's default there is one): most of the suite
    // waits on servers, child processes, Chromium and PostgreSQL, so the second worker halves
    // the wall time rather than fighting the first for the CPU.
    maxWorkers: 2,
    // A worker runs file after file in one module graph rather than a fresh one each: importing
    // src/ again for every file was about a fifth of the suite's CPU. It holds while no test file
    // changes what another imports (no vi.mock, no module state set for a file, no process.env
    // written) and each closes what it starts.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Makes the run's scratch directory for the empty PGlite store the store tests copy.
    globalSetup: ['test/support/global-setup.ts'],
    // The JSON report is what .ci/run counts its closing "Tests: N passed, N failed" line from.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
