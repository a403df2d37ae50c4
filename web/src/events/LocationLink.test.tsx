import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LocationLink } from './LocationLink.js';

// Issue 26 item 5: the event page links the location to a map search, in a new tab.
describe('LocationLink', () => {
  it('links the location to a map search that opens in a new tab, without opener or referrer', () => {
    render(<LocationLink location="Café & Bar #2, Springdale" />);
    const link = screen.getByRole('link', { name: /^Café & Bar #2, Springdale ?\(map, opens in a new tab\)$/ });
    expect(link.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=Caf%C3%A9%20%26%20Bar%20%232%2C%20Springdale');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toContain('Café & Bar #2, Springdale');
  });

  it('shows nothing for an empty location', () => {
    const { container } = render(<LocationLink location="  " />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
