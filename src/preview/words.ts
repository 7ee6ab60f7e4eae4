// The preview's words in the user's language (the webview has no l10n of its own).
import type { Words } from '../../webviews/preview/protocol';

export function previewWords(t: (message: string, ...args: string[]) => string): Words {
  return {
    unsaved: t('Unsaved changes: the preview shows your text, not what DatoCMS has.'),
    empty: t('empty'),
    yes: t('Yes'),
    no: t('No'),
    locale: t('Locale'),
    missing: t('No record'),
    block: t('Block'),
    noIndex: t('Hidden from search engines (noindex)'),
  };
}
