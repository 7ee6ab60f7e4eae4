// A record's publication status where the user looks: a badge and colour on its tab and tree item (a file
// decoration of its datocms: URI) and the `datocms.recordStatus` context key that picks the editor title's
// actions. It knows what the actions and saves told it, else what the tree loaded.
import vscode = require('vscode');
import type { Resource } from '../cma';
import type { DocumentRef } from '../domain/paths';
import { parseDocumentUri } from '../platform/uris';

type Meta = Record<string, unknown>;

const BADGES: Record<string, [string, string]> = {
  draft: ['D', 'charts.yellow'],
  updated: ['U', 'charts.blue'],
  published: ['P', 'charts.green'],
};

export class RecordStatuses {
  private readonly metas = new Map<string, Meta>();

  constructor(
    private readonly changed: vscode.EventEmitter<undefined>,
    /** what else is known of the record at `uri` (its open editor's), for records no action or save told about */
    private readonly known: (uri: vscode.Uri) => Resource | undefined,
  ) {}

  /** The record as DatoCMS now has it (after a save, a publication…). */
  note(ref: DocumentRef, record: Resource): void {
    if (ref.kind !== 'record') return;
    this.metas.set(key(ref), record.meta);
    this.changed.fire(undefined);
    this.syncContext();
  }

  meta(uri: vscode.Uri): Meta | undefined {
    const ref = parseDocumentUri(uri);
    return ref?.kind === 'record' ? (this.metas.get(key(ref)) ?? this.known(uri)?.meta) : undefined;
  }

  decoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    const meta = this.meta(uri);
    const status = String(meta?.['status']);
    const badge = BADGES[status];
    if (!meta || !badge) return undefined;
    const invalid = meta['is_valid'] === false;
    const scheduled = meta['publication_scheduled_at'] || meta['unpublishing_scheduled_at'] ? ` · ${vscode.l10n.t('scheduled')}` : '';
    return new vscode.FileDecoration(
      invalid ? '!' : badge[0],
      `${status}${invalid ? ` · ${vscode.l10n.t('invalid')}` : ''}${scheduled}`,
      new vscode.ThemeColor(invalid ? 'list.errorForeground' : badge[1]),
    );
  }

  /** `datocms.recordStatus`: the focused record's status (`draft`, `updated`, `published`), '' when unknown. */
  syncContext(): void {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const meta = uri && this.meta(uri);
    void vscode.commands.executeCommand('setContext', 'datocms.recordStatus', meta ? String(meta['status']) : '');
    void vscode.commands.executeCommand(
      'setContext',
      'datocms.recordScheduled',
      meta
        ? [meta['publication_scheduled_at'] ? 'publication' : '', meta['unpublishing_scheduled_at'] ? 'unpublishing' : ''].join(' ').trim()
        : '',
    );
  }
}

const key = (ref: { project: string; environment: string; id: string }) => `${ref.project}/${ref.environment}/${ref.id}`;
