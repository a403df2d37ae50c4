import type { FastifyReply } from 'fastify';

/** Sends a CSV export as a download; names and e-mail addresses are in it, so no shared cache keeps it. */
export function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .headers({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    })
    .send(csv);
}
