// The Node implementation of the host (the extension host of desktop VS Code and code-server): with the CMA transport,
// the only code allowed `node:*` and `undici` (eslint refuses them elsewhere).
import { createHash, randomBytes } from 'node:crypto';
import { lstat, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, Worker } from 'node:worker_threads';
import type { HostFiles } from '../files';
import type { HostHashing } from '../hashing';
import type { HostPaths } from '../paths';
import type { HostRandom } from '../random';
import type { HostWorkers } from '../workers';
import { checkRealFolders, createNew, ExclusiveFile, readRegularFile } from './exclusiveFile';

export const files: HostFiles = {
  readText: (file) => readFile(file, 'utf8'),
  stat: (file) => stat(file),
  lstat: (file) => lstat(file),
  realpath: (file) => realpath(file),
  createNew,
  startWrite: (target) => ExclusiveFile.create(target),
  writeWhole: (target, text) => ExclusiveFile.writeWhole(target, text),
  checkRealFolders,
  readRegularFile,
};

export const workers: HostWorkers = {
  // beside the bundle this runs from (dist/); the worker gets no inspector or loader flags of the extension host
  start: (script) => new Worker(path.join(__dirname, `${script}.js`), { execArgv: [] }),
  port: () => parentPort ?? undefined,
};

export const hashing: HostHashing = {
  hex: (algorithm, text) => createHash(algorithm).update(text).digest('hex'),
};

export const random: HostRandom = {
  hex: (bytes) => randomBytes(bytes).toString('hex'),
  base64: (bytes) => randomBytes(bytes).toString('base64'),
};

export const paths: HostPaths = path;
