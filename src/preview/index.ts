// The Record Preview: a record document rendered as content beside its editor (./previews.ts), its model built in
// plain Node (./model.ts) and rendered by the webview script of webviews/preview.
export { RecordPreviews } from './previews';
