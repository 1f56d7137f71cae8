export * from './auth.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './password-policy.ts';
export * from './profile.ts';
export * from './subscriptions.ts';
