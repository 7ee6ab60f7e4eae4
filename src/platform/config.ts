// Typed access to the extension's settings. `datocms.baseUrl` and `datocms.defaultEnvironment` are
// application/machine scoped; values a workspace sets anyway are ignored (read through inspect()),
// so an opened folder can never redirect the API token to another server.
import vscode = require('vscode');
import { DEFAULT_BASE_URL, checkBaseUrl } from './baseUrl';

const SECTION = 'datocms';
const DEFAULT_PAGE_SIZE = 30;
const MAX_PAGE_SIZE = 500;

export class Config {
  /** The base URL for new sign-ins; an invalid value falls back to the default and is reported. */
  baseUrl(): { baseUrl: string; problem?: string } {
    const value = userValue<string>('baseUrl');
    if (value === undefined || value.trim() === '') return { baseUrl: DEFAULT_BASE_URL };
    const checked = checkBaseUrl(value);
    return checked.ok ? { baseUrl: checked.baseUrl } : { baseUrl: DEFAULT_BASE_URL, problem: `datocms.baseUrl: ${checked.message}` };
  }

  /** Records per page in the tree (1–500). */
  pageSize(): number {
    const value = vscode.workspace.getConfiguration(SECTION).get<number>('pageSize', DEFAULT_PAGE_SIZE);
    return Number.isInteger(value) ? Math.min(MAX_PAGE_SIZE, Math.max(1, value)) : DEFAULT_PAGE_SIZE;
  }

  /** Environment to open projects in unless one was chosen; undefined = the primary one. */
  defaultEnvironment(): string | undefined {
    const value = userValue<string>('defaultEnvironment');
    return value && value.trim() !== '' ? value.trim() : undefined;
  }

  onDidChange(listener: (setting: 'baseUrl' | 'pageSize' | 'defaultEnvironment') => void): vscode.Disposable {
    return vscode.workspace.onDidChangeConfiguration((event) => {
      for (const setting of ['baseUrl', 'pageSize', 'defaultEnvironment'] as const) {
        if (event.affectsConfiguration(`${SECTION}.${setting}`)) listener(setting);
      }
    });
  }
}

/** The user's (or remote machine's) value, never a workspace or folder value. */
function userValue<T>(key: string): T | undefined {
  const inspected = vscode.workspace.getConfiguration(SECTION).inspect<T>(key);
  return inspected?.globalValue ?? inspected?.defaultValue;
}
