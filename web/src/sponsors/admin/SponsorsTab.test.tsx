import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sponsor } from '@shared/sponsors-model.js';
import { ApiError, type RequestOptions } from '../../api/client.js';
import { renderStaff } from '../../test/staff.js';
import SponsorsTab from './SponsorsTab.js';

// The first bytes of a PNG file: enough for the browser side, which checks only size and type.
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const PNG_BASE64 = btoa(String.fromCharCode(...PNG_BYTES));
const pngFile = () => new File([PNG_BYTES], 'logo.png', { type: 'image/png' });

const WEBSITE_INVALID = 'The website must be a full http:// or https:// address, e.g. https://example.org';

const sponsor = (id: string, name: string): Sponsor => ({ id, name, logo: `/api/files/uploads/${id}-480.webp`, website: '', createdAt: '2026-01-01T00:00:00.000Z' });

let sponsors: Sponsor[];
let write: (path: string, options: RequestOptions) => Promise<unknown>;
const request = vi.fn(async (path: string, options: RequestOptions = {}) => {
  if (!options.method && path === '/sponsors') return { success: true, sponsors };
  if (options.method) return write(path, options);
  throw new Error(`unexpected ${path}`);
});

const calls = (method: string) => request.mock.calls.filter(([, options]) => options?.method === method);
const row = (name: string) => screen.getByRole('listitem', { name });
const names = () => screen.getAllByRole('listitem').map((item) => within(item).getByText(/./, { selector: '.sponsors-admin-name' }).textContent);

describe('SponsorsTab', () => {
  beforeEach(() => {
    request.mockClear();
    sponsors = [sponsor('a', 'Canyon Outfitters'), sponsor('b', 'Red Rock Bank'), sponsor('c', 'Virgin River Foundation')];
    write = async () => ({ success: true });
  });

  it('lists the sponsors in order with their logos, and the add form’s hint', async () => {
    renderStaff(<SponsorsTab />, { request });
    const first = await screen.findByRole('listitem', { name: 'Canyon Outfitters' });
    expect(names()).toEqual(['Canyon Outfitters', 'Red Rock Bank', 'Virgin River Foundation']);
    expect(within(first).getByRole('img', { name: 'Canyon Outfitters logo' }).getAttribute('src')).toBe('/api/files/uploads/a-480.webp');
    expect(within(first).getByRole('button', { name: 'Move Canyon Outfitters up' })).toHaveProperty('disabled', true);
    expect(within(row('Virgin River Foundation')).getByRole('button', { name: 'Move Virgin River Foundation down' })).toHaveProperty('disabled', true);
    expect(screen.getByText(/recommended 150x80px, under 100KB/)).toBeTruthy();
  });

  it('says when there are none, and when the list cannot be loaded (with a retry)', async () => {
    sponsors = [];
    const { unmount } = renderStaff(<SponsorsTab />, { request });
    expect(await screen.findByText('No sponsors yet')).toBeTruthy();
    unmount();

    sponsors = [sponsor('b', 'Red Rock Bank')];
    request.mockImplementationOnce(async () => {
      throw new ApiError('Failed to load sponsors', 500);
    });
    renderStaff(<SponsorsTab />, { request });
    expect(await screen.findByText('Failed to load sponsors')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('listitem', { name: 'Red Rock Bank' })).toBeTruthy();
  });

  it('needs both a name and a logo: “Please provide both sponsor name and logo”, nothing sent', async () => {
    const user = userEvent.setup();
    renderStaff(<SponsorsTab />, { request });
    await screen.findByRole('listitem', { name: 'Red Rock Bank' });

    await user.click(screen.getByRole('button', { name: 'Add Sponsor' }));
    expect(await screen.findAllByText('Please provide both sponsor name and logo')).toHaveLength(2);

    await user.type(screen.getByLabelText(/Sponsor name/), 'Zion Coffee');
    await user.click(screen.getByRole('button', { name: 'Add Sponsor' }));
    await waitFor(() => expect(screen.getAllByText('Please provide both sponsor name and logo')).toHaveLength(1));
    expect(screen.getByLabelText(/Logo/, { selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
    expect(calls('POST')).toHaveLength(0);
  });

  it('refuses a file over 5MB in the browser: “File too large. Maximum size is 5MB.”', async () => {
    const user = userEvent.setup();
    renderStaff(<SponsorsTab />, { request });
    await user.type(screen.getByLabelText(/Sponsor name/), 'Zion Coffee');
    await user.upload(screen.getByLabelText(/Logo/, { selector: 'input' }), new File([new Uint8Array(6 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('File too large. Maximum size is 5MB.');
    await user.click(screen.getByRole('button', { name: 'Add Sponsor' }));
    expect(calls('POST')).toHaveLength(0);
  });

  it('adds a sponsor: name and logo sent as base64, the form cleared, the list reloaded', async () => {
    const added = sponsor('d', 'Zion Coffee');
    write = async () => {
      sponsors = [...sponsors, added];
      return { success: true, message: 'Sponsor added', sponsor: added };
    };
    const user = userEvent.setup();
    renderStaff(<SponsorsTab />, { request });
    await screen.findByRole('listitem', { name: 'Red Rock Bank' });

    await user.type(screen.getByLabelText(/Sponsor name/), '  Zion Coffee ');
    await user.type(screen.getByLabelText('Website'), ' https://zioncoffee.example/ ');
    await user.upload(screen.getByLabelText(/Logo/, { selector: 'input' }), pngFile());
    expect(((await screen.findByRole('img', { name: 'Chosen logo preview' })) as HTMLImageElement).src).toBe(`data:image/png;base64,${PNG_BASE64}`);
    await user.click(screen.getByRole('button', { name: 'Add Sponsor' }));

    expect(await screen.findByText('Sponsor added (Zion Coffee) Public pages show the change within 30 seconds.')).toBeTruthy();
    expect(calls('POST')).toEqual([
      ['/sponsors', { method: 'POST', body: { name: 'Zion Coffee', website: 'https://zioncoffee.example/', imageData: PNG_BASE64, fileName: 'logo.png', mimeType: 'image/png' } }, 'Error adding sponsor'],
    ]);
    expect(await screen.findByRole('listitem', { name: 'Zion Coffee' })).toBeTruthy();
    expect((screen.getByLabelText(/Sponsor name/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Website') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('img', { name: 'Chosen logo preview' })).toBeNull();
  });

  it('a website that is not a full http(s) address is refused at the field, nothing sent; the server’s field error shows there too', async () => {
    const user = userEvent.setup();
    renderStaff(<SponsorsTab />, { request });
    await screen.findByRole('listitem', { name: 'Red Rock Bank' });
    await user.type(screen.getByLabelText(/Sponsor name/), 'Zion Coffee');
    await user.type(screen.getByLabelText('Website'), 'javascript:alert(1)');
    await user.upload(screen.getByLabelText(/Logo/, { selector: 'input' }), pngFile());
    await screen.findByRole('img', { name: 'Chosen logo preview' });
    await user.click(screen.getByRole('button', { name: 'Add Sponsor' }));
    expect(await screen.findByText(WEBSITE_INVALID)).toBeTruthy();
    expect(screen.getByLabelText('Website').getAttribute('aria-invalid')).toBe('true');
    expect(calls('POST')).toHaveLength(0);

    write = async () => {
      throw new ApiError(WEBSITE_INVALID, 400, WEBSITE_INVALID, { website: WEBSITE_INVALID }, 'INVALID_INPUT');
    };
    await user.clear(screen.getByLabelText('Website'));
    await user.type(screen.getByLabelText('Website'), 'https://zioncoffee.example');
    await waitFor(() => expect(screen.queryByText(WEBSITE_INVALID)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Add Sponsor' }));
    expect(await screen.findByText(WEBSITE_INVALID)).toBeTruthy();
    expect(screen.getByLabelText('Website').getAttribute('aria-invalid')).toBe('true');
    expect(calls('POST')).toHaveLength(1);
  });

  it('a row shows the sponsor’s website as a link, or nothing when it has none', async () => {
    sponsors[1] = { ...sponsors[1], website: 'https://redrock.example/' };
    renderStaff(<SponsorsTab />, { request });
    const withSite = await screen.findByRole('listitem', { name: 'Red Rock Bank' });
    expect(within(withSite).getByRole('link', { name: 'https://redrock.example/' }).getAttribute('href')).toBe('https://redrock.example/');
    expect(within(row('Canyon Outfitters')).queryByRole('link')).toBeNull();
  });

  it('a logo the server refuses says “Error uploading sponsor logo: …” at the logo; other failures “Error adding sponsor: …”', async () => {
    write = async () => {
      throw new ApiError(
        'Error uploading sponsor logo: Please select a valid image file.',
        400,
        'Error uploading sponsor logo: Please select a valid image file.',
        { imageData: 'Error uploading sponsor logo: Please select a valid image file.' },
        'INVALID_IMAGE',
      );
    };
    const user = userEvent.setup();
    renderStaff(<SponsorsTab />, { request });
    await user.type(screen.getByLabelText(/Sponsor name/), 'Zion Coffee');
    await user.upload(screen.getByLabelText(/Logo/, { selector: 'input' }), pngFile());
    await screen.findByRole('img', { name: 'Chosen logo preview' });
    await user.click(screen.getByRole('button', { name: 'Add Sponsor' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error uploading sponsor logo: Please select a valid image file.');

    // A body refused on its size has no field errors: still said at the logo.
    write = async () => {
      throw new ApiError('Error uploading sponsor logo: File too large. Maximum size is 5MB.', 413, 'Error uploading sponsor logo: File too large. Maximum size is 5MB.', undefined, 'FILE_TOO_LARGE');
    };
    await user.click(screen.getByRole('button', { name: 'Add Sponsor' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error uploading sponsor logo: File too large. Maximum size is 5MB.'));

    write = async () => {
      throw new ApiError('Network error occurred', 0);
    };
    await user.click(screen.getByRole('button', { name: 'Add Sponsor' }));
    expect(await screen.findByText('Error adding sponsor: Network error occurred')).toBeTruthy();
  });

  it('moves a sponsor: the list changes at once, the order is saved, the focus stays on the sponsor', async () => {
    write = async (_path, options) => {
      const ids = (options.body as { ids: string[] }).ids;
      sponsors = ids.map((id) => sponsors.find((s) => s.id === id) as Sponsor);
      return { success: true, sponsors };
    };
    const user = userEvent.setup();
    renderStaff(<SponsorsTab />, { request });
    await screen.findByRole('listitem', { name: 'Red Rock Bank' });

    await user.click(within(row('Red Rock Bank')).getByRole('button', { name: 'Move Red Rock Bank up' }));

    expect(names()).toEqual(['Red Rock Bank', 'Canyon Outfitters', 'Virgin River Foundation']);
    expect(calls('PUT')).toEqual([['/sponsors/order', { method: 'PUT', body: { ids: ['b', 'a', 'c'] } }, 'Failed to save the sponsor order']]);
    // At the top now: its Up button is disabled, so the focus goes to Down.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Red Rock Bank down'));
    expect(screen.getByText('Red Rock Bank moved to position 1 of 3')).toBeTruthy();

    await user.click(within(row('Canyon Outfitters')).getByRole('button', { name: 'Move Canyon Outfitters down' }));
    await waitFor(() => expect(calls('PUT')).toHaveLength(2));
    expect(calls('PUT')[1][1]).toEqual({ method: 'PUT', body: { ids: ['b', 'c', 'a'] } });
    await waitFor(() => expect(names()).toEqual(['Red Rock Bank', 'Virgin River Foundation', 'Canyon Outfitters']));
  });

  it('a refused move puts the list back and says why', async () => {
    write = async () => {
      throw new ApiError('The sponsor list has changed meanwhile. Reload it and try again.', 409, 'x', undefined, 'SPONSOR_ORDER_MISMATCH');
    };
    const user = userEvent.setup();
    renderStaff(<SponsorsTab />, { request });
    await screen.findByRole('listitem', { name: 'Red Rock Bank' });
    await user.click(within(row('Red Rock Bank')).getByRole('button', { name: 'Move Red Rock Bank down' }));
    expect(await screen.findByText('Failed to save the sponsor order: The sponsor list has changed meanwhile. Reload it and try again.')).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['Canyon Outfitters', 'Red Rock Bank', 'Virgin River Foundation']));
  });

  it('deletes only after the confirmation; a failure is said in the dialog', async () => {
    const user = userEvent.setup();
    renderStaff(<SponsorsTab />, { request });
    await screen.findByRole('listitem', { name: 'Red Rock Bank' });

    await user.click(within(row('Red Rock Bank')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete "Red Rock Bank"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls('DELETE')).toHaveLength(0);

    write = async () => {
      throw new ApiError('Something went wrong. Please try again.', 500);
    };
    await user.click(within(row('Red Rock Bank')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(screen.getByRole('alertdialog')).findByText('Error deleting sponsor: Something went wrong. Please try again.')).toBeTruthy();

    write = async () => {
      sponsors = sponsors.filter((s) => s.id !== 'b');
      return { success: true, message: 'Sponsor deleted' };
    };
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Sponsor deleted (Red Rock Bank) Public pages show the change within 30 seconds.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls('DELETE').at(-1)).toEqual(['/sponsors/b', { method: 'DELETE' }, 'Error deleting sponsor']);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Red Rock Bank' })).toBeNull());
    // The Delete button that had the focus is gone: the focus stays in the list, on its heading.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Sponsors on the site' })));
  });
  describe('Edit', () => {
    const openEdit = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
      await user.click(within(await screen.findByRole('listitem', { name })).getByRole('button', { name: 'Edit' }));
      return screen.getByRole('dialog', { name: `Edit "${name}"` });
    };

    it('opens with the sponsor’s name and website, the focus on the name; Escape cancels and gives the focus back to Edit', async () => {
      sponsors[1] = { ...sponsors[1], website: 'https://redrock.example/' };
      const user = userEvent.setup();
      renderStaff(<SponsorsTab />, { request });
      const dialog = await openEdit(user, 'Red Rock Bank');
      const name = within(dialog).getByLabelText(/Sponsor name/) as HTMLInputElement;
      expect(name.value).toBe('Red Rock Bank');
      expect((within(dialog).getByLabelText('Website') as HTMLInputElement).value).toBe('https://redrock.example/');
      expect(within(dialog).getByRole('img', { name: 'Red Rock Bank current logo' }).getAttribute('src')).toBe('/api/files/uploads/b-480.webp');
      expect(document.activeElement).toBe(name);

      await user.type(name, ' changed');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(within(row('Red Rock Bank')).getByRole('button', { name: 'Edit' }));
      expect(calls('PUT')).toHaveLength(0);
    });

    it('Save sends only the fields changed with PUT, the list shows the change, a toast says so and the focus returns to Edit', async () => {
      write = async (path, options) => {
        const body = options.body as { name?: string; website?: string };
        sponsors = sponsors.map((s) => (path === `/sponsors/${s.id}` ? { ...s, ...body } : s));
        return { success: true, message: 'Sponsor saved', sponsor: sponsors.find((s) => path === `/sponsors/${s.id}`) };
      };
      const user = userEvent.setup();
      renderStaff(<SponsorsTab />, { request });
      const dialog = await openEdit(user, 'Red Rock Bank');
      await user.type(within(dialog).getByLabelText('Website'), '  https://redrock.example/ ');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Sponsor saved (Red Rock Bank) Public pages show the change within 30 seconds.')).toBeTruthy();
      // The name was left alone: not sent. The website goes trimmed.
      expect(calls('PUT')).toEqual([['/sponsors/b', { method: 'PUT', body: { website: 'https://redrock.example/' } }, 'Error saving sponsor']]);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(within(row('Red Rock Bank')).getByRole('link', { name: 'https://redrock.example/' })).toBeTruthy();
      expect(document.activeElement).toBe(within(row('Red Rock Bank')).getByRole('button', { name: 'Edit' }));

      // Now the name only; the website is not sent again, and the row keeps its place.
      const again = await openEdit(user, 'Red Rock Bank');
      await user.clear(within(again).getByLabelText(/Sponsor name/));
      await user.type(within(again).getByLabelText(/Sponsor name/), 'Red Rock Credit Union');
      await user.click(within(again).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(calls('PUT')).toHaveLength(2));
      expect(calls('PUT')[1][1]).toEqual({ method: 'PUT', body: { name: 'Red Rock Credit Union' } });
      await waitFor(() => expect(names()).toEqual(['Canyon Outfitters', 'Red Rock Credit Union', 'Virgin River Foundation']));
      expect(within(row('Red Rock Credit Union')).getByRole('link', { name: 'https://redrock.example/' })).toBeTruthy();
    });

    it('a new logo is checked (5MB) before sending and sent as base64 with only it', async () => {
      const user = userEvent.setup();
      write = async () => ({ success: true, message: 'Sponsor saved', sponsor: sponsors[0] });
      renderStaff(<SponsorsTab />, { request });
      const dialog = await openEdit(user, 'Canyon Outfitters');
      const input = within(dialog).getByLabelText(/New logo/, { selector: 'input' });
      await user.upload(input, new File([new Uint8Array(6 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe('File too large. Maximum size is 5MB.');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      // Nothing changed then: nothing sent, the dialog closes.
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls('PUT')).toHaveLength(0);

      const again = await openEdit(user, 'Canyon Outfitters');
      await user.upload(within(again).getByLabelText(/New logo/, { selector: 'input' }), pngFile());
      await within(again).findByRole('img', { name: 'Chosen logo preview' });
      await user.click(within(again).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(calls('PUT')).toHaveLength(1));
      expect(calls('PUT')[0]).toEqual(['/sponsors/a', { method: 'PUT', body: { imageData: PNG_BASE64, fileName: 'logo.png', mimeType: 'image/png' } }, 'Error saving sponsor']);
    });

    it('a bad website or an empty name is said in the dialog and nothing is sent', async () => {
      const user = userEvent.setup();
      renderStaff(<SponsorsTab />, { request });
      const dialog = await openEdit(user, 'Red Rock Bank');
      await user.type(within(dialog).getByLabelText('Website'), 'redrock.example');
      await user.clear(within(dialog).getByLabelText(/Sponsor name/));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText(WEBSITE_INVALID)).toBeTruthy();
      expect(within(dialog).getByText('Please provide the sponsor name')).toBeTruthy();
      expect(within(dialog).getByLabelText('Website').getAttribute('aria-invalid')).toBe('true');
      expect(calls('PUT')).toHaveLength(0);
      expect(screen.getByRole('dialog')).toBe(dialog);
    });

    it('a failure stays in the dialog with what was typed; a field error from the server shows at its field', async () => {
      write = async () => {
        throw new ApiError('Something went wrong. Please try again.', 500);
      };
      const user = userEvent.setup();
      renderStaff(<SponsorsTab />, { request });
      const dialog = await openEdit(user, 'Red Rock Bank');
      await user.type(within(dialog).getByLabelText('Website'), 'https://redrock.example');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe('Error saving sponsor: Something went wrong. Please try again.');
      expect(screen.getByRole('dialog')).toBe(dialog);
      expect((within(dialog).getByLabelText('Website') as HTMLInputElement).value).toBe('https://redrock.example');
      expect(screen.queryByText(/Sponsor saved/)).toBeNull();

      write = async () => {
        throw new ApiError(WEBSITE_INVALID, 400, WEBSITE_INVALID, { website: WEBSITE_INVALID }, 'INVALID_INPUT');
      };
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText(WEBSITE_INVALID)).toBeTruthy();
      expect(within(dialog).getByLabelText('Website').getAttribute('aria-invalid')).toBe('true');
      expect(within(dialog).queryByText(/Error saving sponsor/)).toBeNull();

      write = async () => {
        throw new ApiError('Sponsor not found', 404, 'Sponsor not found', undefined, 'SPONSOR_NOT_FOUND');
      };
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('Error saving sponsor: Sponsor not found')).toBeTruthy();
    });
  });
});
