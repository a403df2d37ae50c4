import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * The first date or number format a page makes loads the browser's locale and time-zone data
 * (about 10 ms, four times that on a slowed phone CPU). Made when the modules load, that cost sat
 * in the app's script evaluation, ahead of every page's first screen; made on first use, the
 * landing page pays it only when it renders its event cards, below the first screen.
 */
const { DateTimeFormat, NumberFormat } = Intl;
afterEach(() => {
  Object.assign(Intl, { DateTimeFormat, NumberFormat });
  vi.resetModules();
});

/** Counts the formats made from now on. */
function countMade() {
  const made = { dates: 0, numbers: 0 };
  Object.assign(Intl, {
    DateTimeFormat: class extends DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
        super(...args);
        made.dates++;
      }
    },
    NumberFormat: class extends NumberFormat {
      constructor(...args: ConstructorParameters<typeof NumberFormat>) {
        super(...args);
        made.numbers++;
      }
    },
  });
  return made;
}

describe('formats made on first use', () => {
  it('loading the event and price formatting makes no Intl format; the first use makes each once', async () => {
    const made = countMade();
    vi.resetModules();
    const format = await import('./format.js');
    const { formatPrice } = await import('@shared/payments-model.js');
    expect(made).toEqual({ dates: 0, numbers: 0 });

    expect(format.dateBadge('2026-06-14T01:30:00.000Z')).toEqual({ month: 'JUN', day: '13' });
    expect(format.formatEventDateTime('2026-06-14T01:30:00.000Z')).toBe('Saturday, June 13, 2026 at 7:30 PM MDT');
    expect(formatPrice(25)).toBe('$25.00');
    expect(made).toEqual({ dates: 4, numbers: 1 });

    // Later uses reuse them.
    format.dateBadge('2026-07-04T18:00:00.000Z');
    format.formatEventDateTime('2026-07-04T18:00:00.000Z');
    format.formatEventDate('2026-07-04T18:00:00.000Z');
    format.formatEventTime('2026-07-04T18:00:00.000Z');
    formatPrice(3.5);
    expect(made).toEqual({ dates: 4, numbers: 1 });
  });
});
