import type { MailMessage } from './port.js';
import { ticketQrPng } from '../qr/codes.js';
import { TICKET_QR_CONTENT_ID } from './templates/ticket.js';

type Attachment = NonNullable<MailMessage['attachments']>[number];

/** The QR code as an inline attachment, shown by `<img src="cid:ticket-qr">` (an order's n-th ticket: its own content id). */
export async function ticketQrAttachment(checkInUrl: string, contentId: string = TICKET_QR_CONTENT_ID): Promise<Attachment> {
  return { filename: `${contentId}.png`, contentType: 'image/png', content: await ticketQrPng(checkInUrl), contentId };
}
