import { pino } from 'pino';
import { DEFAULT_LIMITS, type Limits } from '../../src/api/app.ts';
import { startServer, type Running } from '../../src/api/server.ts';

/** A real listening server on a free loopback port, quiet unless TEST_LOG is set. */
export async function testServer(limits: Partial<Limits> = {}): Promise<Running & { url: string }> {
  const running = await startServer({
    port: 0,
    host: '127.0.0.1',
    logger: pino({ level: process.env.TEST_LOG ?? 'silent' }),
    limits: { ...DEFAULT_LIMITS, ...limits },
    graceMillis: 20_000,
  });
  return { ...running, url: `http://127.0.0.1:${running.port}` };
}

/** The dpi recorded in a PNG's pHYs chunk (pixels per metre × 0.0254), or undefined. */
export function pngDpi(png: Buffer): number | undefined {
  const at = png.indexOf('pHYs');
  if (at < 0) return undefined;
  const perMetre = png.readUInt32BE(at + 4);
  const unit = png.readUInt8(at + 12);
  return unit === 1 ? Math.round(perMetre * 0.0254) : undefined;
}
