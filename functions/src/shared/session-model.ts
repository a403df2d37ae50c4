/** Who is signed in and what they may do, without zod. */
export const ROLES = ['admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** GET /session: who the bearer token belongs to and what they may do. */
export interface SessionInfo {
  email: string;
  role: Role;
}
