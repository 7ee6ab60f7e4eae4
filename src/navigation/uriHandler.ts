// Links of the form vscode://datocms-explorer.datocms-explorer/open?… open a record or a model of a
// signed-in project. A link comes from outside (a web page, a chat): everything in it is checked, and
// it can only open a document to read; it never signs in, saves or changes anything.
import vscode = require('vscode');
import type { ProjectRegistry } from '../projects/registry';
import { errorMessage } from '../platform/errors';
import type { Ui } from '../platform/ui';
import { parseExtensionLink, resolveExtensionLink } from './dashboardLinks';
import { openDocument } from './paletteCommands';

const t = vscode.l10n.t;

/** The extension's handler of vscode:// links (register it with window.registerUriHandler). */
export function createUriHandler(deps: {
  registry: ProjectRegistry;
  ui: Ui;
  log: vscode.LogOutputChannel;
}): vscode.UriHandler & { handleUri(uri: vscode.Uri): Promise<void> } {
  return {
    handleUri: async (uri) => {
      const parsed = parseExtensionLink(uri.path, uri.query, t);
      if (!parsed.ok) {
        deps.log.warn(`link refused: ${parsed.message}`);
        void deps.ui.error(t('DatoCMS Explorer cannot open this link: {0}', parsed.message));
        return;
      }
      try {
        await openDocument(await resolveExtensionLink(parsed.value, deps.registry, t));
      } catch (error) {
        deps.log.warn(`link not opened: ${errorMessage(error)}`);
        void deps.ui.error(t('DatoCMS Explorer could not open this link: {0}', errorMessage(error)));
      }
    },
  };
}
