/**
 * Why a store could not answer, for the client to be told in words: the disk it writes to is full
 * (PostgreSQL's SQLSTATE 53100, on either backend), the database cannot be reached (a connection
 * refused, cut or timed out, a server shutting down or starting up), or something else.
 */
export type StoreFailure = 'disk-full' | 'unreachable' | 'other';

const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

export function storeFailure(e: unknown): StoreFailure {
  const code = String((e as { code?: unknown })?.code ?? '');
  const message = String((e as { message?: unknown })?.message ?? '');
  if (code === '53100' || /No space left on device/i.test(message)) return 'disk-full';
  // Class 08 is connection exceptions; 57P01–57P03 an administrator's shutdown, a crash, a start.
  if (NETWORK.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return 'unreachable';
  if (/Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message))
    return 'unreachable';
  const cause = (e as { cause?: unknown })?.cause;
  return cause && cause !== e ? storeFailure(cause) : 'other';
}
