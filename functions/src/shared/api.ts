import type { ErrorCode } from './error-codes.js';

/** The envelope every API reply uses: `{ success, message?, ...data }` (DESIGN §2). */
export type ApiSuccess<T extends object = object> = { success: true; message?: string } & T;
export interface ApiFailure {
  success: false;
  /** Stable and machine-readable: clients branch on it, never on the wording. */
  code: ErrorCode;
  message: string;
  /** Field-level problems of a rejected body, keyed by dotted path. */
  errors?: Record<string, string>;
}
export type ApiReply<T extends object = object> = ApiSuccess<T> | ApiFailure;
