import { PASSWORD_POLICY, passwordPolicySchema, type PasswordPolicy } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** GET /api/v1/auth/password-policy */
export function fetchPasswordPolicy(signal?: AbortSignal): Promise<PasswordPolicy> {
  return apiRequest('/auth/password-policy', { schema: passwordPolicySchema, signal });
}

/**
 * The server's password rules. Until they arrive (or if they cannot be fetched) the shared copy is
 * used: it is the same policy, so the form never waits on this.
 */
export function usePasswordPolicy(): PasswordPolicy {
  const { data } = useQuery({
    queryKey: ['password-policy'],
    queryFn: ({ signal }) => fetchPasswordPolicy(signal),
    staleTime: Infinity,
    retry: false,
  });
  return data ?? PASSWORD_POLICY;
}
