export * from './fixture-server';
