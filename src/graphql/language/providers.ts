// Completion, hover, Go to Definition, quick fixes and colours in the GraphQL of .graphql files and of code templates,
// against the linked environment's cached schema: the hover names the DatoCMS field or model behind a name (label,
// hint, validators, localization, model) and what the query costs; Go to Definition opens that field's or model's
// document; a problem's quick fixes put a suggested or renamed name in its place.
import vscode = require('vscode');
import { isEnumType, type GraphQLSchema } from 'graphql';
import type { DocumentRef } from '../../domain/paths';
import { documentUri } from '../../platform/uris';
import type { GraphqlDeps } from '../deps';
import { GRAPHQL_SELECTOR, graphqlKindOf } from '../embedded';
import type { WorkspaceLink } from '../link';
import type { GraphqlPartsDeps } from '../parts';
import { rangeAt, type Analysis } from './analysis';
import { DIAGNOSTIC_SOURCE, RUN_SOURCE, sourceOf } from './diagnostics';
import { fixesFor } from './fixes';
import { costAt, describeCost, describeTarget } from './insights';
import { completionsAt, datoTargetOf, graphqlHoverAt, symbolAt, type DatoTarget } from './queryService';
import { graphqlTokens, TOKEN_TYPES } from './tokens';

const TRIGGERS = ['{', '(', ':', '@', '$', ' ', '.'];
const LEGEND = new vscode.SemanticTokensLegend(TOKEN_TYPES);
const FIND_USAGES_COMMAND = 'datocms.graphql.findUsages';

interface Located {
  link: WorkspaceLink;
  analysis: Analysis;
  offset: number;
}

/** The document-side reference to what a target is: the model's or the field's `datocms:` document. */
function refOf(target: DatoTarget, link: { project: string; environment: string }): DocumentRef {
  const place = { project: link.project, environment: link.environment };
  return target.kind === 'model'
    ? { ...place, kind: 'model', apiKey: target.model.apiKey }
    : { ...place, kind: 'field', modelApiKey: target.field.model.apiKey, apiKey: target.field.apiKey };
}

export class GraphqlProviders implements vscode.Disposable {
  readonly #deps: Pick<GraphqlDeps, 'renames' | 'linkFor' | 't'> & Pick<GraphqlPartsDeps, 'sources'>;
  readonly #registrations: vscode.Disposable[];

  constructor(deps: Pick<GraphqlDeps, 'renames' | 'linkFor' | 't'> & Pick<GraphqlPartsDeps, 'sources'>) {
    this.#deps = deps;
    this.#registrations = [
      vscode.languages.registerCompletionItemProvider(
        GRAPHQL_SELECTOR,
        { provideCompletionItems: (d, p) => this.complete(d, p) },
        ...TRIGGERS,
      ),
      vscode.languages.registerHoverProvider(GRAPHQL_SELECTOR, { provideHover: (d, p) => this.hover(d, p) }),
      vscode.languages.registerDefinitionProvider(GRAPHQL_SELECTOR, { provideDefinition: (d, p) => this.definition(d, p) }),
      vscode.languages.registerDocumentSemanticTokensProvider(
        GRAPHQL_SELECTOR,
        { provideDocumentSemanticTokens: (d) => this.tokens(d) },
        LEGEND,
      ),
      vscode.languages.registerCodeActionsProvider(
        GRAPHQL_SELECTOR,
        { provideCodeActions: (d, _r, c) => this.quickFixes(d, c) },
        { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
      ),
    ];
  }

  dispose(): void {
    for (const r of this.#registrations.splice(0)) r.dispose();
  }

  /** The document's link and analysis, and the offset, when the position is in its GraphQL. */
  #locate(document: vscode.TextDocument, position: vscode.Position): Located | undefined {
    const source = sourceOf(document);
    const link = source && this.#deps.linkFor(document);
    if (!source || !link) return undefined;
    const analysis = this.#deps.sources.analysis(source);
    const offset = document.offsetAt(position);
    return rangeAt(analysis, offset) ? { link, analysis, offset } : undefined;
  }

  async complete(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.CompletionItem[] | undefined> {
    const located = this.#locate(document, position);
    if (!located) return undefined;
    const { sources } = this.#deps;
    const schema = await sources.schema(located.link);
    const names = await sources.names(located.link).catch(() => undefined);
    return completionsAt(schema, located.analysis, located.offset, names)?.map((c) => {
      const item = new vscode.CompletionItem(c.dato ? { label: c.label, description: c.dato } : c.label);
      if (c.kind !== undefined) item.kind = c.kind - 1;
      item.detail = c.detail;
      if (c.documentation) item.documentation = new vscode.MarkdownString(c.documentation);
      if (c.insertText !== undefined) item.insertText = c.snippet ? new vscode.SnippetString(c.insertText) : c.insertText;
      if (c.deprecated) item.tags = [vscode.CompletionItemTag.Deprecated];
      return item;
    });
  }

  async hover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const located = this.#locate(document, position);
    if (!located) return undefined;
    const { sources, t } = this.#deps;
    const { link, analysis, offset } = located;
    const schema = await sources.schema(link);
    const parts: string[] = [];
    const graphql = graphqlHoverAt(schema, analysis, offset);
    if (graphql) parts.push(graphql);
    const symbol = symbolAt(schema, analysis, offset);
    const names = symbol && (await sources.names(link).catch(() => undefined));
    const target = symbol && names && datoTargetOf(symbol, names, schema);
    if (target) parts.push(`${describeTarget(target, t, localesOf(schema), names)}  \n${this.#links(target, link)}`);
    const cost = costAt(schema, analysis, offset);
    if (cost && (cost.field !== undefined || cost.header)) parts.push(describeCost(cost, t));
    if (!parts.length) return undefined;
    const markdown = new vscode.MarkdownString(parts.join('\n\n---\n\n'));
    markdown.isTrusted = { enabledCommands: [FIND_USAGES_COMMAND, 'vscode.open'] };
    const range = symbol ? new vscode.Range(document.positionAt(symbol.start), document.positionAt(symbol.end)) : undefined;
    return new vscode.Hover(markdown, range);
  }

  async definition(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Location | undefined> {
    const located = this.#locate(document, position);
    if (!located) return undefined;
    const { sources } = this.#deps;
    const schema = await sources.schema(located.link);
    const symbol = symbolAt(schema, located.analysis, located.offset);
    if (!symbol) return undefined;
    const target = datoTargetOf(symbol, await sources.names(located.link), schema);
    return target && new vscode.Location(documentUri(refOf(target, located.link)), new vscode.Position(0, 0));
  }

  /** The GraphQL of the document coloured, in its templates too (linked folder or not: it is only colour). */
  tokens(document: vscode.TextDocument): vscode.SemanticTokens {
    const kind = graphqlKindOf(document.languageId, document.fileName);
    const builder = new vscode.SemanticTokensBuilder(LEGEND);
    if (!kind) return builder.build();
    for (const token of graphqlTokens(document.getText(), kind)) {
      const start = document.positionAt(token.offset);
      builder.push(start.line, start.character, token.length, token.type);
    }
    return builder.build();
  }

  /** For each problem of ours (or of a Run) there: the names graphql-js suggests, the new name of a renamed field. */
  quickFixes(document: vscode.TextDocument, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const link = this.#deps.linkFor(document);
    const schema = link && this.#deps.sources.peekSchema(link);
    return context.diagnostics
      .filter((d) => d.source === DIAGNOSTIC_SOURCE || d.source === RUN_SOURCE)
      .flatMap((diagnostic) =>
        fixesFor(diagnostic.message, schema, this.#deps.renames, this.#deps.t).map((fix) => {
          const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
          action.edit = new vscode.WorkspaceEdit();
          action.edit.replace(document.uri, diagnostic.range, fix.replacement);
          action.diagnostics = [diagnostic];
          action.isPreferred = fix.preferred;
          return action;
        }),
      );
  }

  /** "Open the field · Find usages in code" */
  #links(target: DatoTarget, link: WorkspaceLink): string {
    const { t } = this.#deps;
    const ref = refOf(target, link);
    const open = `[${target.kind === 'model' ? t('Open the model') : t('Open the field')}](command:vscode.open?${encodeURIComponent(JSON.stringify([documentUri(ref)]))})`;
    const usages = `[${t('Find usages in code')}](command:${FIND_USAGES_COMMAND}?${encodeURIComponent(JSON.stringify([ref]))})`;
    return `${open} · ${usages}`;
  }
}

/** The project's locales, as the schema lists them (a localized field costs once per locale). */
function localesOf(schema: GraphQLSchema): number {
  const type = schema.getType('SiteLocale');
  return isEnumType(type) ? Math.max(1, type.getValues().length) : 1;
}
