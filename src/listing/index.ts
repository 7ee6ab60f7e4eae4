// The listing room's entry: record and upload queries and their pages, as plain data.
export * from './recordQuery';
export * from './records';
export * from './mediaQuery';
export * from './uploads';
