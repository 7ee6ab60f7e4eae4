// The agent tools in VS Code: `vscode.lm` calls invoke/prepare (registered by the context under package.json's
// names), and the editors a proposal opens are the `datocms:` editors of the documents room, changed with a
// WorkspaceEdit (unsaved, undoable) and never saved here.
import vscode = require('vscode');
import { DocumentService, DOCUMENT_LANGUAGE, type DocumentsFeature } from '../documents';
import { DOCUMENT_SCHEME, type DocumentRef } from '../domain/paths';
import { errorMessage } from '../platform/errors';
import type { Translate } from '../platform/translate';
import { documentUri, parseDocumentUri } from '../platform/uris';
import type { GraphqlTools } from '../graphql';
import type { Services } from '../services';
import { ToolRefusal } from './output';
import type { EditorText, Editors, TextEdit, ToolDeps } from './toolKit';
import { runningMessage, runTool } from './tools';

export class AgentTools {
  private readonly deps: ToolDeps;

  /** `host`: the context, with the GraphQL workbench (made on first use: only the GraphQL tools call it). */
  constructor(private readonly host: Services & { graphql: () => GraphqlTools }) {
    const { registry } = host;
    this.deps = {
      t: host.t,
      projects: registry,
      around: { focusedDocument, workspaceLink: () => host.workspaceLink() },
      data: (where) => registry.data(where.project, where.environment),
      documents: new DocumentService((ref) => registry.data(ref.project, ref.environment)),
      editors: new VscodeEditors(() => host.documents, host.t),
      scrubSecrets: host.secrets.scrubSecrets,
      graphql: host.graphql,
    };
  }

  async invoke(name: string, options: vscode.LanguageModelToolInvocationOptions<unknown>): Promise<vscode.LanguageModelToolResult> {
    try {
      const answer = await runTool(this.deps, name, options.input);
      this.host.log.info(`Agent tool ${name}: answered (${answer.length} characters).`);
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answer)]);
    } catch (error) {
      // The agent reads the message (VS Code hands a thrown error's message to the model): ours say what to do.
      this.host.log.info(`Agent tool ${name}: ${error instanceof ToolRefusal ? 'refused' : 'failed'}: ${errorMessage(error)}`);
      throw error instanceof Error ? error : new Error(String(error));
    }
  }

  async prepare(name: string, options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>): Promise<vscode.PreparedToolInvocation> {
    return { invocationMessage: await runningMessage(this.deps, name, options.input) };
  }
}

/** The focused `datocms:` document: the active editor's, else the active tab's (a diff's editable side). */
function focusedDocument(): DocumentRef | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  const uri =
    vscode.window.activeTextEditor?.document.uri ??
    (input instanceof vscode.TabInputText ? input.uri : input instanceof vscode.TabInputTextDiff ? input.modified : undefined);
  return uri?.scheme === DOCUMENT_SCHEME ? parseDocumentUri(uri) : undefined;
}

class VscodeEditors implements Editors {
  constructor(
    private readonly documents: () => DocumentsFeature,
    private readonly t: Translate,
  ) {}

  find(ref: DocumentRef): EditorText | undefined {
    const uri = documentUri(ref);
    const document = openDocument(uri);
    const basis = document && this.documents().baseline(uri);
    return document && basis ? this.editorText(document, ref, basis) : undefined;
  }

  async open(ref: DocumentRef): Promise<EditorText> {
    const uri = documentUri(ref);
    let document = await vscode.workspace.openTextDocument(uri);
    // the DatoCMS JSON language (whose auto-save is off) before the first change, as the documents room sets it
    if (document.languageId !== DOCUMENT_LANGUAGE) document = await vscode.languages.setTextDocumentLanguage(document, DOCUMENT_LANGUAGE);
    const documents = this.documents();
    // the rendering the editor shows becomes its baseline (the documents room does the same when it sees it open)
    if (!documents.baseline(uri)) documents.adoptOpened(uri, document.getText());
    const basis = documents.baseline(uri);
    if (!basis)
      throw new ToolRefusal(
        this.t(
          'The editor of {0} holds text whose DatoCMS version is not known (restored from an earlier session): ask the user to save or revert it, then propose again.',
          uri.path,
        ),
      );
    return this.editorText(document, ref, basis);
  }

  async apply(uri: string, edits: TextEdit[]): Promise<boolean> {
    const document = openDocument(vscode.Uri.parse(uri));
    if (!document) return false;
    const edit = new vscode.WorkspaceEdit();
    for (const e of edits)
      edit.replace(document.uri, new vscode.Range(document.positionAt(e.offset), document.positionAt(e.offset + e.length)), e.text);
    return vscode.workspace.applyEdit(edit);
  }

  async show(uri: string, review: 'editor' | 'diff'): Promise<void> {
    const target = vscode.Uri.parse(uri);
    // the chat keeps the keyboard: the user looks at the proposal when ready
    await vscode.window.showTextDocument(target, { preview: false, preserveFocus: true });
    if (review === 'diff') await this.documents().commands.compare(target);
  }

  private editorText(document: vscode.TextDocument, ref: DocumentRef, basis: EditorText['basis']): EditorText {
    return {
      uri: document.uri.toString(),
      ref: parseDocumentUri(document.uri) ?? ref,
      text: document.getText(),
      dirty: document.isDirty,
      basis,
    };
  }
}

function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  const key = uri.toString();
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
}
