import { SPONSOR_LOGO_BOX, type Sponsor } from '../shared/sponsors-model.js';
import type { UploadReply } from '../shared/uploads-model.js';
import type { StoredDocument } from '../store/port.js';

/**
 * A sponsor as stored. Older documents (seeded, or from the original site) may carry
 * `logoUrl` instead of `logo` (SPEC §3), and no `order`: the dashboard sets one when the
 * admin adds or moves a sponsor.
 */
export type StoredSponsor = {
  name: string;
  logo?: string;
  logoUrl?: string;
  /** Its website (issue 26 item 6); absent on sponsors stored before: none. */
  website?: string;
  /** Place in the strip, 0 first; absent on sponsors nobody has placed yet. */
  order?: number;
  createdAt?: string;
};

/** A sponsor as the API returns it: every field listed, never a spread; `logo` falls back to a stored `logoUrl`. */
export function toSponsorView(doc: StoredDocument<StoredSponsor>): Sponsor {
  const { name, logo, logoUrl, createdAt, website } = doc.data;
  return {
    id: doc.id,
    name: typeof name === 'string' ? name : '',
    logo: (typeof logo === 'string' && logo) || (typeof logoUrl === 'string' && logoUrl) || '',
    website: typeof website === 'string' ? website : '',
    createdAt: typeof createdAt === 'string' ? createdAt : '',
  };
}

const hasOrder = (data: StoredSponsor) => typeof data.order === 'number' && Number.isFinite(data.order);

/**
 * The strip's order: sponsors the admin placed, by their place; then those never placed
 * (seeded, older data) oldest first. Ties fall back to age, then id, so the order is stable.
 * Sorted here rather than by the store: a store's orderBy leaves out documents without the field.
 */
export function sortSponsors<T extends StoredDocument<StoredSponsor>>(docs: readonly T[]): T[] {
  const created = (doc: T) => (typeof doc.data.createdAt === 'string' ? doc.data.createdAt : '');
  return [...docs].sort((a, b) => {
    const placedA = hasOrder(a.data);
    const placedB = hasOrder(b.data);
    if (placedA !== placedB) return placedA ? -1 : 1;
    if (placedA && a.data.order !== b.data.order) return (a.data.order as number) - (b.data.order as number);
    return created(a).localeCompare(created(b)) || a.id.localeCompare(b.id);
  });
}

/** Whether `ids` names every stored sponsor exactly once (a list from a stale screen does not). */
export function isSameSponsorSet(ids: readonly string[], stored: readonly { id: string }[]): boolean {
  if (ids.length !== stored.length) return false;
  const wanted = new Set(ids);
  return wanted.size === ids.length && stored.every((doc) => wanted.has(doc.id));
}

/**
 * Of the widths the upload service wrote (its srcset), the smallest that still fills the strip's
 * 150x80 box at twice its size (sharp screens), so a visitor never downloads a 1600 px logo for a
 * 150 px slot; the largest when none is that big (a logo made at 150x80 stays as it is).
 */
export function logoForStrip(upload: Pick<UploadReply, 'srcset' | 'imageUrl' | 'width' | 'height'>): string {
  const copies = upload.srcset
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .map(([url, width]) => ({ url, width: Number.parseInt(width ?? '', 10) }))
    .filter((copy) => copy.url && Number.isFinite(copy.width))
    .sort((a, b) => a.width - b.width);
  if (copies.length === 0 || !(upload.width > 0) || !(upload.height > 0)) return upload.imageUrl;
  // The logo is shown whole inside the box (object-fit: contain): a wide logo fills its width, a tall one its height.
  const shownWidth = Math.min(SPONSOR_LOGO_BOX.width, (SPONSOR_LOGO_BOX.height * upload.width) / upload.height);
  const needed = Math.ceil(2 * shownWidth);
  return (copies.find((copy) => copy.width >= needed) ?? copies[copies.length - 1]).url;
}
