import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { DEFAULT_THEME, type Theme } from '@shared/theme-model.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTheme } from './ThemeContext.js';
import { THEME_STORAGE_KEY, ThemeProvider, storedTheme } from './ThemeProvider.js';

/** GET /theme answered when the test says so. */
function pendingTheme() {
  let answer!: (response: Response) => void;
  let fail!: (error: Error) => void;
  const reply = new Promise<Response>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  const fetchMock = vi.fn((_url: string) => reply);
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    answer: (theme: Partial<Theme>) => act(async () => answer(Response.json({ success: true, theme: { ...DEFAULT_THEME, ...theme } }))),
    fail: () => act(async () => fail(new TypeError('offline'))),
  };
}

const mounted = vi.fn();

/** Stands for a page: says when it mounted (when it would ask for its data). */
function Page() {
  const theme = useTheme();
  useEffect(() => mounted(), []);
  return <p>Site: {theme.siteName}</p>;
}

const primary = () => document.documentElement.style.getPropertyValue('--color-primary');

function renderPage() {
  return render(
    <ThemeProvider>
      <Page />
    </ThemeProvider>,
  );
}

describe('ThemeProvider', () => {
  beforeEach(() => {
    localStorage.clear();
    mounted.mockClear();
    document.documentElement.removeAttribute('style');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('first visit: shows Loading... while the page underneath is already mounted (asking for its data) but hidden', async () => {
    const theme = pendingTheme();
    renderPage();
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(mounted).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(theme.fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.getByText(/^Site:/).closest('[hidden]')).not.toBeNull();

    await theme.answer({ siteName: 'Canyon Friends', primaryColor: '#123456' });
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByText('Site: Canyon Friends').closest('[hidden]')).toBeNull();
    expect(primary()).toBe('#123456');
    // The page was not mounted a second time: its request is not repeated.
    expect(mounted).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage[THEME_STORAGE_KEY] as string)).toMatchObject({ siteName: 'Canyon Friends', primaryColor: '#123456' });
  });

  it('a returning visit shows the kept theme at once, then the answer, which is kept for next time', async () => {
    localStorage[THEME_STORAGE_KEY] = JSON.stringify({ ...DEFAULT_THEME, siteName: 'Kept', primaryColor: '#0a0b0c' });
    const theme = pendingTheme();
    renderPage();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByText('Site: Kept').closest('[hidden]')).toBeNull();
    expect(primary()).toBe('#0a0b0c');
    await waitFor(() => expect(theme.fetchMock).toHaveBeenCalledTimes(1));

    await theme.answer({ siteName: 'Fresh', primaryColor: '#654321' });
    expect(screen.getByText('Site: Fresh')).toBeTruthy();
    expect(primary()).toBe('#654321');
    expect(storedTheme()).toMatchObject({ siteName: 'Fresh', primaryColor: '#654321' });
  });

  it('when the theme fails, a returning visit keeps the kept theme', async () => {
    localStorage[THEME_STORAGE_KEY] = JSON.stringify({ ...DEFAULT_THEME, siteName: 'Kept' });
    const theme = pendingTheme();
    renderPage();
    await theme.fail();
    expect(screen.getByText('Site: Kept').closest('[hidden]')).toBeNull();
    expect(storedTheme()?.siteName).toBe('Kept');
  });

  it('when the theme fails on a first visit, the page shows with the defaults and nothing is kept', async () => {
    const theme = pendingTheme();
    renderPage();
    await theme.fail();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByText(`Site: ${DEFAULT_THEME.siteName}`).closest('[hidden]')).toBeNull();
    expect(primary()).toBe(DEFAULT_THEME.primaryColor);
    expect(localStorage[THEME_STORAGE_KEY]).toBeUndefined();
  });

  it('a kept value that is not a theme is ignored (first-visit path), and odd fields take the defaults', () => {
    localStorage[THEME_STORAGE_KEY] = '{not json';
    expect(storedTheme()).toBeNull();
    localStorage[THEME_STORAGE_KEY] = JSON.stringify({ siteName: 'Odd', primaryColor: 7 });
    expect(storedTheme()).toEqual({ ...DEFAULT_THEME, siteName: 'Odd' });
  });

  it("a theme this page load already received shows at once, is kept for the next visit, and is not asked again", async () => {
    const fetchMock = vi.fn(async () => Response.json({ success: true, theme: DEFAULT_THEME }));
    vi.stubGlobal('fetch', fetchMock);
    localStorage[THEME_STORAGE_KEY] = JSON.stringify({ ...DEFAULT_THEME, siteName: 'Kept last time' });
    render(
      <ThemeProvider firstTheme={{ ...DEFAULT_THEME, siteName: 'Just received', primaryColor: '#123456' }}>
        <Page />
      </ThemeProvider>,
    );
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByText('Site: Just received').closest('[hidden]')).toBeNull();
    expect(primary()).toBe('#123456');
    await waitFor(() => expect(storedTheme()?.siteName).toBe('Just received'));
    expect(mounted).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
