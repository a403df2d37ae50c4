import { createContext, useContext } from 'react';
import type { Role, SessionInfo } from '@shared/session-model.js';
import type { StaffApiClient } from '../api/staffClient.js';

/** The authenticated API client of the staff shell: every call carries the signed-in user's token. */
export const StaffApiContext = createContext<StaffApiClient | null>(null);

export interface StaffState {
  /** GET /session's answer for the signed-in user. */
  session: SessionInfo;
  role: Role;
  api: StaffApiClient;
}

/** Set by the staff gate once the session is known and allowed. */
export const StaffContext = createContext<StaffState | null>(null);

/** The authenticated client; anywhere inside the staff shell (also where no gate applies, e.g. the invitation screen). */
export function useStaffApi(): StaffApiClient {
  const api = useContext(StaffApiContext);
  if (!api) throw new Error('useStaffApi must be used inside <StaffShell>');
  return api;
}

/** The signed-in staff member's session, role and authenticated client; inside the gate only. */
export function useStaff(): StaffState {
  const value = useContext(StaffContext);
  if (!value) throw new Error('useStaff must be used behind the staff gate (inside <StaffShell>)');
  return value;
}
