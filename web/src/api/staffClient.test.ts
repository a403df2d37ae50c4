import { describe, expect, it } from 'vitest';
import { createStaffApiClient } from './staffClient.js';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('staff client: download', () => {
  it('fetches a file with the bearer token and the name its reply gives', async () => {
    let sent: RequestInit | undefined;
    const client = createStaffApiClient({
      token: async () => 'tok',
      base: '/api',
      fetch: async (_url, init) => {
        sent = init;
        return new Response('\uFEFFName\n', { status: 200, headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="rsvps-walk.csv"' } });
      },
    });
    const { blob, fileName } = await client.download('/events/E1/rsvps.csv');
    expect(fileName).toBe('rsvps-walk.csv');
    expect(await blob.text()).toContain('Name');
    expect((sent?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it("turns a refusal into an ApiError with the API's code", async () => {
    const client = createStaffApiClient({ token: async () => 'tok', base: '/api', fetch: async () => jsonResponse(404, { success: false, code: 'EVENT_NOT_FOUND', message: 'Event not found' }) });
    await expect(client.download('/events/nope/rsvps.csv', {}, 'Failed to download')).rejects.toMatchObject({ code: 'EVENT_NOT_FOUND', message: 'Event not found' });
  });
});
