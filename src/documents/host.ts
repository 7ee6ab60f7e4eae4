// What the documents room's components reach outside themselves, declared once: the feature builds one host and
// each component (a document's session, the save flow, the save commands) takes it, or the part a test fakes.
import type * as vscode from 'vscode';
import type { DocumentRef } from '../domain/paths';
import type { DocumentDiagnostics } from './diagnostics';
import type { DocumentService } from './documentService';
import type { Baseline, OpenedDocument, SaveBasis, SavedResult, SaveRequest, SaveResult } from './model';
import type { RemoteDocuments } from './remote';
import type { SaveConsent } from './saveConsent';
import type { SaveFailureBar } from './saveFailureBar';
import type { SaveNotices } from './saveNotices';

/**
 * What a document's session needs from outside: the network (through the document service) and the user (progress,
 * questions, messages); `key` is the document's URI as a string. Then the parts the save flow and commands share.
 */
export interface DocumentHost {
  /** Fetches and renders a document (by `id` when known: the api_key in the path may be outdated); throws on failure. */
  open(key: string, ref: DocumentRef, id: string | undefined): Promise<OpenedDocument>;
  /** Sends the difference between `text` and its basis. Never throws: every outcome is a SaveResult. */
  save(key: string, text: string, basis: SaveBasis, request: SaveRequest): Promise<SaveResult>;
  /** A baseline kept from an earlier session for an editor restored from a backup. */
  restore(key: string, ref: DocumentRef): Promise<Baseline | undefined>;
  /** Keeps the baseline for a later session (undefined = forget it). */
  persist(key: string, baseline: Baseline | undefined): void;
  service: DocumentService;
  consent: SaveConsent;
  diagnostics: DocumentDiagnostics;
  failures: SaveFailureBar;
  notices: SaveNotices;
  /** the read-only remote versions a comparison shows */
  remote: RemoteDocuments;
  log: vscode.LogOutputChannel;
  /** DatoCMS accepted a save of the document at `uri` (the language, the tree, history and publishing follow) */
  saved(uri: vscode.Uri, result: SavedResult): void;
  /** a save command failed: reported the one way, with Retry when given */
  report(whatFailed: string, error: unknown, ref: DocumentRef, retry?: () => unknown): void;
}
