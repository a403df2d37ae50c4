import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@shared/messages.js';
import { THEME_MESSAGES } from '@shared/theme.js';
import { DEFAULT_THEME, type Theme } from '@shared/theme-model.js';
import { ApiError, type RequestOptions } from '../api/client.js';
import { UNSAVED_TEXT, UnsavedChangesProvider, useConfirmLeave } from '../staff/unsavedChanges.js';
import { renderStaff } from '../test/staff.js';
import ThemeTab from './ThemeTab.js';
import { THEME_UPLOAD_TEXT } from './themeApi.js';

/** The dashboard's theme as the API answers it. */
let stored: Theme;
let handlers: Record<string, (options: RequestOptions) => Promise<unknown>>;
const request = vi.fn(async (path: string, options: RequestOptions = {}) => {
  const key = `${options.method ?? 'GET'} ${path}`;
  const handler = handlers[key];
  if (!handler) throw new Error(`unexpected call ${key}`);
  return handler(options);
});

const left = vi.fn();

function OtherTab() {
  const confirmLeave = useConfirmLeave();
  return (
    <button type="button" onClick={() => confirmLeave(left)}>
      Other tab
    </button>
  );
}

function renderTab() {
  return renderStaff(
    <UnsavedChangesProvider>
      <OtherTab />
      <ThemeTab />
    </UnsavedChangesProvider>,
    { request },
  );
}

const puts = () => request.mock.calls.filter(([, options]) => options?.method === 'PUT');

describe('ThemeTab', () => {
  beforeEach(() => {
    request.mockClear();
    stored = { ...DEFAULT_THEME, siteName: 'Canyon Friends' };
    handlers = {
      'GET /theme': async () => ({ success: true, theme: stored }),
      'PUT /theme': async (options) => {
        stored = options.body as Theme;
        return { success: true, message: MESSAGES.themeSaved, theme: stored };
      },
    };
  });
  afterEach(() => vi.useRealTimers());

  it("says 'Failed to load theme settings' with a retry that loads the form", async () => {
    const user = userEvent.setup();
    handlers['GET /theme'] = async () => {
      throw new ApiError('boom', 500);
    };
    renderTab();
    expect(await screen.findByText(MESSAGES.themeLoadFailed)).toBeTruthy();
    handlers['GET /theme'] = async () => ({ success: true, theme: stored });
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(((await screen.findByLabelText(/Site name/)) as HTMLInputElement).value).toBe('Canyon Friends');
  });

  it('shows a bad colour at its field and sends nothing; the picker and the hex text stay in sync', async () => {
    const user = userEvent.setup();
    renderTab();
    const primary = (await screen.findByLabelText('Primary colour')) as HTMLInputElement;
    const picker = screen.getByLabelText('Primary colour picker') as HTMLInputElement;
    expect(picker.value).toBe(DEFAULT_THEME.primaryColor);
    fireEvent.input(picker, { target: { value: '#123456' } });
    await waitFor(() => expect(primary.value).toBe('#123456'));
    await user.clear(primary);
    await user.type(primary, 'red');
    await user.tab();
    expect(await screen.findByText('Must be a hex colour such as #c4622d')).toBeTruthy();
    expect(primary.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByText(/Some fields need attention/)).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it("saves the whole theme, says 'Theme saved successfully!' and clears it after 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderTab();
    const name = await screen.findByLabelText(/Site name/);
    await user.clear(name);
    await user.type(name, 'Desert Stewards');
    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByText(MESSAGES.themeSaved)).toBeTruthy();
    expect(screen.getByText(MESSAGES.publicChangeDelay)).toBeTruthy();
    expect(puts()[0][1]?.body).toEqual({ ...DEFAULT_THEME, siteName: 'Desert Stewards' });
    act(() => vi.advanceTimersByTime(2_500));
    expect(screen.queryByText(MESSAGES.themeSaved)).toBeTruthy();
    act(() => vi.advanceTimersByTime(600));
    expect(screen.queryByText(MESSAGES.themeSaved)).toBeNull();
  });

  it("shows the server's field errors at their fields, with 'Failed to save theme'", async () => {
    const user = userEvent.setup();
    handlers['PUT /theme'] = async () => {
      throw new ApiError('Must be an http(s) address', 400, 'Must be an http(s) address', { 'sliderContent.slide2.buttonLink': 'Must be an http(s) address' });
    };
    renderTab();
    await screen.findByLabelText(/Site name/);
    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByText(`${MESSAGES.themeSaveFailed}: Must be an http(s) address`)).toBeTruthy();
    const link = screen.getByLabelText(/Slide 2 button link/);
    expect(link.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(MESSAGES.themeSaved)).toBeNull();
  });

  it('keeps 1 to 5 slides with clear messages; reorders and removes', async () => {
    const user = userEvent.setup();
    renderTab();
    await screen.findByLabelText(/Site name/);
    await user.click(screen.getByRole('button', { name: 'Add slide' }));
    await user.click(screen.getByRole('button', { name: 'Add slide' }));
    expect(screen.getByText(/5 of 5 slides/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add slide' }));
    expect(screen.getByRole('alert').textContent).toBe(THEME_MESSAGES.maxSlides);
    await user.click(screen.getByRole('button', { name: 'Move slide 1 down' }));
    expect((screen.getByLabelText('Slide 2 title') as HTMLInputElement).value).toBe(DEFAULT_THEME.sliderContent.slide1.title);
    for (let i = 0; i < 4; i++) await user.click(screen.getByRole('button', { name: 'Remove slide 1' }));
    expect(screen.getByText(/1 of 5 slides/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove slide 1' }));
    expect(screen.getByRole('alert').textContent).toBe(THEME_MESSAGES.minSlides);
    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    const body = puts()[0][1]?.body as Theme;
    expect(body.activeSlides).toHaveLength(1);
    expect(Object.keys(body.sliderContent)).toEqual(body.activeSlides);
  });

  it('refuses a 3-character icon at its field', async () => {
    const user = userEvent.setup();
    renderTab();
    const icon = await screen.findByLabelText('Feature 1 icon');
    await user.clear(icon);
    await user.type(icon, 'abc');
    await user.tab();
    expect(await screen.findByText(THEME_MESSAGES.iconTooLong)).toBeTruthy();
  });

  it('warns next to a text colour that fails WCAG AA on its background, and the preview follows the draft', async () => {
    const user = userEvent.setup();
    renderTab();
    const navbarText = await screen.findByLabelText('Navbar text colour');
    expect(document.querySelector('[data-pair="navbarTextColor/navbarColor"]')).toBeNull();
    await user.clear(navbarText);
    await user.type(navbarText, '#eeeeee');
    expect((await screen.findByText(/Low contrast: navbar text on navbar is 1\.1:1/)).getAttribute('data-pair')).toBe('navbarTextColor/navbarColor');
    const preview = screen.getByTestId('theme-preview');
    expect(preview.style.getPropertyValue('--color-navbar-text')).toBe('#eeeeee');
    const name = screen.getByLabelText(/Site name/);
    await user.clear(name);
    await user.type(name, 'Preview Name');
    expect(preview.querySelector('.navbar-name')?.textContent).toBe('Preview Name');
    expect(within(preview).getAllByText('Preview Name').length).toBeGreaterThan(1);
  });

  it('shows the header text and subtext in the preview’s band as they are typed (issue 27 item 3)', async () => {
    const user = userEvent.setup();
    renderTab();
    const text = await screen.findByLabelText('Header text');
    const preview = screen.getByTestId('theme-preview');
    expect(preview.querySelector('.header-band h2')?.textContent).toBe(stored.headerText);
    await user.clear(text);
    await user.type(text, 'Band heading');
    await user.clear(screen.getByLabelText('Header subtext'));
    await user.type(screen.getByLabelText('Header subtext'), 'Band words');
    expect(preview.querySelector('.header-band h2')?.textContent).toBe('Band heading');
    expect(preview.querySelector('.header-band p')?.textContent).toBe('Band words');
  });

  it("an upload that gets no reply says 'Failed to upload image: Network error'", async () => {
    const user = userEvent.setup();
    handlers['POST /upload'] = async () => {
      throw new ApiError(MESSAGES.networkError, 0);
    };
    renderTab();
    const logo = await screen.findByLabelText('Logo');
    await user.upload(logo, new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText(THEME_UPLOAD_TEXT.network)).toBeTruthy();
  });

  it("a reply that names no stored image says 'Failed to process file'; a refusal keeps the server's words", async () => {
    const user = userEvent.setup();
    handlers['POST /upload'] = async () => ({ success: true, message: 'Image uploaded' });
    renderTab();
    const favicon = await screen.findByLabelText('Favicon');
    await user.upload(favicon, new File([new Uint8Array([137, 80, 78, 71])], 'icon.png', { type: 'image/png' }));
    expect(await screen.findByText(THEME_UPLOAD_TEXT.processFailed)).toBeTruthy();
    expect(screen.getByText('Recommended 16x16 or 32x32 pixels.')).toBeTruthy();
    handlers['POST /upload'] = async () => {
      throw new ApiError('File too large. Maximum size is 5MB.', 413, 'File too large. Maximum size is 5MB.', undefined, 'FILE_TOO_LARGE');
    };
    await user.upload(screen.getByLabelText('Header image'), new File([new Uint8Array([137, 80, 78, 71])], 'header.png', { type: 'image/png' }));
    expect(await screen.findByText('File too large. Maximum size is 5MB.')).toBeTruthy();
  });

  it('asks before leaving unsaved changes, and not once they are saved', async () => {
    const user = userEvent.setup();
    left.mockClear();
    renderTab();
    const name = await screen.findByLabelText(/Site name/);
    await user.type(name, ' Club');
    await user.click(screen.getByRole('button', { name: 'Other tab' }));
    expect(await screen.findByText(UNSAVED_TEXT.title)).toBeTruthy();
    expect(left).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: UNSAVED_TEXT.keep }));
    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    await screen.findByText(MESSAGES.themeSaved);
    await user.click(screen.getByRole('button', { name: 'Other tab' }));
    expect(left).toHaveBeenCalledTimes(1);
  });
});
