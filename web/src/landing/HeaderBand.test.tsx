import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, type Theme } from '@shared/theme-model.js';
import { ThemeContext } from '../theme/ThemeContext.js';
import { HeaderBand } from './HeaderBand.js';

const renderBand = (fields: Partial<Theme>) =>
  render(
    <ThemeContext.Provider value={{ theme: { ...DEFAULT_THEME, ...fields }, status: 'loaded' }}>
      <HeaderBand />
    </ThemeContext.Provider>,
  );

describe('HeaderBand: the Theme tab’s header image, text and subtext (issue 27 item 3)', () => {
  it('shows the header text as a heading and the subtext under it, over the header image', () => {
    const { container } = renderBand({ headerText: 'Walk the Narrows', headerSubtext: 'Every Saturday', headerImage: '/uploads/0123456789abcdef01234567-1600.webp' });
    const band = screen.getByRole('region', { name: 'Welcome' });
    expect(screen.getByRole('heading', { level: 2, name: 'Walk the Narrows' })).toBeTruthy();
    expect(band.textContent).toContain('Every Saturday');
    const image = container.querySelector('img.header-band-image') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/uploads/0123456789abcdef01234567-1600.webp');
    expect(image.getAttribute('alt')).toBe('');
    expect(image.getAttribute('srcset')).toContain('480w');
    expect(band.className).toContain('header-band--image');
  });

  it('without an image: the text alone on the button colours, no empty paragraph', () => {
    const { container } = renderBand({ headerText: 'Hello', headerSubtext: '', headerImage: ' ' });
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('region', { name: 'Welcome' }).className).toBe('header-band');
    expect(container.querySelector('p')).toBeNull();
  });

  it('draws nothing when all three are empty or blank', () => {
    const { container } = renderBand({ headerText: ' ', headerSubtext: '', headerImage: '' });
    expect(container.innerHTML).toBe('');
  });
});
