import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class StoreBusy extends Error {}

/** Whether a process of that id runs (one of another user's counts: EPERM). */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * An embedded data directory has one owner: two processes writing one PGlite directory would
 * corrupt it. The owner's pid sits in `goldmaps.owner`; a file left by a process that is gone
 * (killed with SIGKILL) is taken over. Returns the release.
 */
export function ownDataDir(dir: string, role: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'goldmaps.owner');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid} ${role}\n`);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        rmSync(file, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const [pidText, owner = 'process'] = readFileSync(file, 'utf8').trim().split(' ');
      const pid = Number(pidText);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new StoreBusy(
          `the data directory ${dir} is in use by a goldmaps ${owner} (pid ${pid}); stop it first, or point both at one PostgreSQL with DATABASE_URL`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new StoreBusy(`the data directory ${dir} could not be claimed`);
}
