// The CodeLens above each operation of a .graphql file or of a graphql()/gql/executeQuery template in code:
// Run (with the options it will use), Compare Draft with Published, Copy…. Shown once a project is signed in.
import vscode = require('vscode');
import type { Translate } from '../platform/translate';
import type { ProjectRegistry } from '../projects/registry';
import { graphqlKindOf } from './embedded';
import { describeOptions } from './link';
import { graphqlOf } from './operations';
import type { WorkspaceLinks } from './workspaceLinks';

export class RunLenses implements vscode.CodeLensProvider, vscode.Disposable {
  readonly #changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.#changed.event;
  readonly #disposables: vscode.Disposable[];

  constructor(private readonly deps: { registry: ProjectRegistry; links: WorkspaceLinks; t: Translate }) {
    this.#disposables = [
      this.#changed,
      deps.registry.onDidChange(() => this.#changed.fire()),
      deps.links.book.onDidChange(() => this.#changed.fire()),
    ];
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const { t, registry, links } = this.deps;
    const kind = graphqlKindOf(document.languageId, document.fileName);
    if (!kind || registry.list().length === 0) return [];
    const link = links.linkFor(document);
    const options = link ? ` (${link.environment} · ${describeOptions(link, t)})` : '';
    return graphqlOf(document.getText(), kind).operations.flatMap((operation) => {
      const line = document.positionAt(operation.start).line;
      const range = new vscode.Range(line, 0, line, 0);
      const args = [document.uri, operation.start];
      return [
        new vscode.CodeLens(range, { title: `$(play) ${t('Run')}${options}`, command: 'datocms.graphql.run', arguments: args }),
        new vscode.CodeLens(range, { title: t('Compare Draft with Published'), command: 'datocms.graphql.compareDrafts', arguments: args }),
        new vscode.CodeLens(range, { title: t('Copy…'), command: 'datocms.graphql.copy', arguments: args }),
      ];
    });
  }

  dispose(): void {
    for (const d of this.#disposables.splice(0)) d.dispose();
  }
}
