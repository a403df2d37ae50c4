import { describe, expect, it } from 'vitest';
import { formatWhen, whenPhrase } from './relativeTime.js';

// The organisation's time zone is America/Denver: 19:05 MST on 28 Nov 2026 is 02:05 UTC on the 29th.
const now = new Date('2026-11-29T02:05:00Z');
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;

describe('formatWhen', () => {
  it('says just now for the last minute, and for a clock slightly ahead', () => {
    expect(formatWhen(before(20_000), now)).toBe('just now');
    expect(formatWhen(before(-30_000), now)).toBe('just now');
  });

  it('counts minutes within the hour', () => {
    expect(formatWhen(before(MIN), now)).toBe('1 minute ago');
    expect(formatWhen(before(2 * MIN + 30_000), now)).toBe('2 minutes ago');
    expect(formatWhen(before(59 * MIN), now)).toBe('59 minutes ago');
  });

  it('says Today at the time for earlier today', () => {
    expect(formatWhen('2026-11-28T17:30:00Z', now)).toBe('Today at 10:30 AM MST');
  });

  it('the day boundary is the organisation’s midnight, not UTC’s', () => {
    // 06:59 UTC on the 28th is 11:59 PM MST on the 27th: yesterday in Denver, though UTC says the 28th, like now's 'today' in Denver.
    expect(formatWhen('2026-11-28T06:59:00Z', now)).toBe('Yesterday at 11:59 PM MST');
    // 07:00 UTC on the 28th is midnight in Denver: today.
    expect(formatWhen('2026-11-28T07:00:00Z', now)).toBe('Today at 12:00 AM MST');
  });

  it('just after midnight, 20 minutes ago reads as minutes, 2 hours ago as yesterday', () => {
    const midnight = new Date('2026-11-29T07:10:00Z'); // 12:10 AM MST on the 29th
    expect(formatWhen('2026-11-29T06:50:00Z', midnight)).toBe('20 minutes ago');
    expect(formatWhen('2026-11-29T05:10:00Z', midnight)).toBe('Yesterday at 10:10 PM MST');
  });

  it('prints the full date for older times and for the future', () => {
    expect(formatWhen('2026-11-20T02:00:00Z', now)).toBe('Thursday, November 19, 2026 at 7:00 PM MST');
    expect(formatWhen('2026-12-01T02:00:00Z', now)).toBe('Monday, November 30, 2026 at 7:00 PM MST');
  });

  it('older times can take a shorter date', () => {
    expect(formatWhen('2026-11-20T02:00:00Z', now, () => 'Nov 19')).toBe('Nov 19');
    expect(formatWhen(before(2 * MIN), now, () => 'Nov 19')).toBe('2 minutes ago');
  });

  it('prints nothing for no time or a broken one', () => {
    expect(formatWhen(null, now)).toBe('');
    expect(formatWhen('not a date', now)).toBe('');
  });

  it('reads inside a sentence', () => {
    expect(whenPhrase(before(2 * MIN), now)).toBe('2 minutes ago');
    expect(whenPhrase('2026-11-28T17:30:00Z', now)).toBe('today at 10:30 AM MST');
    expect(whenPhrase('2026-11-20T02:00:00Z', now)).toBe('on Thursday, November 19, 2026 at 7:00 PM MST');
    expect(whenPhrase(null, now)).toBe('');
  });
});
