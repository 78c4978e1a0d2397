export * from './ports';
export * from './redis-server';
export * from './fixture-server';
export * from './processes';
export * from './browser';
export * from './proc';
export * from './metrics';
export * from './run-to-exit';
