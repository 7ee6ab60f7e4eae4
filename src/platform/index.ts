// The platform room's entry: what other rooms may import.
export * from './baseUrl';
export * from './config';
export * from './dates';
export * from './displayLocale';
export * from './errors';
export * from './graphqlFiles';
export * from './requestLog';
export * from './secrets';
export * from './translate';
export * from './ui';
export * from './uris';
export * from './vscodeUi';
export * from './lazy';
export * from './lazyFileSystem';
export * from './views';
