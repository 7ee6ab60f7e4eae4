// The ids of the extension's views, as package.json declares them.
export const VIEWS = {
  explorer: 'datocms.explorer',
  history: 'datocms.history',
  schemaComparison: 'datocms.schemaComparison',
} as const;
