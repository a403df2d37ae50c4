import QRCode from 'qrcode';
import type { MailMessage } from './port.js';
import { TICKET_QR_CONTENT_ID } from './templates/ticket.js';

type Attachment = NonNullable<MailMessage['attachments']>[number];

/** A PNG QR code of the ticket's check-in URL: what door staff scan. 440 px renders sharply at 220 px. */
export function ticketQrPng(checkInUrl: string): Promise<Buffer> {
  return QRCode.toBuffer(checkInUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 440 });
}

/** The QR code as an inline attachment, shown by `<img src="cid:ticket-qr">`. */
export async function ticketQrAttachment(checkInUrl: string): Promise<Attachment> {
  return { filename: 'ticket-qr.png', contentType: 'image/png', content: await ticketQrPng(checkInUrl), contentId: TICKET_QR_CONTENT_ID };
}
