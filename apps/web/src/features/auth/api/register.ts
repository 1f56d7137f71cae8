import { registerResponseSchema, type RegisterRequest, type User } from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { sendTo } from '../../../lib/api-hooks';

const postRegister = sendTo<RegisterRequest, z.infer<typeof registerResponseSchema>>(
  'POST',
  '/auth/register',
  registerResponseSchema,
);

/** POST /api/v1/auth/register: 201 with the new account; it does not sign in. */
export const register = async (body: RegisterRequest): Promise<User> =>
  (await postRegister(body)).user;

export const useRegister = () => useMutation({ mutationFn: register });
