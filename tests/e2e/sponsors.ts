// The sponsors journeys' shared parts (sponsors.spec.ts, sponsors-edit.spec.ts).
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

export const SEEDED_SPONSORS = ['Canyon Outfitters', 'Red Rock Bank', 'Virgin River Foundation'];

/** A real logo, 600x320 (wide, like most logos), for the upload's decoder and re-encoder to work on. */
export function logoPng(label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="320">
    <rect width="600" height="320" rx="40" fill="#2f6b4f"/>
    <circle cx="120" cy="160" r="80" fill="#f2c14e"/>
    <text x="230" y="185" font-family="sans-serif" font-size="64" font-weight="700" fill="#ffffff">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A sponsor's row in the Sponsors tab, by its name. */
export const sponsorItem = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

/**
 * The names in the public 'Our Supporters' strip, in its order (one copy of the looping list),
 * keeping only `known`: another journey running at the same time may add sponsors of its own.
 * A linked logo's name is its link's label (the image inside is decoration), an unlinked one's its alt.
 */
export async function stripNames(visitor: Page, known: readonly string[]): Promise<string[]> {
  await visitor.goto('/');
  const strip = visitor.locator('section.sponsors');
  await expect(strip.getByRole('heading', { name: 'Our Supporters' })).toBeVisible();
  const firstCopy = strip.locator('.sponsors-list').first();
  await expect(firstCopy.locator('.sponsor-item').first()).toBeAttached();
  // Repeats of the list (to fill wide screens) carry no name: the named ones are the list once.
  const names = await firstCopy
    .locator('.sponsor-item:not(.is-repeat)')
    .evaluateAll((items) => items.map((item) => item.querySelector('a')?.getAttribute('aria-label') ?? item.querySelector('img')?.getAttribute('alt') ?? ''));
  return names.filter((name) => known.includes(name));
}

/** The Sponsors tab's names, in order, keeping only `known` (see stripNames). */
export async function adminNames(page: Page, known: readonly string[]): Promise<string[]> {
  const names = await page.locator('.sponsors-admin-list .sponsors-admin-name').allTextContents();
  return names.filter((name) => known.includes(name));
}

/**
 * Runs `journey` while no other sponsors journey changes the list: the two spec files run side by
 * side (two workers), and a sponsor added by one between another's load and its move makes that
 * move swap with the wrong neighbour or be refused as 'The sponsor list has changed meanwhile'.
 * The lock is a directory in the run's data directory (fresh for each stack), created atomically.
 */
export async function whileSponsorsAreMine<T>(journey: () => Promise<T>): Promise<T> {
  const lock = join(process.env.DATA_DIR ?? tmpdir(), 'e2e-sponsors.lock');
  const take = () => {
    try {
      mkdirSync(lock);
      return true;
    } catch {
      return false;
    }
  };
  await expect.poll(take, { timeout: 150_000, intervals: [200], message: 'another sponsors journey holds the list' }).toBe(true);
  try {
    return await journey();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
