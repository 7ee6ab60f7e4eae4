// What the user agreed to for each save. An auto-save writes only when the user turned auto-save on for
// DatoCMS documents; a save from an untrusted workspace, and a schema change in the primary environment, are
// confirmed first, once there is something to send and before any write. An answer given holds for the next save
// of the same text (Overwrite after a conflict does not ask again).
import { codeImpact, type QueriesBrokenBy, type SchemaCodeChange } from '../domain/codeImpact';
import { askSchemaChange, type GuardHost } from '../projects/primaryGuard';
import { basisValue } from '../schema';
import type { Translate } from '../platform/translate';
import { type DocumentRef } from '../domain/paths';
import { describeRef } from '../domain/kinds';
import { schemaChangeOf } from './saveGuard';
import { maySaveToDatoCms, type WorkspaceTrust } from './trust';

/** `given`, or which confirmation was declined (`code`: an api_key change that breaks the workspace's queries). */
export type Consent = 'given' | 'untrusted' | 'guard' | 'code';

/** How many announced saves of one document are remembered until their write. */
const PENDING_LIMIT = 8;

export class SaveConsent {
  /** saves announced by onWillSaveTextDocument, oldest first, with whether their reason lets them write */
  private readonly announced = new Map<string, { text: string; mayWrite: boolean }[]>();
  /** the text whose save the user agreed to, per document, until it is saved */
  private readonly agreed = new Map<string, string>();

  constructor(
    private readonly trust: WorkspaceTrust,
    private readonly guard: GuardHost,
    private readonly t: Translate,
    private readonly queriesBrokenBy?: QueriesBrokenBy,
  ) {}

  /** A save of `text` is about to happen (`mayWrite`: whether its reason lets it write). */
  announce(key: string, text: string, mayWrite: boolean): void {
    const pending = this.announced.get(key) ?? [];
    pending.push({ text, mayWrite });
    this.announced.set(key, pending.slice(-PENDING_LIMIT));
  }

  /**
   * Whether the write of `text` may go ahead: yes when a save of that text that may write was announced (each
   * such announcement lets one write through), no when only saves that may not (auto-saves) were. So an
   * auto-save announced while an explicit save waits for an answer cannot write in its place, and an auto-save
   * that never wrote does not block a later explicit save of the same text. A write nobody announced may not.
   */
  mayWrite(key: string, text: string): boolean {
    const pending = this.announced.get(key) ?? [];
    const permitted = pending.findIndex((save) => save.text === text && save.mayWrite);
    const index = permitted >= 0 ? permitted : pending.findIndex((save) => save.text === text);
    // Nothing announced this write: not the user's save command (which sends itself), not a save the workbench told us
    // about. An editor restored after a reload is auto-saved before the extension listens: that must never write.
    if (index < 0) return false;
    const [save] = pending.splice(index, 1);
    if (pending.length === 0) this.announced.delete(key);
    return save!.mayWrite;
  }

  /** Asks what a save of `text` to `ref` (changing `keys`) needs: the workspace's trust, then the primary's guard. */
  async ask(key: string, ref: DocumentRef, keys: string[], text: string): Promise<Consent> {
    if (this.agreed.get(key) === text) return 'given';
    if (!(await maySaveToDatoCms(this.trust, this.t, describeRef(ref)))) return 'untrusted';
    if (!(await this.keepsQueries(ref, keys, text))) return 'code';
    const change = schemaChangeOf(ref, keys, text, this.t);
    if (change !== undefined && !(await askSchemaChange(this.guard, change))) return 'guard';
    this.agreed.set(key, text);
    return 'given';
  }

  /** A new api_key for a model or field that the workspace's queries read by its old name: the user decides first. */
  private async keepsQueries(ref: DocumentRef, keys: readonly string[], text: string): Promise<boolean> {
    const change = apiKeyChangeOf(ref, keys, text);
    const impact = change && (await codeImpact(this.t, [change], this.queriesBrokenBy));
    if (!change?.to || !impact) return true;
    const rename = this.t('Change the api_key');
    const answer = await this.guard.ui.confirm({
      message: this.t('Change the api_key of the {0} to "{1}"?', describeRef(ref), change.to),
      detail: `${impact} ${this.t('They keep asking for the old name until you update them.')}`,
      actions: [rename],
    });
    return answer === rename;
  }

  /** The document was saved: the next save asks again. */
  saved(key: string): void {
    this.agreed.delete(key);
  }
}

/** The api_key change a save of `text` makes to an existing model or field, as the code reading it sees it. */
function apiKeyChangeOf(ref: DocumentRef, keys: readonly string[], text: string): SchemaCodeChange | undefined {
  if (!keys.includes('api_key') || (ref.kind !== 'model' && ref.kind !== 'field') || ref.apiKey.startsWith('new~')) return undefined;
  const to = basisValue(text)?.['api_key'];
  if (typeof to !== 'string' || to === ref.apiKey) return undefined;
  const place = { project: ref.project, environment: ref.environment };
  return ref.kind === 'model'
    ? { ...place, kind: 'model', modelApiKey: ref.apiKey, to }
    : { ...place, kind: 'field', modelApiKey: ref.modelApiKey, fieldApiKey: ref.apiKey, to };
}
