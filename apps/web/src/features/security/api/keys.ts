/** The cache keys of the Sign-in and devices page. */
export const securityKeys = {
  twoStep: ['two-step'] as const,
  sessions: ['device-sessions'] as const,
};
