import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { config, extensionApi } from './helpers';

function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    return stat.isDirectory() ? filesUnder(path) : stat.isFile() && stat.size < 50 * 1024 * 1024 ? [path] : [];
  });
}

describe('secrets', () => {
  it('the DatoCMS log holds the requests and never the token', async () => {
    const { logUri } = await extensionApi();
    const logs = filesUnder(logUri.fsPath)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    assert.match(logs, /GET \/items/, 'the log channel records requests');
    assert.ok(!logs.includes(config().token));
    assert.ok(!logs.includes('Bearer'));
  });

  it('no file VS Code or the extension wrote holds the token or a webhook password', async () => {
    const webhookPassword = 'Bistro-Indexer-2024!'; // the seeded webhook's http_basic_password
    const leaking = [config().userDataDir, config().workspace].flatMap(filesUnder).filter((file) => {
      const text = readFileSync(file).toString('latin1');
      return text.includes(config().token) || text.includes(webhookPassword);
    });
    assert.deepEqual(leaking, []);
  });
});
