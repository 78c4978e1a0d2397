export * from './errors';
export * from './limits';
export * from './tools';
export * from './browse';
export * from './usage';
export * from './health';
export * from './jobs';
export * from './openapi';
