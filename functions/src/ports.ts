import type { IdentityVerifier } from './auth/port.js';
import type { FileStore } from './files/port.js';
import type { DocumentStore } from './store/port.js';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Everything the API depends on, chosen by configuration (see config.ts). */
export interface ApiDependencies {
  store: DocumentStore;
  identity: IdentityVerifier;
  files: FileStore;
  clock: Clock;
  /** Where events happen; dates are read and formatted in this zone. */
  timeZone: string;
}
