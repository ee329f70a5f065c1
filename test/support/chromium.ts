import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium: playwright-core never downloads a browser of its own. */
const CHROMIUM = '/usr/bin/chromium';

/**
 * Whether the browser tests can run here. CI installs Chromium and sets CHROMIUM_REQUIRED, so
 * there a missing browser fails the run instead of skipping the tests.
 */
export const chromiumAvailable = existsSync(CHROMIUM);
if (!chromiumAvailable && process.env.CHROMIUM_REQUIRED) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);

/** A headless Chromium for one test file. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}
