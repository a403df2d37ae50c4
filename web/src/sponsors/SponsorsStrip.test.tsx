import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client.js';
import { SponsorsStrip } from './SponsorsStrip.js';

const sponsor = (id: string, name: string, website: string) => ({ id, name, website, logo: `/logos/${id}.png`, createdAt: '2026-01-01T00:00:00Z' });

afterEach(() => vi.restoreAllMocks());

describe('SponsorsStrip (issue 26 item 6)', () => {
  it('links a sponsor with a website in a new tab, named by the sponsor; one without stays an image', async () => {
    vi.spyOn(api, 'listSponsors').mockResolvedValue([sponsor('a', 'River Trust', 'https://river.example.org/'), sponsor('b', 'Oak Fund', '')]);
    render(<SponsorsStrip />);
    const list = (await screen.findAllByRole('list'))[0]!;
    const link = within(list).getByRole('link', { name: 'River Trust' });
    expect(link.getAttribute('href')).toBe('https://river.example.org/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // Only the first copy is reachable: the sponsor is one link for a keyboard and a screen reader.
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(within(list).queryByRole('link', { name: 'Oak Fund' })).toBeNull();
    expect(within(list).getByRole('img', { name: 'Oak Fund' })).toBeTruthy();
    // The repeats stay out of the tab order.
    const repeats = document.querySelectorAll('a.sponsor-link[tabindex="-1"]');
    expect(repeats.length).toBeGreaterThan(0);
    expect(document.querySelectorAll('a.sponsor-link:not([tabindex="-1"])')).toHaveLength(1);
  });
});
