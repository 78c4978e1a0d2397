export * from './env';
export * from './logger';
export * from './metrics';
export * from './shutdown';
export * from './poll';
export * from './timeout';
export * from './listen';
