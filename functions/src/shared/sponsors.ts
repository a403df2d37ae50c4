import { z } from 'zod';
import type { Same } from './type-checks.js';
import {
  isSponsorWebsite,
  SPONSOR_MESSAGES,
  SPONSOR_NAME_MAX,
  SPONSOR_ORDER_MAX,
  type SponsorInput,
  type SponsorOrderInput,
  type SponsorUpdateInput,
} from './sponsors-model.js';

const required = SPONSOR_MESSAGES.nameAndLogoRequired;

/**
 * POST /sponsors (SPEC §5, §7): name and logo both required. The logo's size and type are
 * checked on the decoded bytes by the upload service, not here.
 */
export const sponsorInputSchema = z
  .object({
    name: z.string({ error: required }).trim().min(1, required).max(SPONSOR_NAME_MAX, SPONSOR_MESSAGES.nameTooLong),
    imageData: z.string({ error: required }).min(1, required),
    fileName: z.string().trim().max(300).optional(),
    mimeType: z.string().trim().max(100).optional(),
    website: z.string({ error: SPONSOR_MESSAGES.websiteInvalid }).trim().refine((value) => value === '' || isSponsorWebsite(value), SPONSOR_MESSAGES.websiteInvalid).optional(),
  })
  .strip();

/** The website field (issue 26 item 6): '' for none, else an absolute http(s) address. */
export const sponsorWebsiteField = z
  .string({ error: SPONSOR_MESSAGES.websiteInvalid })
  .trim()
  .refine((value) => value === '' || isSponsorWebsite(value), SPONSOR_MESSAGES.websiteInvalid);

/** PUT /sponsors/{id} (issue 26 item 6): any subset; a sent name may not be empty, a sent logo not empty either. */
export const sponsorUpdateSchema = z
  .object({
    name: z.string({ error: SPONSOR_MESSAGES.nameRequired }).trim().min(1, SPONSOR_MESSAGES.nameRequired).max(SPONSOR_NAME_MAX, SPONSOR_MESSAGES.nameTooLong).optional(),
    website: sponsorWebsiteField.optional(),
    imageData: z.string({ error: SPONSOR_MESSAGES.logoUploadFailed }).min(1, SPONSOR_MESSAGES.logoUploadFailed).optional(),
    fileName: z.string().trim().max(300).optional(),
    mimeType: z.string().trim().max(100).optional(),
  })
  .strip();

/** PUT /sponsors/order: ids once each; whether they are exactly the stored sponsors is the service's check. */
export const sponsorOrderSchema = z
  .object({
    ids: z
      .array(z.string({ error: SPONSOR_MESSAGES.orderRequired }).trim().min(1, SPONSOR_MESSAGES.orderRequired).max(500), { error: SPONSOR_MESSAGES.orderRequired })
      .max(SPONSOR_ORDER_MAX, SPONSOR_MESSAGES.orderMismatch)
      .refine((ids) => new Set(ids).size === ids.length, SPONSOR_MESSAGES.orderDuplicate),
  })
  .strip();

const _input: Same<z.input<typeof sponsorInputSchema>, SponsorInput> = true;
const _order: Same<z.input<typeof sponsorOrderSchema>, SponsorOrderInput> = true;
const _update: Same<z.input<typeof sponsorUpdateSchema>, SponsorUpdateInput> = true;
void _update;
void _input;
void _order;
