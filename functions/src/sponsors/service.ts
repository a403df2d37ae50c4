import type { Clock } from '../clock.js';
import { newId } from '../ids.js';
import { RuleError } from '../rule-error.js';
import { SPONSOR_MESSAGES, type Sponsor, type SponsorInput, type SponsorUpdateInput } from '../shared/sponsors-model.js';
import { collection, type DocumentStore, type Transaction } from '../store/port.js';
import type { UploadService } from '../uploads/service.js';
import { isSameSponsorSet, logoForStrip, sortSponsors, toSponsorView, type StoredSponsor } from './rules.js';
import { recordAudit } from '../audit/repository.js';
import { changedFields } from '../audit/actors.js';
import type { AuditActor, AuditTarget } from '../shared/audit-model.js';

const sponsorTarget = (id: string, name: string): AuditTarget => ({ type: 'sponsor', id, eventId: null, label: name });
const isSameOrder = (change: { before: string[]; after: string[] }) => JSON.stringify(change.before) === JSON.stringify(change.after);

export { toSponsorView, type StoredSponsor } from './rules.js';

/** The sponsors collection, declared once: the seed and tests import it. */
export const SPONSORS = collection<StoredSponsor>('sponsors');

/** What the upload is called when it goes through the upload service. */
const LOGO_UPLOAD_NAME = 'sponsorLogo';

/** Every sponsor in the strip's order, read inside `tx`. */
async function orderedIn(tx: Transaction) {
  return sortSponsors(await tx.query(SPONSORS));
}

/** Gives each sponsor its place as a number 0..n-1 (writing only those that move), so later moves are plain swaps. */
function placeAll(tx: Transaction, ordered: readonly { id: string; data: StoredSponsor }[]) {
  ordered.forEach((doc, index) => {
    if (doc.data.order !== index) tx.update(SPONSORS, doc.id, { order: index });
  });
}

export function createSponsorService(deps: { store: DocumentStore; clock: Clock; uploads: UploadService }) {
  const { store, clock, uploads } = deps;

  /**
   * The logo goes through the upload service (type sniffed from the bytes, 5MB, re-encoded to WebP);
   * its refusals keep their code and status and say 'Error uploading sponsor logo: <why>'.
   */
  async function uploadLogo(imageData: string, hints: { fileName?: string; mimeType?: string }): Promise<string> {
    try {
      const uploaded = await uploads.upload({ name: LOGO_UPLOAD_NAME, imageData, fileName: hints.fileName, mimeType: hints.mimeType });
      return logoForStrip(uploaded);
    } catch (error) {
      if (error instanceof RuleError) throw new RuleError(error.code, `${SPONSOR_MESSAGES.logoUploadFailed}: ${error.message}`, error.kind, 'imageData');
      throw error;
    }
  }

  return {
    /** The public strip's list (GET /sponsors), in the admin's order. */
    async list(): Promise<Sponsor[]> {
      return sortSponsors(await store.query(SPONSORS)).map(toSponsorView);
    },

    /**
     * Adds a sponsor at the end of the strip. The logo goes through the upload service (type
     * sniffed from the bytes, 5MB, re-encoded to WebP); its refusals keep their code and status
     * and say 'Error uploading sponsor logo: <why>'. Nothing is stored when the logo is refused.
     */
    async add(input: SponsorInput, actor?: AuditActor): Promise<Sponsor> {
      const logo = await uploadLogo(input.imageData, input);
      const id = newId();
      const data: StoredSponsor = { name: input.name, logo, createdAt: clock.now().toISOString(), ...(input.website ? { website: input.website } : {}) };
      return store.runTransaction(async (tx) => {
        const ordered = await orderedIn(tx);
        placeAll(tx, ordered);
        const stored = { ...data, order: ordered.length };
        tx.create(SPONSORS, id, stored);
        if (actor) recordAudit(tx, { actor, action: 'sponsor.added', target: sponsorTarget(id, input.name) }, clock.now());
        return toSponsorView({ id, data: stored });
      });
    },

    /**
     * Edits a sponsor in place (PUT /sponsors/{id}, issue 26 item 6): only the fields sent change; its
     * place in the strip and its creation time stay. A new logo is uploaded first (nothing is written
     * when it is refused); 404 when there is no such sponsor, checked in the writing transaction.
     */
    async update(id: string, patch: SponsorUpdateInput, actor?: AuditActor): Promise<Sponsor> {
      const logo = patch.imageData === undefined ? undefined : await uploadLogo(patch.imageData, patch);
      const fields: Partial<StoredSponsor> = {
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.website === undefined ? {} : { website: patch.website }),
        ...(logo === undefined ? {} : { logo }),
      };
      return store.runTransaction(async (tx) => {
        const doc = await tx.get(SPONSORS, id);
        if (!doc) throw new RuleError('SPONSOR_NOT_FOUND', SPONSOR_MESSAGES.notFound, 'not-found');
        if (Object.keys(fields).length) tx.update(SPONSORS, id, fields);
        const changes = changedFields(doc.data, { ...doc.data, ...fields });
        if (actor && changes.length) recordAudit(tx, { actor, action: 'sponsor.updated', target: sponsorTarget(id, doc.data.name), changes }, clock.now());
        return toSponsorView({ id, data: { ...doc.data, ...fields } });
      });
    },

    /** Removes a sponsor (DELETE /sponsors/{id}); 404 when there is none. Its logo files stay: they are named by content and may be used elsewhere. */
    async remove(id: string, actor?: AuditActor): Promise<void> {
      await store.runTransaction(async (tx) => {
        const doc = await tx.get(SPONSORS, id);
        if (!doc) throw new RuleError('SPONSOR_NOT_FOUND', SPONSOR_MESSAGES.notFound, 'not-found');
        tx.delete(SPONSORS, id);
        if (actor) recordAudit(tx, { actor, action: 'sponsor.removed', target: sponsorTarget(id, doc.data.name) }, clock.now());
      });
    },

    /**
     * Puts the sponsors in the order of `ids` (PUT /sponsors/order). The list must name every
     * stored sponsor exactly once: one from a screen that missed an addition or a deletion is
     * refused (409) and the order stays as it was.
     */
    async reorder(ids: readonly string[], actor?: AuditActor): Promise<Sponsor[]> {
      return store.runTransaction(async (tx) => {
        const current = await tx.query(SPONSORS);
        if (!isSameSponsorSet(ids, current)) throw new RuleError('SPONSOR_ORDER_MISMATCH', SPONSOR_MESSAGES.orderMismatch, 'conflict', 'ids');
        const place = new Map(ids.map((id, index) => [id, index]));
        const ordered = [...current].sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0));
        placeAll(tx, ordered);
        const changes = [{ field: 'order', before: sortSponsors(current).map((doc) => doc.data.name), after: ordered.map((doc) => doc.data.name) }];
        if (actor && !isSameOrder(changes[0])) recordAudit(tx, { actor, action: 'sponsor.reordered', target: { type: 'sponsor', id: 'order', eventId: null, label: 'Sponsors' }, changes }, clock.now());
        return ordered.map((doc, index) => toSponsorView({ id: doc.id, data: { ...doc.data, order: index } }));
      });
    },
  };
}
export type SponsorService = ReturnType<typeof createSponsorService>;
