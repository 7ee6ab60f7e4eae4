// The media area: the Media node's branch, uploading files (dialog and drops), upload documents' neighbours (insert
// into a record, find references), and cleaning up (delete, unused uploads, missing alt text).
export { MediaLibrary } from './library';
export {
  copyUrl,
  deleteUpload,
  dragUploads,
  dropFiles,
  findReferences,
  loadMore,
  missingAltText,
  replaceFile,
  unusedUploads,
  uploadFiles,
} from './commands';
export { clearMediaQuery, filterMedia, orderMedia, searchMedia } from './queryCommands';
export { insertUpload, registerUploadEditing } from './editor';
