// Workspace trust and saving. A save sends the editor's text to DatoCMS with the user's API token. In
// a workspace the user has not trusted, its settings or tasks could trigger saves (files.autoSave, a
// task that runs "Save All"), so a save to DatoCMS asks first. No vscode import: tested in plain Node.
import type { Translate } from '../platform/translate';

export interface WorkspaceTrust {
  isTrusted(): boolean;
  /** a modal question with one action; true only when the user chose it */
  confirm(message: string, detail: string, action: string): Promise<boolean>;
}

/** Whether saving `what` to DatoCMS may go ahead: always in a trusted workspace, else only when confirmed. */
export async function maySaveToDatoCms(trust: WorkspaceTrust, t: Translate, what: string): Promise<boolean> {
  if (trust.isTrusted()) return true;
  return trust.confirm(
    t('Save the {0} to DatoCMS?', what),
    t(
      'This workspace is not trusted. Saving sends your changes to DatoCMS with your API token; saves from this workspace always ask first.',
    ),
    t('Save to DatoCMS'),
  );
}

/** Why a save was not sent; the editor keeps the text. */
export function notConfirmedMessage(t: Translate, what: string): string {
  return t(
    'The {0} was not saved: this workspace is not trusted and the save was not confirmed. Your changes are still in the editor.',
    what,
  );
}
