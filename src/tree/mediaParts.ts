// The parts of the tree the media feature builds its branch with (rows for failures, empty branches and "Load
// more…", counts, escaping, the dragged-upload type). The feature is bundled apart and reaches them through the
// tree's entry; this is all it takes.
export { loadNextPage, moreRow, pagedRows } from './recordPages';
export { emptyNode } from './schemaNodes';
export { loadMoreLabel, matchCount } from './labels';
export { escapeMarkdown } from './tooltips';
export { UPLOAD_MIME, type MediaBranch, type MediaLook, type MediaRow } from './mediaBranch';
