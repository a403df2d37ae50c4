import QRCode from 'qrcode';

/*
 * The QR codes of tickets and volunteer passes (issue 25 item 1, issue 29 item 5): pure, with no
 * dependency of their own, so the mail, the ticket page and the door's volunteer pass draw one code.
 */

/** The e-mail's and the ticket page's QR codes are one code: same content, same error correction. */
const ERROR_CORRECTION = 'M';

/** A PNG QR code of the ticket's check-in URL: what door staff scan. 440 px renders sharply at 220 px. */
export function ticketQrPng(checkInUrl: string): Promise<Buffer> {
  return QRCode.toBuffer(checkInUrl, { type: 'png', errorCorrectionLevel: ERROR_CORRECTION, margin: 2, width: 440 });
}

/**
 * Modules of light margin around the code on the ticket page: the QR standard's quiet zone (4), so
 * a scanner finds the code even when the page around it is dark (a dark theme).
 */
export const TICKET_QR_QUIET_ZONE = 4;

/**
 * The same QR code as ticketQrPng, for the ticket page to draw as an <svg> (issue 25 item 1): the
 * server computes it, so the site ships no QR library. `path` covers the dark modules as unit
 * squares, one run of a row per subpath, in a viewBox `0 0 size size` that includes the quiet zone.
 */
export function ticketQrSvgPath(checkInUrl: string): { size: number; path: string } {
  const { modules } = QRCode.create(checkInUrl, { errorCorrectionLevel: ERROR_CORRECTION });
  const n = modules.size;
  const runs: string[] = [];
  for (let row = 0; row < n; row += 1) {
    for (let col = 0; col < n; ) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col += 1;
      runs.push(`M${start + TICKET_QR_QUIET_ZONE} ${row + TICKET_QR_QUIET_ZONE}h${col - start}v1h-${col - start}z`);
    }
  }
  return { size: n + 2 * TICKET_QR_QUIET_ZONE, path: runs.join('') };
}
