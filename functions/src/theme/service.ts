import type { Theme } from '../shared/theme-model.js';
import type { DocumentStore } from '../store/port.js';
import { resolveTheme } from './rules.js';
import type { Clock } from '../clock.js';
import { recordAudit } from '../audit/repository.js';
import { changedFields } from '../audit/actors.js';
import type { AuditActor } from '../shared/audit-model.js';

export const SETTINGS = 'settings';
export const THEME_DOC = 'theme';

export function createThemeService(store: DocumentStore, clock: Clock = { now: () => new Date() }) {
  return {
    async get(): Promise<Theme> {
      return resolveTheme((await store.get(SETTINGS, THEME_DOC))?.data ?? null);
    },
    /**
     * Button and link colours that followed the primary colour and come back unchanged keep following it
     * (SPEC §9): they are not stored, so a new primary colour reaches the buttons and links (issue 24 item 12).
     * The Theme tab sends every field, and storing them would freeze them at the old primary colour.
     */
    async save(theme: Theme, actor?: AuditActor): Promise<void> {
      // Read and written in one transaction: what 'followed the primary colour' means is decided on
      // the theme this save replaces, not on one another admin's save changed meanwhile.
      await store.runTransaction(async (tx) => {
        const before = resolveTheme((await tx.get(SETTINGS, THEME_DOC))?.data ?? null);
        const stored: Partial<Theme> = { ...theme };
        for (const key of ['buttonColor', 'linkColor'] as const) {
          if (theme[key] === before[key] && before[key] === before.primaryColor) delete stored[key];
        }
        tx.set(SETTINGS, THEME_DOC, stored);
        // Only what this save changed, before and after; a save that changed nothing is not recorded.
        const changes = changedFields({ ...before }, { ...theme });
        if (actor && changes.length) recordAudit(tx, { actor, action: 'theme.updated', target: { type: 'theme', id: THEME_DOC, eventId: null, label: 'Theme' }, changes }, clock.now());
      });
    },
  };
}
export type ThemeService = ReturnType<typeof createThemeService>;
