// Finding and opening documents from the palette, dashboard addresses and vscode:// links; copy and reveal actions.
export * from './commands';
export { DefinitionReveal } from './definitionReveal';
