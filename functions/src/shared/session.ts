import { z } from 'zod';
import { ROLES } from './session-model.js';

export const roleSchema = z.enum(ROLES);

/** The staff sign-in form (SPEC §5): both required; the identity provider judges the password. */
export const signInSchema = z
  .object({
    email: z.string().trim().min(1, 'Email is required'),
    password: z.string().min(1, 'Password is required'),
  })
  .strip();
export type SignInInput = z.infer<typeof signInSchema>;
