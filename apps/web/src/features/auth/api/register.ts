import { registerResponseSchema, type RegisterRequest, type User } from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/auth/register: 201 with the new account; it does not sign in. */
export async function register(body: RegisterRequest): Promise<User> {
  const { user } = await apiRequest('/auth/register', {
    method: 'POST',
    body,
    schema: registerResponseSchema,
  });
  return user;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
