import type { Sponsor } from '../shared/sponsors-model.js';
import type { DocumentStore } from '../store/port.js';

export const SPONSORS = 'sponsors';

export function createSponsorService(store: DocumentStore) {
  return {
    async list(): Promise<Sponsor[]> {
      const docs = await store.query<Omit<Sponsor, 'id'>>(SPONSORS, { orderBy: [['createdAt', 'asc']] });
      return docs.map((doc) => ({ ...doc.data, id: doc.id }));
    },
  };
}
export type SponsorService = ReturnType<typeof createSponsorService>;
