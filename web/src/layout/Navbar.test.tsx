import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, type Theme } from '@shared/theme-model.js';
import { ThemeContext } from '../theme/ThemeContext.js';
import { Navbar } from './Navbar.js';

const renderNavbar = (theme: Theme) =>
  render(
    <ThemeContext.Provider value={{ theme, status: 'loaded' }}>
      <MemoryRouter>
        <Navbar />
      </MemoryRouter>
    </ThemeContext.Provider>,
  );

describe('Navbar', () => {
  it("asks for the theme's logo at low priority: the page's own picture goes first on a slow connection", () => {
    const theme = { ...DEFAULT_THEME, siteName: 'Canyon Friends', logoImage: '/seed/logo.svg' };
    renderNavbar(theme);
    const logo = screen.getByRole('link', { name: 'Canyon Friends' }).querySelector('img');
    expect(logo?.getAttribute('src')).toBe('/seed/logo.svg');
    expect(logo?.getAttribute('fetchpriority')).toBe('low');
  });

  it("links 'Home' to the site's home page in the same tab, not to the organisation's website (issue 24 item 9)", () => {
    const theme = { ...DEFAULT_THEME, socialLinks: { ...DEFAULT_THEME.socialLinks, website: 'https://example.org' } };
    renderNavbar(theme);
    const home = screen.getByRole('link', { name: 'Home' });
    expect(home.getAttribute('href')).toBe('/');
    expect(home.hasAttribute('target')).toBe(false);
  });
});
