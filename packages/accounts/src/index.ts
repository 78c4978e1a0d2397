export * from './plans';
export * from './periods';
export * from './keys';
export * from './store';
export * from './playground-tokens';
export * from './passwords';
export * from './owners';
export * from './verification';
