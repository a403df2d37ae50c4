import { randomBytes } from 'node:crypto';

/** A random URL-safe id: 16 bytes = 128 bits, unguessable (DESIGN §2 asks at least 120 bits for tickets). */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}
