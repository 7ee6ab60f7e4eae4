// The DatoCMS JSON language of `datocms:` documents (see ./language.ts).
export { DatoJsonLanguage } from './language';
export type { LanguageSources } from './editorFeatures';
export { RecordNames, type RecordName } from './names';
export type { UploadNames } from './uploads';
