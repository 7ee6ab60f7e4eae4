// The signature of vscode.l10n.t, so modules without vscode can produce user-facing strings that the
// extension translates (it passes vscode.l10n.t; tests use formatMessage).
export type Translate = (message: string, ...args: (string | number)[]) => string;

/** `{0}`-style placeholders, the format of vscode.l10n.t, for use outside VS Code. */
export const formatMessage: Translate = (message, ...args) =>
  message.replace(/\{(\d+)\}/g, (whole, i: string) => (args[Number(i)] === undefined ? whole : String(args[Number(i)])));
