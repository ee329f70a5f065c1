import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The JSON report is what .ci/run counts its closing "Tests: N passed, N failed" line from.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
