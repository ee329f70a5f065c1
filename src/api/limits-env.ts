import { join, resolve } from 'node:path';
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

/**
 * DEFAULT_LIMITS with what the environment sets; a value that is not a positive whole number is
 * named. The served process keeps its rendered files in `renders/` of its data directory
 * (GOLDMAPS_DATA, as the embedded store) unless GOLDMAPS_RENDER_CACHE_DIR says where, up to
 * GOLDMAPS_RENDER_CACHE_MB (0: none).
 */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): { limits: Limits; errors: string[] } {
  const limits: Limits = { ...DEFAULT_LIMITS };
  const errors: string[] = [];
  const whole = (name: string, least: number): number | undefined => {
    const text = env[name];
    if (text === undefined || text === '') return undefined;
    const n = Number(text);
    if (/^\d+$/.test(text) && n >= least && Number.isSafeInteger(n)) return n;
    errors.push(`${name}: "${text}" is not a ${least === 0 ? 'whole number' : 'positive whole number'}`);
    return undefined;
  };
  for (const [name, field] of Object.entries(LIMIT_VARIABLES)) limits[field] = whole(name, 1) ?? limits[field];
  if (limits.headersMillis > limits.requestMillis)
    errors.push(
      `GOLDMAPS_HEADERS_TIMEOUT_MS: ${limits.headersMillis} must not exceed GOLDMAPS_REQUEST_TIMEOUT_MS (${limits.requestMillis})`,
    );
  const megabytes = whole('GOLDMAPS_RENDER_CACHE_MB', 0);
  if (megabytes !== undefined) limits.renderCacheBytes = megabytes * 2 ** 20;
  limits.renderCacheDir = resolve(env.GOLDMAPS_RENDER_CACHE_DIR || join(env.GOLDMAPS_DATA || './data', 'renders'));
  // Twice the store's own reserve: the files never bring the store to refusing writes (507).
  const reserve = whole('GOLDMAPS_DATA_RESERVE_MB', 0);
  if (reserve !== undefined) limits.renderCacheFreeBytes = Math.max(limits.renderCacheFreeBytes, 2 * reserve * 2 ** 20);
  return { limits, errors };
}
