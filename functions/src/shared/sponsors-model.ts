/** Sponsors of the public "Our Supporters" strip and the dashboard's Sponsors tab (SPEC §2, §3, §5, §7, §8), without zod. */

/** A sponsor as the API answers it: `logo` is always given (a stored `logoUrl` is read where `logo` is absent). */
export interface Sponsor {
  id: string;
  name: string;
  logo: string;
  /** The sponsor's website, http(s) only (issue 26 item 6); '' when none: the strip shows the logo unlinked. */
  website: string;
  createdAt: string;
}

/** POST /sponsors (SPEC §7): the name and the logo as base64, like POST /upload; file name and type are hints, never trusted. */
export interface SponsorInput {
  name: string;
  imageData: string;
  fileName?: string;
  mimeType?: string;
  /** Optional website (issue 26 item 6): http(s) only; '' for none. */
  website?: string;
}

/**
 * PUT /sponsors/{id} (issue 26 item 6): a partial update, fields not sent stay as they are, and
 * the sponsor keeps its place in the strip. A new logo comes as base64 like POST; `website: ''` removes it.
 */
export interface SponsorUpdateInput {
  name?: string;
  website?: string;
  imageData?: string;
  fileName?: string;
  mimeType?: string;
}

/** PUT /sponsors/order: every sponsor's id, once each, in the order the strip shows them. */
export interface SponsorOrderInput {
  ids: string[];
}

export interface SponsorReply {
  success: true;
  message: string;
  sponsor: Sponsor;
}

export interface SponsorsReply {
  success: true;
  message?: string;
  sponsors: Sponsor[];
}

/** The strip's box for one logo (SPEC §9: 150x80px); logos are served to fit it at twice that for sharp screens. */
export const SPONSOR_LOGO_BOX = { width: 150, height: 80 } as const;

export const SPONSOR_NAME_MAX = 200;
export const SPONSOR_WEBSITE_MAX = 500;

/** A website the strip may link to: an absolute http(s) address and nothing else (no javascript:, data:, relative paths). */
export function isSponsorWebsite(value: string): boolean {
  if (value.length > SPONSOR_WEBSITE_MAX || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Most sponsors one order may list: far more than a strip holds, small enough to check in one go. */
export const SPONSOR_ORDER_MAX = 500;

export const SPONSOR_MESSAGES = {
  nameAndLogoRequired: 'Please provide both sponsor name and logo',
  nameTooLong: `Sponsor name must be at most ${SPONSOR_NAME_MAX} characters`,
  nameRequired: 'Please provide the sponsor name',
  websiteInvalid: 'The website must be a full http:// or https:// address, e.g. https://example.org',
  updateFailed: 'Error saving sponsor',
  updated: 'Sponsor saved',
  addFailed: 'Error adding sponsor',
  deleteFailed: 'Error deleting sponsor',
  logoUploadFailed: 'Error uploading sponsor logo',
  notFound: 'Sponsor not found',
  orderRequired: 'List every sponsor in the new order',
  orderDuplicate: 'Each sponsor may appear only once in the order',
  orderMismatch: 'The sponsor list has changed meanwhile. Reload it and try again.',
  orderFailed: 'Failed to save the sponsor order',
  added: 'Sponsor added',
  deleted: 'Sponsor deleted',
  reordered: 'Sponsor order saved',
  logoHint: 'recommended 150x80px, under 100KB',
} as const;
