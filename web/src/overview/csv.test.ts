import { describe, expect, it } from 'vitest';
import { neutraliseFormulas as apiNeutraliseFormulas } from '../../../functions/src/rsvps/csv.js';
import { csvFileName, neutraliseFormulas, toCsv } from './csv.js';

describe('overview CSV', () => {
  it('quotes every field, ends each row with CRLF and starts with a byte-order mark', () => {
    expect(toCsv([['Day', 'Check-ins'], ['2026-12-05', 3], ['Say "hi", then', 0]])).toBe('\uFEFF"Day","Check-ins"\r\n"2026-12-05","3"\r\n"Say ""hi"", then","0"\r\n');
  });

  it("neutralises text a spreadsheet would run as a formula, but leaves numbers (a negative amount too) as they are", () => {
    expect(toCsv([['=HYPERLINK("http://x")', '+1', '@SUM(A1)', '-12.50', '-3', 'Gate;=1+1', '\uFF1D1']])).toBe(
      '\uFEFF"\'=HYPERLINK(""http://x"")","\'+1","\'@SUM(A1)","-12.50","-3","Gate;\'=1+1","\'\uFF1D1"\r\n',
    );
    // '-' followed by anything but a plain number is text.
    expect(toCsv([['-1+1', '- Gate']])).toBe('\uFEFF"\'-1+1","\'- Gate"\r\n');
  });

  it('neutralises exactly as the RSVP export does (the same rule, kept in step)', () => {
    const samples = ['=1', '+1', '-1', '@a', '\tx', '\rx', 'a,=b', 'a;+b', 'a\n@b', 'a\t-b', '\uFF0B1', '\uFF20x', 'plain', 'Gate 2', '', "'=1", 'a=b'];
    for (const sample of samples) expect(neutraliseFormulas(sample), JSON.stringify(sample)).toBe(apiNeutraliseFormulas(sample));
  });

  it("names the file after the event and the chart", () => {
    expect(csvFileName('Night Sky Stargazing at Kolob Terrace', 'registrations')).toBe('night-sky-stargazing-at-kolob-terrace-registrations.csv');
    expect(csvFileName('Café Ñandú!', 'money')).toBe('cafe-nandu-money.csv');
    expect(csvFileName('???', '')).toBe('overview.csv');
  });
});
