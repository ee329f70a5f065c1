import { DEFAULT_LIMITS, type Limits } from './limits.ts';

/** The limits an operator may change without a code change: environment variable → field. */
export const LIMIT_VARIABLES = {
  GOLDMAPS_WRITES_PER_MINUTE_PER_ADDRESS: 'writesPerMinutePerAddress',
  GOLDMAPS_REPORT_BYTES: 'reportBytes',
  GOLDMAPS_HEADERS_TIMEOUT_MS: 'headersMillis',
  GOLDMAPS_REQUEST_TIMEOUT_MS: 'requestMillis',
  GOLDMAPS_REQUEST_BUDGET_MS: 'budgetMillis',
  GOLDMAPS_READY_TIMEOUT_MS: 'readyMillis',
} as const satisfies Record<string, keyof Limits>;

/** DEFAULT_LIMITS with what the environment sets; a value that is not a positive whole number is named. */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): { limits: Limits; errors: string[] } {
  const limits: Limits = { ...DEFAULT_LIMITS };
  const errors: string[] = [];
  for (const [name, field] of Object.entries(LIMIT_VARIABLES)) {
    const text = env[name];
    if (text === undefined || text === '') continue;
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < 1 || !Number.isSafeInteger(n)) errors.push(`${name}: "${text}" is not a positive whole number`);
    else limits[field] = n;
  }
  if (limits.headersMillis > limits.requestMillis)
    errors.push(
      `GOLDMAPS_HEADERS_TIMEOUT_MS: ${limits.headersMillis} must not exceed GOLDMAPS_REQUEST_TIMEOUT_MS (${limits.requestMillis})`,
    );
  return { limits, errors };
}
