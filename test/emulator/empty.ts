// An empty project: one locale, the primary environment only, no models, records, uploads or webhooks —
// the starting point for recreating a real project's schema through the CMA.
import { buildSite, emptyEnvironment } from './seed.js';
import { createStore, type EmulatorStore } from './store.js';

export function emptyStore(): EmulatorStore {
  const site = buildSite();
  site.attributes = {
    ...site.attributes,
    name: 'Empty project',
    internal_domain: 'empty-project.admin.datocms.com',
    locales: ['en'],
    global_seo: null,
    no_index: false,
  };
  return createStore(site, new Map(), emptyEnvironment('main', true, null));
}
