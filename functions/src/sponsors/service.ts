import type { Sponsor } from '../shared/sponsors-model.js';
import { collection, type DocumentStore, type StoredDocument } from '../store/port.js';

export type StoredSponsor = Omit<Sponsor, 'id'>;

/** The sponsors collection, declared once: the seed and tests import it. */
export const SPONSORS = collection<StoredSponsor>('sponsors');

/** A sponsor as the API returns it: every field listed, never a spread of the stored document. */
export function toSponsorView(doc: StoredDocument<StoredSponsor>): Sponsor {
  return { id: doc.id, name: doc.data.name, logo: doc.data.logo, createdAt: doc.data.createdAt };
}

export function createSponsorService(store: DocumentStore) {
  return {
    async list(): Promise<Sponsor[]> {
      const docs = await store.query(SPONSORS, { orderBy: [['createdAt', 'asc']] });
      return docs.map(toSponsorView);
    },
  };
}
export type SponsorService = ReturnType<typeof createSponsorService>;
