import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DEFAULT_THEME } from '@shared/theme-model.js';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes.js';
import { ThemeContext, type ThemeStatus } from './ThemeContext.js';
import { isStaffPage, PublicPageCss } from './PublicPageCss.js';

// Issue 23 item 7: theme CSS with attribute selectors sent each typed character of a staff
// password at /admin to an outside host. Custom CSS applies to the public pages only.

const MARKER = 'body { --custom-css-marker: 1; }';

function renderAt(path: string, status: ThemeStatus = 'loaded') {
  const router = createMemoryRouter([{ path: '*', element: <PublicPageCss /> }], { initialEntries: [path] });
  render(
    <ThemeContext.Provider value={{ theme: { ...DEFAULT_THEME, customCSS: MARKER }, status }}>
      <RouterProvider router={router} />
    </ThemeContext.Provider>,
  );
  return router;
}

const appliedCss = () => document.querySelector('style[data-theme-css]')?.textContent ?? null;

describe('PublicPageCss', () => {
  it.each(['/', '/some-event', '/event/e1', '/checkin/ticket-1', '/payment-success', '/no-such-page'])('applies the custom CSS on the public page %s', (path) => {
    renderAt(path);
    expect(appliedCss()).toBe(MARKER);
  });

  it.each(['/admin', '/admin/', '/Admin', '/checkin', '/CHECKIN/', ROUTES.dashboard, `${ROUTES.dashboard}/`])('never applies it on the staff page %s', (path) => {
    renderAt(path);
    expect(appliedCss()).toBeNull();
  });

  it('takes it away on the way to a staff page and brings it back on the way out', async () => {
    const router = renderAt('/');
    expect(appliedCss()).toBe(MARKER);
    await act(() => router.navigate('/admin'));
    expect(appliedCss()).toBeNull();
    await act(() => router.navigate('/'));
    expect(appliedCss()).toBe(MARKER);
  });

  it('waits for the theme: nothing while it loads', () => {
    renderAt('/', 'loading');
    expect(appliedCss()).toBeNull();
  });

  it('knows the staff pages as the router matches them', () => {
    expect(isStaffPage('/admin')).toBe(true);
    expect(isStaffPage('/checkin')).toBe(true);
    expect(isStaffPage('/checkin/abc')).toBe(false);
    expect(isStaffPage('/administrator')).toBe(false);
  });
});
