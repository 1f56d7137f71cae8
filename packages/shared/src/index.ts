export * from './constants.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './subscriptions.ts';
