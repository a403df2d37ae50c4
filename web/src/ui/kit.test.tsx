import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Field } from './Field.js';
import { StateBlock } from './StateBlock.js';
import { Tabs } from './Tabs.js';
import { ToastProvider } from './Toast.js';
import { useToast } from './ToastContext.js';

describe('Field', () => {
  it('labels its control and wires hint and error, also around react-hook-form register', () => {
    function Form() {
      const { register } = useForm<{ title: string }>();
      return (
        <Field label="Title" hint="Shown on the event card" error="Title is required" required>
          <input {...register('title')} />
        </Field>
      );
    }
    render(<Form />);
    const input = screen.getByRole('textbox', { name: /Title/, description: 'Shown on the event card Title is required' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('name')).toBe('title');
  });

  it('without an error the control is not marked invalid', () => {
    render(
      <Field label="Email">
        <input type="email" />
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });
});

describe('StateBlock', () => {
  it('loading is a status with the spinner label; error an alert with retry; empty a status', async () => {
    const retry = vi.fn();
    const { rerender } = render(<StateBlock kind="loading" label="Loading events..." />);
    expect(screen.getByRole('status').textContent).toBe('Loading events...');
    rerender(<StateBlock kind="error" message="Failed to load events" onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toBe('Failed to load events');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(retry).toHaveBeenCalled();
    rerender(<StateBlock kind="empty" title="No upcoming events" />);
    expect(screen.getByRole('status').textContent).toBe('No upcoming events');
  });
});

describe('Tabs', () => {
  function Harness() {
    const tabs = [
      { id: 'events', label: 'Events' },
      { id: 'rsvps', label: 'RSVPs' },
      { id: 'theme', label: 'Theme' },
    ] as const;
    const [active, setActive] = useState<(typeof tabs)[number]['id']>('events');
    return (
      <Tabs tabs={tabs} active={active} onSelect={setActive} label="Sections">
        <p>Panel of {active}</p>
      </Tabs>
    );
  }

  it('roving focus: only the active tab is tabbable; arrows, Home and End move and select', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const [events, rsvps, theme] = screen.getAllByRole('tab');
    expect(events.tabIndex).toBe(0);
    expect(rsvps.tabIndex).toBe(-1);
    await user.click(events);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(theme);
    expect(theme.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Theme' }).textContent).toBe('Panel of theme');
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(events);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(rsvps);
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel of rsvps');
  });
});

describe('Toast', () => {
  afterEach(() => vi.useRealTimers());

  function Buttons() {
    const toast = useToast();
    return (
      <>
        <button type="button" onClick={() => toast.success('Theme saved successfully!')}>
          Save
        </button>
        <button type="button" onClick={() => toast.error('Failed to save theme')}>
          Fail
        </button>
      </>
    );
  }

  it('announces success politely and errors assertively; success clears after 3 s, an error stays until dismissed (SPEC §9)', () => {
    vi.useFakeTimers();
    const { container } = render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    const polite = container.querySelector('[aria-live="polite"]')!;
    const assertive = container.querySelector('[aria-live="assertive"]')!;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    expect(polite.textContent).toContain('Theme saved successfully!');
    expect(assertive.textContent).toContain('Failed to save theme');
    act(() => vi.advanceTimersByTime(2999));
    expect(polite.textContent).toContain('Theme saved successfully!');
    act(() => vi.advanceTimersByTime(1));
    expect(polite.textContent).toBe('');
    expect(assertive.textContent).toContain('Failed to save theme');
    // An hour later the error is still there: only its close button takes it away.
    act(() => vi.advanceTimersByTime(60 * 60 * 1000));
    expect(assertive.textContent).toContain('Failed to save theme');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(assertive.textContent).toBe('');
  });

  it('a toast can be dismissed by hand', () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Failed to save theme')).toBeNull();
  });
});
