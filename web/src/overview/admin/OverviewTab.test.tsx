import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OVERVIEW_LIMITS, OVERVIEW_MESSAGES, type EventOverviewReply } from '@shared/overview-model.js';
import { ApiError, type RequestOptions } from '../../api/client.js';
import { renderStaff, routerLocation } from '../../test/staff.js';
import { card, checkInView, eventReply, overviewReply } from '../fixtures.js';
import type { ChartSpec } from '../overview.js';
import OverviewTab from './OverviewTab.js';

// jsdom has no canvas: the chart stands in as the data it was given.
vi.mock('./UPlotChart.js', () => ({
  default: ({ spec, sparkline }: { spec: ChartSpec; sparkline?: boolean }) => (
    <div data-testid={sparkline ? 'sparkline' : 'chart'} data-series={JSON.stringify(spec.series.map((s) => s.values))} />
  ),
}));

let cards: () => Promise<unknown>;
let eventReplies: (() => Promise<unknown>)[];
const request = vi.fn(async (path: string, _options: RequestOptions = {}) => {
  if (path === '/overview') return cards();
  if (path === '/events/E1/overview') return (eventReplies.length > 1 ? eventReplies.shift()! : eventReplies[0])();
  throw new ApiError('Event not found', 404);
});

const calls = (path: string) => request.mock.calls.filter(([called]) => called === path).length;

beforeEach(() => {
  request.mockClear();
  cards = async () => overviewReply([]);
  eventReplies = [async () => eventReply()];
});

describe('Overview tab: the cards', () => {
  it('shows each upcoming event with its fill bar, money, last 7 days with a sparkline, waitlist and warning', async () => {
    cards = async () =>
      overviewReply([
        card({ warning: { kind: 'nearlyFull', text: OVERVIEW_MESSAGES.nearlyFull }, registered: 57, waitlist: 4 }),
        card({ id: 'E2', title: 'Night Walk', capacity: null, registered: 3, amountTaken: 0, warning: null }),
        card({ id: 'E3', title: 'Owl Prowl', capacity: 100, registered: 5, warning: { kind: 'slowToFill', text: OVERVIEW_MESSAGES.slowToFill } }),
      ]);
    renderStaff(<OverviewTab />, { request, path: '/admin' });
    const list = await screen.findByRole('list', { name: 'Upcoming events' });
    const [condor, walk, owl] = within(list).getAllByRole('listitem');
    expect(within(condor).getByRole('heading', { name: 'Condor Dinner' })).toBeTruthy();
    expect(condor.textContent).toContain('57 of 60 registered');
    expect((condor.querySelector('.overview-fill-bar span') as HTMLElement).style.width).toBe('95%');
    expect(condor.textContent).toContain('$1,234.50');
    expect(condor.textContent).toContain('4 waiting');
    expect(condor.textContent).toContain('18 in the last 7 days');
    expect(within(condor).getByTestId('sparkline').dataset.series).toBe('[[1,0,4,2,0,3,8]]');
    expect(within(condor).getByText('Nearly full')).toBeTruthy();

    expect(walk.textContent).toContain('3 registered (no limit)');
    expect(walk.querySelector('.overview-fill-bar')).toBeNull();
    expect(walk.textContent).not.toContain('waiting');
    expect(walk.textContent).toContain('$0.00');
    expect(walk.querySelector('.overview-warning')).toBeNull();

    expect(within(owl).getByText('Slow to fill compared with other events')).toBeTruthy();
    expect((owl.querySelector('.overview-fill-bar span') as HTMLElement).style.width).toBe('5%');
  });

  it("a card opens its event's page", async () => {
    cards = async () => overviewReply([card()]);
    renderStaff(<OverviewTab />, { request, path: '/admin' });
    await userEvent.click(await screen.findByRole('link', { name: 'Condor Dinner' }));
    expect(routerLocation.current).toBe('/admin?tab=overview&event=E1');
    expect(await screen.findByRole('heading', { name: 'Condor Dinner', level: 3 })).toBe(document.activeElement);
    expect(calls('/events/E1/overview')).toBe(1);
  });

  it('says when there are no upcoming events', async () => {
    renderStaff(<OverviewTab />, { request, path: '/admin' });
    expect(await screen.findByText(OVERVIEW_MESSAGES.none)).toBeTruthy();
  });

  it('says when the overview cannot be loaded, and tries again', async () => {
    cards = async () => Promise.reject(new ApiError(OVERVIEW_MESSAGES.loadFailed, 500));
    renderStaff(<OverviewTab />, { request, path: '/admin' });
    expect((await screen.findByRole('alert')).textContent).toBe(OVERVIEW_MESSAGES.loadFailed);
    cards = async () => overviewReply([card()]);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Condor Dinner' })).toBeTruthy();
  });
});

describe("Overview tab: an event's page", () => {
  it('shows the totals and each chart with its text summary', async () => {
    renderStaff(<OverviewTab />, { request, path: '/admin?tab=overview&event=E1' });
    const page = await screen.findByRole('article', { name: 'Condor Dinner' });
    const facts = within(page).getByLabelText('Totals');
    expect(facts.textContent).toContain('Registered45 of 60');
    expect(facts.textContent).toContain('Taken$1,360.00');
    expect(facts.textContent).toContain('Refunded$50.00');
    expect(facts.textContent).toContain('Cancelled by attendees1');
    expect(facts.textContent).toContain('Refunds1');
    expect(facts.textContent).toContain('Waitlist3 waiting');
    const figures = within(page).getAllByRole('figure');
    expect(figures.map((f) => within(f).getByRole('heading').textContent)).toEqual(['Registrations over time', 'Money paid and refunded', 'Ticket types']);
    expect(figures[0].textContent).toContain('45 of 60 registered, 39 in the last 7 days; 2 cancellations.');
    expect(within(figures[0]).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['New that day (right axis)', 'Holding a seat']);
    expect(JSON.parse(within(figures[0]).getByTestId('chart').dataset.series ?? '')[1].at(-1)).toBe(45);
    expect(figures[1].textContent).toContain('$1,410.00 paid, $50.00 refunded: $1,360.00 taken.');
    expect(figures[2].textContent).toContain('General: 30 (67%), Family: 15 (33%).');
    // Before the event's day: no door view.
    expect(screen.queryByRole('region', { name: 'Check-in, live' })).toBeNull();
  });

  it('a chart with nothing to draw says so, without a chart, table or CSV', async () => {
    eventReplies = [async () => eventReply({ totals: { ...eventReply().totals, amountTaken: 0, amountRefunded: 0 } })];
    renderStaff(<OverviewTab />, { request, path: '/admin?tab=overview&event=E1' });
    const money = await screen.findByRole('figure', { name: 'Money paid and refunded' });
    expect(money.textContent).toContain('No payments yet.');
    expect(within(money).queryByTestId('chart')).toBeNull();
    expect(within(money).queryByRole('button')).toBeNull();
    expect(within(screen.getByRole('figure', { name: 'Ticket types' })).getByTestId('chart')).toBeTruthy();
  });

  it("'Show as table' shows the chart's data as a table, and hides it again", async () => {
    renderStaff(<OverviewTab />, { request, path: '/admin?tab=overview&event=E1' });
    const figure = await screen.findByRole('figure', { name: 'Ticket types' });
    const toggle = within(figure).getByRole('button', { name: 'Show as table: Ticket types' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(figure).queryByRole('table')).toBeNull();
    await userEvent.click(toggle);
    const table = within(figure).getByRole('table', { name: 'Ticket types' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Ticket type', 'Registered', 'Taken']);
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['General30$900.00', 'Family15$550.00']);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(within(figure).getByRole('button', { name: 'Hide table: Ticket types' }));
    expect(within(figure).queryByRole('table')).toBeNull();
  });

  it("'Download CSV' saves the chart's data, formula-safe, named after the event", async () => {
    const saved: { blob: Blob; name: string }[] = [];
    let lastBlob: Blob | null = null;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => ((lastBlob = blob), 'blob:x'), revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ blob: lastBlob!, name: this.download });
    });
    eventReplies = [async () => eventReply({ checkIn: checkInView() })];
    try {
      renderStaff(<OverviewTab />, { request, path: '/admin?tab=overview&event=E1' });
      await userEvent.click(within(await screen.findByRole('figure', { name: 'Check-ins by door' })).getByRole('button', { name: 'Download CSV: Check-ins by door' }));
      await userEvent.click(within(screen.getByRole('figure', { name: 'Registrations over time' })).getByRole('button', { name: 'Download CSV: Registrations over time' }));
      expect(saved.map((s) => s.name)).toEqual(['condor-dinner-check-ins-by-door.csv', 'condor-dinner-registrations.csv']);
      // UTF-8 with a byte-order mark (which Blob.text() drops as it decodes).
      expect([...new Uint8Array(await saved[0].blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(saved[0].blob.type).toBe('text/csv;charset=utf-8');
      expect(await saved[0].blob.text()).toBe('"Door","Check-ins"\r\n"Gate 1","10"\r\n"\'=Side door","5"\r\n');
      const lines = (await saved[1].blob.text()).split('\r\n');
      expect(lines[0]).toBe('"Day","New registrations","Cancelled","Holding a seat"');
      expect(lines[1]).toBe('"2026-11-20","5","0","5"');
      expect(lines).toHaveLength(12);
    } finally {
      click.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('says an unknown event was not found, with the way back', async () => {
    renderStaff(<OverviewTab />, { request, path: '/admin?tab=overview&event=nope' });
    expect((await screen.findByRole('alert')).textContent).toBe(OVERVIEW_MESSAGES.eventNotFound);
    await userEvent.click(screen.getByRole('link', { name: /Back to the overview/ }));
    expect(routerLocation.current).toBe('/admin?tab=overview');
  });
});

describe("Overview tab: the event's day, live", () => {
  const hidden = (value: boolean) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (value ? 'hidden' : 'visible') });
    window.dispatchEvent(new Event('visibilitychange'));
  };

  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    hidden(false);
  });

  const live = (checkedIn: number): (() => Promise<EventOverviewReply>) => async () =>
    eventReply({ checkIn: checkInView({ checkedIn, byDoor: [{ door: 'Gate 1', count: checkedIn }] }), totals: { ...eventReply().totals, checkedIn } });

  it(`shows checked in of expected, arrivals and doors, and refreshes every ${OVERVIEW_LIMITS.liveRefreshMs / 1000} s while shown, not while the browser tab is hidden`, async () => {
    eventReplies = [live(15), live(16), live(17), live(18)];
    renderStaff(<OverviewTab />, { request, path: '/admin?tab=overview&event=E1' });
    const region = await screen.findByRole('region', { name: 'Check-in, live' });
    expect(within(region).getByRole('status').textContent).toBe('15 of 40 checked in (38%)');
    expect(within(region).getAllByRole('figure').map((f) => within(f).getByRole('heading').textContent)).toEqual(['Arrivals per 10 minutes', 'Check-ins by door']);
    expect(within(region).getByRole('figure', { name: 'Check-ins by door' }).textContent).toContain('Gate 1: 15.');
    expect(calls('/events/E1/overview')).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(OVERVIEW_LIMITS.liveRefreshMs - 1_000));
    expect(calls('/events/E1/overview')).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(within(region).getByRole('status').textContent).toBe('16 of 40 checked in (40%)'));
    expect(within(region).getByRole('figure', { name: 'Check-ins by door' }).textContent).toContain('Gate 1: 16.');

    // The browser tab hidden: no more calls however long it stays so.
    hidden(true);
    await act(() => vi.advanceTimersByTimeAsync(OVERVIEW_LIMITS.liveRefreshMs * 3));
    expect(calls('/events/E1/overview')).toBe(2);
    // Shown again: it refreshes at once, then goes on every interval.
    hidden(false);
    await waitFor(() => expect(within(region).getByRole('status').textContent).toBe('17 of 40 checked in (43%)'));
    expect(calls('/events/E1/overview')).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(OVERVIEW_LIMITS.liveRefreshMs));
    await waitFor(() => expect(within(region).getByRole('status').textContent).toBe('18 of 40 checked in (45%)'));
  });

  it("before the event's day nothing polls", async () => {
    renderStaff(<OverviewTab />, { request, path: '/admin?tab=overview&event=E1' });
    await screen.findByRole('article', { name: 'Condor Dinner' });
    await act(() => vi.advanceTimersByTimeAsync(OVERVIEW_LIMITS.liveRefreshMs * 2));
    expect(calls('/events/E1/overview')).toBe(1);
  });
});
