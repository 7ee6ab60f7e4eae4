// The URIs of version documents:
//   datocms-version:/<project>/<env>/records/<model>/<record id>/versions/<version id>.json
// served read-only by a content provider (a version cannot be edited or saved).
import vscode = require('vscode');
import type { DocumentRef } from '../documents';

export type RecordRef = Extract<DocumentRef, { kind: 'record' }>;

export const VERSION_SCHEME = 'datocms-version';

export function versionUri(record: RecordRef, versionId: string): vscode.Uri {
  const path = [record.project, record.environment, 'records', record.modelApiKey, record.id, 'versions', `${versionId}.json`];
  return vscode.Uri.from({
    scheme: VERSION_SCHEME,
    path: `/${path.join('/')}`,
    ...(record.title ? { query: new URLSearchParams({ title: record.title }).toString() } : {}),
  });
}

export function parseVersionUri(uri: vscode.Uri): { record: RecordRef; versionId: string } | undefined {
  if (uri.scheme !== VERSION_SCHEME) return undefined;
  const s = uri.path.split('/').slice(1);
  if (s.length !== 7 || s[2] !== 'records' || s[5] !== 'versions' || !s[6]!.endsWith('.json') || s.some((part) => part === ''))
    return undefined;
  const title = new URLSearchParams(uri.query).get('title') ?? undefined;
  const record: RecordRef = {
    kind: 'record',
    project: s[0]!,
    environment: s[1]!,
    modelApiKey: s[3]!,
    id: s[4]!,
    ...(title ? { title } : {}),
  };
  return { record, versionId: s[6]!.slice(0, -'.json'.length) };
}
