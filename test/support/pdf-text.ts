import { execFile } from 'node:child_process';

/** What poppler's pdftotext reads out of a PDF (stdin in, stdout out): what search and screen readers see. Pages end with a form feed. */
export async function pdfText(pdf: Buffer, args: string[] = ['-layout']): Promise<string> {
  const child = execFile('pdftotext', [...args, '-', '-'], { maxBuffer: 64 << 20 });
  const out: Buffer[] = [];
  child.stdout!.on('data', (c: Buffer | string) => out.push(Buffer.from(c)));
  const ended = new Promise<void>((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`pdftotext exited ${code}`)))),
  );
  child.stdin!.end(pdf);
  await ended;
  return Buffer.concat(out).toString('utf8');
}
