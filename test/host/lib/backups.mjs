// The workbench's backups of unsaved editors (hot exit): a browser workbench cannot wait for one while the page
// unloads, so a test reloads the window only once the backups hold what it typed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The text of every backup under a user-data folder (<user-data>/User/Backups/<workspace>/<scheme>/<hash>). */
export function hotExitBackups(userDataDir) {
  const texts = [];
  const walk = (dir) => {
    let names = [];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else texts.push(readFileSync(path, 'utf8'));
    }
  };
  walk(join(userDataDir, 'User', 'Backups'));
  return texts;
}
