import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './chromium.ts';
import { testServer } from './server.ts';

export interface BrowserSession {
  server: Awaited<ReturnType<typeof testServer>>;
  browser: Browser;
}

/** A real listening server and a headless Chromium for one test file: started before its tests, stopped after. */
export function browserSession(): BrowserSession {
  const session = {} as BrowserSession;
  beforeAll(async () => {
    session.server = await testServer();
    session.browser = await launchChromium();
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.close();
  });
  return session;
}
