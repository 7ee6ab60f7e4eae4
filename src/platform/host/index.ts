// The host seam: what needs the machine the extension runs on (files, worker threads, hashes, random bytes, how paths
// are spelled), each behind its interface here. This file picks the implementation: Node's (./node/), the only place
// besides the CMA transport allowed `node:*` and `undici`. A web build (vscode.dev) gives another one in its place.
import * as node from './node';
import type { HostFiles } from './files';
import type { HostHashing } from './hashing';
import type { HostPaths } from './paths';
import type { HostRandom } from './random';
import type { HostWorkers } from './workers';

export type { HostFiles } from './files';
export { TargetRefused } from './files';
export type { HostHashing } from './hashing';
export type { HostPaths } from './paths';
export type { HostRandom } from './random';
export type { HostWorker, HostWorkers, WorkerPort } from './workers';

export const files: HostFiles = node.files;
export const workers: HostWorkers = node.workers;
export const hashing: HostHashing = node.hashing;
export const random: HostRandom = node.random;
export const paths: HostPaths = node.paths;
