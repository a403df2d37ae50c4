// The Overview tab's and per-event page's pure parts (issue 30): the figures' wording, each chart's
// series, its table and its CSV rows, all from the API's replies (shared/overview-model.ts) with no
// sums of their own beyond adding a reply's days up.
import { OVERVIEW_LIMITS, type CheckInView, type EventOverviewReply, type OverviewEventCard } from '@shared/overview-model.js';
import { formatCents } from '@shared/payments-model.js';

/** The theme colours a chart draws with (the CSS variables the theme sets, --color-<name>). */
export type ChartColour = 'primary' | 'accent' | 'secondary' | 'success' | 'error' | 'muted';

export interface ChartSeries {
  label: string;
  values: number[];
  kind: 'line' | 'bars';
  colour: ChartColour;
  /** Which y axis: the left one (default) or a second one on the right, for a series of another size. */
  axis?: 'left' | 'right';
}

/**
 * What a chart draws, without the chart library: x as Unix seconds ('day': a calendar day at UTC
 * midnight, labelled as that day; 'time': an instant, labelled on `timeZone`'s clock) or as the
 * index of a category ('category': `categories` label the axis).
 */
export interface ChartSpec {
  x: number[];
  xKind: 'day' | 'time' | 'category';
  categories?: string[];
  timeZone?: string;
  /** Values are cents, drawn and labelled as dollars. */
  money?: boolean;
  series: ChartSeries[];
}

/** One chart of the per-event page: its title, text summary, series, table and CSV. */
export interface ChartView {
  id: string;
  title: string;
  summary: string;
  spec: ChartSpec;
  table: { columns: string[]; rows: string[][] };
  csv: (string | number)[][];
  /** What the CSV file's name says after the event's title. */
  file: string;
  /** Nothing to draw yet (no registrations, payments or check-ins): the summary says so, alone. */
  blank: boolean;
}

// ---- days and times ----

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, options: Intl.DateTimeFormatOptions, locale = 'en-US'): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, made);
  }
  return made;
}

/** The calendar day ('YYYY-MM-DD') of an instant on a time zone's clock. */
export function dayOf(iso: string, timeZone: string): string {
  const parts = format(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A calendar day as Unix seconds at its UTC midnight (how the charts place days). */
export function daySeconds(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / 1000;
}

/** The day `n` days after (or before, n < 0) a day. */
export function addDays(day: string, n: number): string {
  return new Date((daySeconds(day) + n * 86_400) * 1000).toISOString().slice(0, 10);
}

/** 'Nov 22, 2026'. */
export function dayLabel(day: string): string {
  return format('UTC', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(daySeconds(day) * 1000));
}

/** '7:30 PM' on the time zone's clock. */
export function timeLabel(iso: string, timeZone: string): string {
  return format(timeZone, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** '2026-12-05 19:30' on the time zone's clock, as the API's CSV exports write times. */
export function csvTime(iso: string, timeZone: string): string {
  const parts = format(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** 'Nov 28', a chart axis's day. */
export function shortDayLabel(day: string): string {
  return format('UTC', { month: 'short', day: 'numeric' }).format(new Date(daySeconds(day) * 1000));
}

/** The label of a chart's x value: its day ('Nov 28') or its time on the spec's clock ('7:30 PM'). */
export function xLabel(spec: Pick<ChartSpec, 'xKind' | 'timeZone' | 'categories'>, x: number): string {
  if (spec.xKind === 'category') return spec.categories?.[x] ?? '';
  const iso = new Date(x * 1000).toISOString();
  return spec.xKind === 'day' ? shortDayLabel(iso.slice(0, 10)) : timeLabel(iso, spec.timeZone ?? 'UTC');
}

/** Which of `count` points an axis labels when `room` labels fit: evenly spaced, the last one always. */
export function tickIndexes(count: number, room: number): number[] {
  if (count <= 0) return [];
  const step = Math.ceil(count / Math.max(1, room));
  const picked: number[] = [];
  for (let i = count - 1; i >= 0; i -= step) picked.unshift(i);
  return picked;
}

/** Cents as a CSV amount: 1250 -> '12.50' (as the RSVP export writes them). */
export const csvAmount = (cents: number) => (cents / 100).toFixed(2);

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '');

// ---- the cards ----

/** The share of the capacity taken (0 to 1), or null when the event has no capacity. */
export function fillShare(card: Pick<OverviewEventCard, 'registered' | 'capacity'>): number | null {
  if (card.capacity === null || card.capacity <= 0) return null;
  return Math.min(1, card.registered / card.capacity);
}

/** '45 of 60 registered', or '45 registered (no limit)'. */
export function fillText(card: Pick<OverviewEventCard, 'registered' | 'capacity'>): string {
  return card.capacity === null ? `${card.registered} registered (no limit)` : `${card.registered} of ${card.capacity} registered`;
}

/** The registrations of a card's last days, added up. */
export function recentTotal(card: Pick<OverviewEventCard, 'last7Days'>): number {
  return card.last7Days.reduce((sum, day) => sum + day.count, 0);
}

/** '18 in the last 7 days'. */
export function recentText(count: number): string {
  return `${count} in the last ${OVERVIEW_LIMITS.sparklineDays} days`;
}

/** The sparkline of a card's last days. */
export function sparklineSpec(card: Pick<OverviewEventCard, 'last7Days'>): ChartSpec {
  return {
    x: card.last7Days.map((d) => daySeconds(d.day)),
    xKind: 'day',
    series: [{ label: 'New registrations', values: card.last7Days.map((d) => d.count), kind: 'line', colour: 'primary' }],
  };
}

// ---- the per-event page ----

/** Registrations of the last 7 days of the reply (today included, on the reply's clock). */
export function recentRegistrations(reply: Pick<EventOverviewReply, 'registrations' | 'generatedAt' | 'timeZone'>): number {
  const today = dayOf(reply.generatedAt, reply.timeZone);
  const from = addDays(today, -(OVERVIEW_LIMITS.sparklineDays - 1));
  return reply.registrations.filter((d) => d.day >= from && d.day <= today).reduce((sum, d) => sum + d.registered, 0);
}

export function registrationsView(reply: EventOverviewReply): ChartView {
  const { registrations: days, totals, event } = reply;
  const held = event.capacity === null ? `${totals.registered} registered` : `${totals.registered} of ${event.capacity} registered`;
  const cancelled = totals.selfCancellations + totals.adminCancellations;
  const summary = days.length
    ? `${held}, ${recentText(recentRegistrations(reply))}${cancelled ? `; ${plural(cancelled, 'cancellation')}` : ''}.`
    : `${held}. No registrations yet.`;
  return {
    id: 'registrations',
    title: 'Registrations over time',
    summary,
    spec: {
      x: days.map((d) => daySeconds(d.day)),
      xKind: 'day',
      series: [
        { label: 'New that day', values: days.map((d) => d.registered), kind: 'bars', colour: 'accent', axis: 'right' },
        { label: 'Holding a seat', values: days.map((d) => d.cumulative), kind: 'line', colour: 'primary' },
      ],
    },
    table: {
      columns: ['Day', 'New', 'Cancelled', 'Holding a seat'],
      rows: days.map((d) => [dayLabel(d.day), String(d.registered), String(d.cancelled), String(d.cumulative)]),
    },
    csv: [['Day', 'New registrations', 'Cancelled', 'Holding a seat'], ...days.map((d) => [d.day, d.registered, d.cancelled, d.cumulative])],
    file: 'registrations',
    blank: days.length === 0,
  };
}

/**
 * Money: what was paid each day (up), refunded (down), and what is kept to date. `totals.amountTaken`
 * is paid less refunded, the figure the cards and the Events tab call 'Taken'; paid is that plus
 * the refunds.
 */
export function moneyView(reply: EventOverviewReply): ChartView {
  const { money: days, totals } = reply;
  const paid = totals.amountTaken + totals.amountRefunded;
  const summary =
    paid === 0 ? 'No payments yet.' : `${formatCents(paid)} paid, ${formatCents(totals.amountRefunded)} refunded: ${formatCents(totals.amountTaken)} taken.`;
  return {
    id: 'money',
    title: 'Money paid and refunded',
    summary,
    spec: {
      x: days.map((d) => daySeconds(d.day)),
      xKind: 'day',
      money: true,
      series: [
        // One axis: refunds go below its zero.
        { label: 'Paid that day', values: days.map((d) => d.taken), kind: 'bars', colour: 'success' },
        { label: 'Refunded that day', values: days.map((d) => -d.refunded), kind: 'bars', colour: 'error' },
        { label: 'Taken to date', values: days.map((d) => d.cumulativeNet), kind: 'line', colour: 'primary' },
      ],
    },
    table: {
      columns: ['Day', 'Paid', 'Refunded', 'Taken to date'],
      rows: days.map((d) => [dayLabel(d.day), formatCents(d.taken), formatCents(d.refunded), formatCents(d.cumulativeNet)]),
    },
    csv: [['Day', 'Paid', 'Refunded', 'Taken to date'], ...days.map((d) => [d.day, csvAmount(d.taken), csvAmount(d.refunded), csvAmount(d.cumulativeNet)])],
    file: 'money',
    blank: paid === 0,
  };
}

export function ticketTypesView(reply: EventOverviewReply): ChartView {
  const types = reply.ticketTypes;
  const registered = types.reduce((sum, t) => sum + t.registered, 0);
  const summary = registered
    ? `${types.map((t) => `${t.name}: ${t.registered}${registered ? ` (${percent(t.registered, registered)})` : ''}`).join(', ')}.`
    : 'No registrations yet.';
  return {
    id: 'ticket-types',
    title: 'Ticket types',
    summary,
    spec: {
      x: types.map((_, i) => i),
      xKind: 'category',
      categories: types.map((t) => t.name),
      series: [{ label: 'Registered', values: types.map((t) => t.registered), kind: 'bars', colour: 'primary' }],
    },
    table: { columns: ['Ticket type', 'Registered', 'Taken'], rows: types.map((t) => [t.name, String(t.registered), formatCents(t.amountTaken)]) },
    csv: [['Ticket type', 'Registered', 'Taken'], ...types.map((t) => [t.name, t.registered, csvAmount(t.amountTaken)])],
    file: 'ticket-types',
    blank: registered === 0,
  };
}

/** '45 of 120 checked in (38%)'. */
export function checkedInText(view: Pick<CheckInView, 'checkedIn' | 'expected'>): string {
  const share = percent(view.checkedIn, view.expected);
  return `${view.checkedIn} of ${view.expected} checked in${share ? ` (${share})` : ''}`;
}

export function arrivalsView(view: CheckInView, timeZone: string): ChartView {
  const total = view.arrivals.reduce((sum, b) => sum + b.count, 0);
  const busiest = view.arrivals.reduce<CheckInView['arrivals'][number] | null>((best, b) => (b.count > (best?.count ?? 0) ? b : best), null);
  const summary = busiest
    ? `${plural(total, 'arrival')}; the most, ${busiest.count}, in the ${OVERVIEW_LIMITS.arrivalsBucketMinutes} minutes from ${timeLabel(busiest.from, timeZone)}.`
    : 'No arrivals yet.';
  return {
    id: 'arrivals',
    title: `Arrivals per ${OVERVIEW_LIMITS.arrivalsBucketMinutes} minutes`,
    summary,
    spec: {
      x: view.arrivals.map((b) => Date.parse(b.from) / 1000),
      xKind: 'time',
      timeZone,
      series: [{ label: 'Check-ins', values: view.arrivals.map((b) => b.count), kind: 'bars', colour: 'primary' }],
    },
    table: { columns: ['From', 'Check-ins'], rows: view.arrivals.map((b) => [timeLabel(b.from, timeZone), String(b.count)]) },
    csv: [['From', 'Check-ins'], ...view.arrivals.map((b) => [csvTime(b.from, timeZone), b.count])],
    file: 'arrivals',
    blank: total === 0,
  };
}

export function doorsView(view: CheckInView): ChartView {
  const summary = view.byDoor.length ? `${view.byDoor.map((d) => `${d.door}: ${d.count}`).join(', ')}.` : 'No check-ins yet.';
  return {
    id: 'doors',
    title: 'Check-ins by door',
    summary,
    spec: {
      x: view.byDoor.map((_, i) => i),
      xKind: 'category',
      categories: view.byDoor.map((d) => d.door),
      series: [{ label: 'Check-ins', values: view.byDoor.map((d) => d.count), kind: 'bars', colour: 'accent' }],
    },
    table: { columns: ['Door', 'Check-ins'], rows: view.byDoor.map((d) => [d.door, String(d.count)]) },
    csv: [['Door', 'Check-ins'], ...view.byDoor.map((d) => [d.door, d.count])],
    file: 'check-ins-by-door',
    blank: view.byDoor.length === 0,
  };
}
