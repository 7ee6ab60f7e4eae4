// Structured Text (DAST) as Markdown and back, and the checks of a field's rules. No vscode: plain Node runs it
// (tests, the bench, a worker). The dialect is described in docs/structured-text-markdown.md.
export * from './dast';
export { dastToMarkdown } from './toMarkdown';
export { markdownToDast } from './fromMarkdown';
export type { Problem } from './problems';
export { fieldRules } from './rules';
export { readFieldMarkdown } from './markdownField';
export { atTopLevel } from './syntax';
