/** The admin team (SPEC §3 "Admin user"), without zod. */
import type { Role } from './session-model.js';

export type AdminStatus = 'Active' | 'Removed';

/** A role as the API shows it; the account it is bound to stays on the server. */
export interface AdminView {
  email: string;
  role: Role;
  status: AdminStatus;
  addedDate: string;
  addedBy: string;
}
