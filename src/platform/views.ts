// The ids of the extension's views, as package.json declares them.
export const VIEWS = {
  explorer: 'datocms.explorer',
  history: 'datocms.history',
  schemaComparison: 'datocms.schemaComparison',
} as const;

/** The view types of the extension's webview panels (activation registers their serializers). */
export const PANELS = {
  recordPreview: 'datocms.recordPreview',
} as const;
