// The Record History view: a record's versions, each opened in a diff with the record, and restored on confirmation.
export { HistoryFeature, type HistoryNode } from './historyView';
