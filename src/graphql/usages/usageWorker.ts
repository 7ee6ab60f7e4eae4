// The usage scan's worker thread (bundled as dist/graphqlUsageWorker.js): reads the workspace's files and answers
// what they read (and the fragments they define), off the extension host's thread. It keeps what it extracted per file
// version and schema.
import { workers, type WorkerPort } from '../../platform/host';
import type { FromWorker, ToWorker } from './protocol';
import { UsageScanner } from './scanner';

export function serve(port: WorkerPort): void {
  const scanner = new UsageScanner();
  const answer = (message: FromWorker) => port.postMessage(message);
  port.on('message', (message: ToWorker) => {
    switch (message.type) {
      case 'schema':
        try {
          scanner.setSchema(message.key, message.sdl);
        } catch {
          scanner.forget(message.key); // what asks with this key is told there is no such schema
        }
        return;
      case 'forget':
        scanner.forget(message.key);
        return;
      case 'fragments':
        void scanner.fragments(message.files).then(
          (found) => answer({ type: 'fragments', id: message.id, ...found }),
          (error: unknown) => answer({ type: 'failed', id: message.id, message: String(error) }),
        );
        return;
      case 'find':
        void scanner.find(message.key, message.files, message.query).then(
          (found) => answer({ type: 'found', id: message.id, ...found }),
          (error: unknown) => answer({ type: 'failed', id: message.id, message: String(error) }),
        );
        return;
      case 'broken':
        void scanner.broken(message.key, message.files, message.query, message.edits, message.pascals).then(
          (found) => answer({ type: 'broken', id: message.id, ...found }),
          (error: unknown) => answer({ type: 'failed', id: message.id, message: String(error) }),
        );
        return;
    }
  });
}

const port = workers.port();
if (port) serve(port);
