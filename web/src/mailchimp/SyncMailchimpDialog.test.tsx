import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MAILCHIMP_MESSAGES } from '@shared/mailchimp-model.js';
import { ApiError, type RequestOptions } from '../api/client.js';
import { renderStaff } from '../test/staff.js';
import { AudienceSelect } from './AudienceSelect.js';
import { SyncMailchimpDialog } from './SyncMailchimpDialog.js';

const audiences = [
  { id: 'aud-news', name: 'Canyon Newsletter', memberCount: 1 },
  { id: 'aud-vol', name: 'Zion Volunteers', memberCount: 1234 },
];
const event = { id: 'E1', title: 'Bat Night', mailchimpAudienceId: 'aud-vol' };

function fakeApi(sync: (body: unknown) => Promise<unknown>, list: () => Promise<unknown> = async () => ({ success: true, audiences })) {
  return vi.fn(async (path: string, options: RequestOptions = {}) => {
    if (path === '/mailchimp/audiences') return list();
    if (path === '/events/E1/sync-mailchimp' && options.method === 'POST') return sync(options.body);
    throw new Error(`unexpected ${path}`);
  });
}

describe('Sync to Mailchimp dialog', () => {
  it("lists the audiences with their member counts, starts on the event's own, runs with progress and says 'n synced, m failed' with the reasons", async () => {
    const user = userEvent.setup();
    let finish!: (reply: unknown) => void;
    const request = fakeApi(() => new Promise((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    renderStaff(<SyncMailchimpDialog event={event} onClose={onClose} />, { request });
    const dialog = await screen.findByRole('dialog', { name: 'Sync to Mailchimp' });
    expect(within(dialog).getByText('Bat Night')).toBeTruthy();
    const volunteers = await within(dialog).findByRole('radio', { name: /Zion Volunteers/ });
    expect((volunteers as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText('1,234 subscribers')).toBeTruthy();
    expect(within(dialog).getByText('1 subscriber')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: /Canyon Newsletter/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Sync' }));
    expect(await within(dialog).findByText('Syncing the attendees to Canyon Newsletter...')).toBeTruthy();
    expect(dialog.querySelector('progress')).toBeTruthy();
    expect(request).toHaveBeenCalledWith('/events/E1/sync-mailchimp', { method: 'POST', body: { audienceId: 'aud-news' } }, MAILCHIMP_MESSAGES.syncFailed);
    finish({
      success: true,
      message: '2 synced, 1 failed',
      results: { success: 2, failed: [{ email: 'zed@example.com', reason: 'zed@example.com looks fake or invalid, please enter a real email address.' }] },
    });
    expect(await within(dialog).findByText('2 synced, 1 failed')).toBeTruthy();
    const failures = within(dialog).getByRole('list', { name: 'Not synced' });
    expect(failures.textContent).toContain('zed@example.com: zed@example.com looks fake or invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("says 'Failed to sync to Mailchimp' with the reason, and can try again", async () => {
    const user = userEvent.setup();
    let calls = 0;
    const request = fakeApi(async () => {
      calls += 1;
      if (calls === 1) throw new ApiError(MAILCHIMP_MESSAGES.keyRefused, 502, MAILCHIMP_MESSAGES.keyRefused, undefined, 'MAILCHIMP_FAILED');
      return { success: true, message: '1 synced, 0 failed', results: { success: 1, failed: [] } };
    });
    renderStaff(<SyncMailchimpDialog event={event} onClose={() => {}} />, { request });
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Sync' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(`Failed to sync to Mailchimp: ${MAILCHIMP_MESSAGES.keyRefused}`);
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('1 synced, 0 failed')).toBeTruthy();
  });

  it('without a Mailchimp key, says it is not configured and how to configure it', async () => {
    const request = fakeApi(
      async () => ({}),
      async () => {
        throw new ApiError(MAILCHIMP_MESSAGES.notConfigured, 503, MAILCHIMP_MESSAGES.notConfigured, undefined, 'MAILCHIMP_NOT_CONFIGURED');
      },
    );
    renderStaff(<SyncMailchimpDialog event={event} onClose={() => {}} />, { request });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(MAILCHIMP_MESSAGES.notConfigured);
    expect(alert.textContent).toContain('MAILCHIMP_API_KEY');
    expect(screen.queryByRole('button', { name: 'Sync' })).toBeNull();
  });
});

describe('the event form’s audience select', () => {
  it('offers None and the real audiences; an audience that no longer exists stays selected, named as such', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const request = fakeApi(async () => ({}));
    renderStaff(<AudienceSelect value="gone-1" onChange={onChange} />, { request });
    const select = (await screen.findByLabelText('Mailchimp audience')) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'None (no Mailchimp sync)',
      'Canyon Newsletter (1 subscriber)',
      'Zion Volunteers (1,234 subscribers)',
      'Audience gone-1 (not found in Mailchimp)',
    ]);
    expect(select.value).toBe('gone-1');
    await user.selectOptions(select, 'aud-vol');
    expect(onChange).toHaveBeenCalledWith('aud-vol');
  });
});
