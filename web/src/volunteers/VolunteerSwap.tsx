import { useState } from 'react';
import { VOLUNTEER_SLUG } from '@shared/constants.js';
import { VOLUNTEER_ADMIN_MESSAGES as A, type VolunteerAdminDoneReply, type VolunteerSwapOption, type VolunteerSwapOptionsReply } from '@shared/volunteers-admin-model.js';
import { VOLUNTEER_MESSAGES, filledText } from '@shared/volunteers-model.js';
import { api } from '../api/client.js';
import { eventWhen } from '../events/format.js';
import { linkFailure } from '../rsvps/emailLink.js';

type State =
  | { kind: 'closed' }
  | { kind: 'loading' }
  | { kind: 'open'; shifts: VolunteerSwapOption[]; choice: string; busy: boolean; error: string | null };

/**
 * Issue 29 item 2: 'Swap to another shift of the same role' on the sign-up page. The role's other
 * upcoming shifts with a place are asked for only when the person opens it; the swap is the admins'
 * move under the same rule (one transaction: no oversell, no overlap), the key in the body.
 */
export function VolunteerSwap({ signupId, linkKey, onSwapped }: { signupId: string; linkKey: string; onSwapped: (message: string) => void }) {
  const [state, setState] = useState<State>({ kind: 'closed' });
  const path = `/${VOLUNTEER_SLUG}/signups/${encodeURIComponent(signupId)}`;
  const openList = () => {
    setState({ kind: 'loading' });
    api
      .request<VolunteerSwapOptionsReply>(`${path}/swap-options`, { method: 'POST', body: { key: linkKey } })
      .then((reply) => setState({ kind: 'open', shifts: reply.shifts, choice: reply.shifts[0]?.id ?? '', busy: false, error: null }))
      .catch((failure: unknown) => setState({ kind: 'open', shifts: [], choice: '', busy: false, error: linkFailure(failure, VOLUNTEER_MESSAGES.linkInvalid).message }));
  };
  if (state.kind === 'closed' || state.kind === 'loading') {
    return (
      <div className="payment-actions">
        <button type="button" className="btn btn-outline" onClick={openList} disabled={state.kind === 'loading'} aria-busy={state.kind === 'loading' || undefined}>
          {A.swapHeading}
        </button>
      </div>
    );
  }
  const swap = () => {
    setState({ ...state, busy: true, error: null });
    api
      .request<VolunteerAdminDoneReply>(`${path}/swap`, { method: 'POST', body: { key: linkKey, shiftId: state.choice } })
      .then((reply) => {
        setState({ kind: 'closed' });
        onSwapped(reply.message);
      })
      .catch((failure: unknown) => setState({ ...state, busy: false, error: linkFailure(failure, A.saveFailed).message }));
  };
  return (
    <fieldset className="volunteer-swap">
      <legend>{A.swapHeading}</legend>
      {state.shifts.length === 0 && !state.error ? <p>{A.noSwap}</p> : null}
      {state.shifts.map((shift) => {
        const when = eventWhen(shift.start, shift.end);
        return (
          <label key={shift.id} className="volunteer-swap-choice">
            <input type="radio" name="swap" value={shift.id} checked={state.choice === shift.id} onChange={() => setState({ ...state, choice: shift.id })} />{' '}
            {`${when.date}, ${when.time}${shift.place ? ` · ${shift.place}` : ''} (${filledText(shift.filled, shift.capacity)})`}
          </label>
        );
      })}
      {state.error ? (
        <p className="payment-error" role="alert">
          {state.error}
        </p>
      ) : null}
      {state.shifts.length > 0 ? (
        <div className="payment-actions">
          <button type="button" className="btn btn-primary" onClick={swap} disabled={state.busy || !state.choice}>
            {A.swapButton}
          </button>
          <button type="button" className="btn btn-outline" onClick={() => setState({ kind: 'closed' })} disabled={state.busy}>
            {A.swapKeep}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
