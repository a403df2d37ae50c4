import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Table, type Column } from './Table.js';

interface Person {
  id: string;
  name: string;
  email: string;
  guests: number;
}

const PEOPLE: Person[] = [
  { id: '1', name: 'Carla', email: 'carla@example.org', guests: 2 },
  { id: '2', name: 'ann', email: 'ann@example.org', guests: 10 },
  { id: '3', name: 'Bob', email: 'bob@trail.org', guests: 1 },
];

const COLUMNS: Column<Person>[] = [
  { key: 'name', header: 'Name', value: (p) => p.name },
  { key: 'email', header: 'Email', value: (p) => p.email, sortable: false },
  { key: 'guests', header: 'Guests', value: (p) => p.guests },
];

function names() {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);
}

function renderTable(rows: Person[] = PEOPLE) {
  render(
    <Table rows={rows} columns={COLUMNS} rowKey={(p) => p.id} caption="Attendees" searchFields={[(p) => p.name, (p) => p.email]} empty="No RSVPs yet" />,
  );
}

describe('Table', () => {
  it('sorts by a header click, flips on the second, and says so with aria-sort', async () => {
    const user = userEvent.setup();
    renderTable();
    expect(names()).toEqual(['Carla', 'ann', 'Bob']);
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Email' }).getAttribute('aria-sort')).toBeNull();

    await user.click(within(nameHeader).getByRole('button'));
    expect(names()).toEqual(['ann', 'Bob', 'Carla']);
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');

    await user.click(within(nameHeader).getByRole('button'));
    expect(names()).toEqual(['Carla', 'Bob', 'ann']);
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');

    const guests = screen.getByRole('columnheader', { name: /Guests/ });
    await user.click(within(guests).getByRole('button'));
    expect(names()).toEqual(['Bob', 'Carla', 'ann']);
    expect(guests.getAttribute('aria-sort')).toBe('ascending');
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
  });

  it('filters rows by the search fields, case-insensitively', async () => {
    const user = userEvent.setup();
    renderTable();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'TRAIL');
    expect(names()).toEqual(['Bob']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('No matching results');
  });

  it('shows the empty state when there are no rows', () => {
    renderTable([]);
    expect(screen.getByRole('status').textContent).toBe('No RSVPs yet');
  });
});
