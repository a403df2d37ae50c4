import { z } from 'zod';

export const ROLES = ['admin', 'staff'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** GET /session: who the bearer token belongs to and what they may do. */
export interface SessionInfo {
  email: string;
  role: Role;
}
