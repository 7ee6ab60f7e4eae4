// The Content Delivery API's address (the `datocms.cdaUrl` setting): https, or plain http only to this machine (the
// emulator, a local proxy), so the token that goes with every query never crosses a network in clear. No vscode import.
import { checkApiUrl } from '../platform/baseUrl';

const DEFAULT_CDA_URL = 'https://graphql.datocms.com/';
export type CdaUrlCheck = { ok: true; url: string } | { ok: false; message: string };

/** Validates an address and normalises it to end with one slash (the API answers POST / ). */
export function checkCdaUrl(value: string): CdaUrlCheck {
  const checked = checkApiUrl(value, DEFAULT_CDA_URL);
  return checked.ok ? { ok: true, url: `${checked.url}/` } : checked;
}

/**
 * The address from the setting as `inspect()` reports it: the user's (or remote machine's) value only. A value a
 * workspace or folder sets is ignored, so an opened repository can never send the token elsewhere; an invalid user
 * value gives the default, with the problem to report.
 */
export function cdaUrlFrom(inspected: { globalValue?: unknown; workspaceValue?: unknown; workspaceFolderValue?: unknown } | undefined): {
  url: string;
  problem?: string;
} {
  const value = inspected?.globalValue;
  if (typeof value !== 'string' || value.trim() === '') return { url: DEFAULT_CDA_URL };
  const checked = checkCdaUrl(value);
  return checked.ok ? { url: checked.url } : { url: DEFAULT_CDA_URL, problem: `datocms.cdaUrl: ${checked.message}` };
}
