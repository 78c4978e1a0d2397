export * from './ports';
export * from './redis-server';
export * from '@pagemap/demo-site';
export * from './processes';
export * from './browser';
export * from './proc';
export * from './metrics';
