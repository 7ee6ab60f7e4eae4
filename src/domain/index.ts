// The domain room's entry: what other rooms may import.
export * from './paths';
export * from './resources';
export * from './deleted';
export * from './titles';
export * from './kinds';
export * from './views';
export * from './uploadViews';
export * from './codeImpact';
export * from './textEdits';
