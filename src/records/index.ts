// Records: New Record, Duplicate, Delete, publishing (now, scheduled, in bulk) and the record status badges.
export * from './lifecycle';
export * from './newRecord';
export * from './publishing';
