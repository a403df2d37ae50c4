import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from '@shared/messages.js';
import { ApiError } from '../api/client.js';
import { applyServerErrors, serverError, useZodForm } from './form.js';

function recorder() {
  const calls: { name: string; message?: string; focus?: boolean }[] = [];
  return {
    calls,
    setError: (name: string, error: { message?: string }, options?: { shouldFocus?: boolean }) => {
      calls.push({ name, message: error.message, focus: options?.shouldFocus });
    },
  };
}

describe('applyServerErrors', () => {
  it('puts each dotted-path field error on its field, focuses the first, and the message on the root', () => {
    const form = recorder();
    const error = new ApiError('Invalid input', 400, 'Invalid input', {
      'ticketPrices.VIP': 'Price must be at least 0',
      'sliderContent.slide1.title': 'Title is too long',
    });
    expect(applyServerErrors(form as never, error)).toEqual(['ticketPrices.VIP', 'sliderContent.slide1.title']);
    expect(form.calls).toEqual([
      { name: 'ticketPrices.VIP', message: 'Price must be at least 0', focus: true },
      { name: 'sliderContent.slide1.title', message: 'Title is too long', focus: false },
      { name: 'root.server', message: 'Invalid input', focus: undefined },
    ]);
  });

  it('without field errors sets only the root message, worded by errorText', () => {
    const form = recorder();
    expect(applyServerErrors(form as never, new ApiError(MESSAGES.networkError, 0), 'Failed to save')).toEqual([]);
    expect(form.calls).toEqual([{ name: 'root.server', message: MESSAGES.networkError, focus: undefined }]);

    const other = recorder();
    applyServerErrors(other as never, new Error('bug'), 'Failed to save');
    expect(other.calls).toEqual([{ name: 'root.server', message: 'Failed to save', focus: undefined }]);

    const conflict = recorder();
    applyServerErrors(conflict as never, new ApiError(MESSAGES.customUrlTaken, 409, MESSAGES.customUrlTaken), 'Failed to save');
    expect(conflict.calls[0].message).toBe(MESSAGES.customUrlTaken);
  });

  it('works on a real react-hook-form form built by useZodForm', async () => {
    const schema = z.object({ title: z.string().min(1, 'Title is required'), ticketPrices: z.record(z.string(), z.number()) });
    const { result } = renderHook(() => {
      const form = useZodForm(schema, { defaultValues: { title: '', ticketPrices: { VIP: 10 } } });
      void form.formState.errors; // a component showing errors reads them while rendering: that subscribes it
      return form;
    });
    act(() => {
      applyServerErrors(result.current, new ApiError('Invalid input', 400, 'Invalid input', { 'ticketPrices.VIP': 'Too expensive' }));
    });
    expect(result.current.getFieldState('ticketPrices.VIP').error?.message).toBe('Too expensive');
    expect(serverError(result.current)).toBe('Invalid input');

    let valid = true;
    await act(async () => {
      valid = await result.current.trigger('title');
    });
    expect(valid).toBe(false);
    expect(result.current.getFieldState('title').error?.message).toBe('Title is required');
  });
});
