// Publishing's commands, registered at activation. Their code (dist/publishing.js, with the record status
// badges) loads when a command first runs or a record is first opened in an editor.
import vscode = require('vscode');
import type { PublishingDeps } from './publishing';

const NAMES = 'publish unpublish schedulePublish scheduleUnpublish unschedulePublish unscheduleUnpublish bulkDelete';

export function registerPublishing(deps: PublishingDeps): vscode.Disposable[] {
  let loaded: ReturnType<typeof import('./publishing').publishing> | undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const load = () => (loaded ??= (require('./publishing') as typeof import('./publishing')).publishing(deps));
  const opened = (document: vscode.TextDocument) => document.uri.scheme === 'datocms' && document.uri.path.includes('/records/') && load();
  vscode.workspace.textDocuments.forEach(opened);
  return [
    vscode.workspace.onDidOpenTextDocument(opened),
    { dispose: () => loaded?.dispose() },
    ...NAMES.split(' ').map((name) =>
      vscode.commands.registerCommand(`datocms.records.${name}`, (...args: unknown[]) => load().run(name, args)),
    ),
  ];
}
