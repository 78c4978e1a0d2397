export * from './names';
export * from './sealing';
export * from './catalog';
export * from './directory';
export * from './fleet';
export * from './redis';
export * from './datastore-errors';
export * from './sealed-jobs';
