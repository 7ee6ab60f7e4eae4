// The tree room's entry: what other rooms may import.
export * from './model';
export * from './provider';
export * from './queries';
export * from './commands';
export * from './nodes';
export * from './mediaParts';
