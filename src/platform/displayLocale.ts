// VS Code's display language, set once at activation (the runtime's own locale until then, as in tests). Apart from
// dates.ts so that activation sets it without loading how moments read. No vscode import.
let displayLocale: string | undefined;

export function setDisplayLocale(locale: string | undefined): void {
  displayLocale = locale;
}

export function getDisplayLocale(): string | undefined {
  return displayLocale;
}
