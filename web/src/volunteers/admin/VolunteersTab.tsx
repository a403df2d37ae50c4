import { useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { EventRecord } from '@shared/events-model.js';
import {
  COVERAGE_LABELS,
  VOLUNTEER_ADMIN_LIMITS,
  VOLUNTEER_ADMIN_MESSAGES as A,
  type VolunteerCoverageRole,
  type VolunteerShiftAdmin,
  type VolunteerSignupAdmin,
} from '@shared/volunteers-admin-model.js';
import { volunteerMessageSchema, volunteerRoleCreateSchema, volunteerShiftCreateSchema } from '@shared/volunteers.js';
import { errorText } from '../../api/client.js';
import { staffEventsQuery } from '../../checkin/checkinApi.js';
import { defaultEventId } from '../../checkin/checkin.js';
import { adminEventsQuery } from '../../events/admin/eventsApi.js';
import { toWallClock } from '../../events/admin/eventForm.js';
import { formatEventDateTime } from '../../events/format.js';
import { formatShortDateTime, saveBlob } from '../../rsvps/admin/rsvpsApi.js';
import { useStaff } from '../../staff/StaffContext.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { Field } from '../../ui/Field.js';
import { applyServerErrors, serverError, useZodForm } from '../../ui/form.js';
import { Modal } from '../../ui/Modal.js';
import { StateBlock } from '../../ui/StateBlock.js';
import { useToast } from '../../ui/ToastContext.js';
import { STANDALONE, VOLUNTEERS_ADMIN_TEXT as T, coverageQuery, newRequestId, shiftWhen, volunteerCalls, volunteerKeys } from './volunteersApi.js';
import './volunteersAdmin.css';
import { FormDialogActions } from '../../ui/FormDialogActions.js';

/**
 * Issue 29 item 3: the Volunteers tab. Pick an event (?event=, or the standalone roles); its roles in
 * order, each with its shifts as a coverage grid (filled of capacity and minimum, the status in colour
 * and in words), the people on each shift with their contact details. Admins add, edit, reorder and
 * archive roles and shifts, move or cancel a person, e-mail a shift and download the CSV; staff read.
 */
export default function VolunteersTab() {
  const { api, role } = useStaff();
  const isAdmin = role === 'admin';
  const [params, setParams] = useSearchParams();
  const adminEvents = useQuery({ ...adminEventsQuery(api, 'All'), enabled: isAdmin });
  const staffEvents = useQuery({ ...staffEventsQuery(api), enabled: !isAdmin });
  const events = isAdmin ? adminEvents : staffEvents;
  const choices = useMemo(() => (events.data ?? []).filter((event) => isAdmin || !event.isArchived), [events.data, isAdmin]);
  const requested = params.get('event');
  const event = requested === STANDALONE || choices.some((e) => e.id === requested) ? requested! : defaultEventId(choices) || STANDALONE;
  const pick = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('event', value);
        return next;
      },
      { replace: true },
    );

  if (events.isPending) return <StateBlock kind="loading" label="Loading events..." />;
  if (events.isError) return <StateBlock kind="error" message={errorText(events.error, A.loadFailed)} onRetry={() => void events.refetch()} />;
  return (
    <div className="volunteers-tab">
      <div className="volunteers-toolbar">
        <div className="field volunteers-event">
          <label htmlFor="volunteers-event">{T.eventLabel}</label>
          <select id="volunteers-event" value={event} onChange={(e) => pick(e.target.value)}>
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.title} ({formatEventDateTime(choice.date)}){choice.isArchived ? ' [archived]' : ''}
              </option>
            ))}
            <option value={STANDALONE}>{T.standaloneOption}</option>
          </select>
        </div>
        {isAdmin ? (
          <>
            <CsvButton event={event} label={T.csv} />
            <CsvButton event={null} label={T.csvAll} />
          </>
        ) : null}
      </div>
      {isAdmin ? null : <p className="volunteers-note">{A.readOnly}</p>}
      <Coverage event={event} eventRecord={choices.find((e) => e.id === event) ?? null} isAdmin={isAdmin} />
    </div>
  );
}

function useRefresh(event: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: volunteerKeys.coverage(event) });
}

function Coverage({ event, eventRecord, isAdmin }: { event: string; eventRecord: EventRecord | null; isAdmin: boolean }) {
  const { api } = useStaff();
  const coverage = useQuery(coverageQuery(api, event));
  const [addingRole, setAddingRole] = useState(false);
  if (coverage.isPending) return <StateBlock kind="loading" label="Loading volunteers..." />;
  if (coverage.isError) return <StateBlock kind="error" message={errorText(coverage.error, A.loadFailed)} onRetry={() => void coverage.refetch()} />;
  const roles = coverage.data.roles;
  const allShifts = roles.flatMap((r) => r.shifts.map((s) => ({ ...s, roleTitle: r.title })));
  return (
    <>
      {isAdmin ? (
        <div className="volunteers-actions">
          <button type="button" className="btn btn-primary" onClick={() => setAddingRole(true)}>
            {T.addRole}
          </button>
        </div>
      ) : null}
      {addingRole ? <RoleDialog event={event} eventId={coverage.data.eventId} onClose={() => setAddingRole(false)} /> : null}
      {roles.length === 0 ? (
        <StateBlock kind="empty" title={T.noRoles}>
          {isAdmin ? <p>{T.noRolesHint}</p> : null}
        </StateBlock>
      ) : (
        <ol className="volunteers-roles" aria-label={`Volunteer roles${eventRecord ? ` of ${eventRecord.title}` : ''}`}>
          {roles.map((role, index) => (
            <RoleCard key={role.id} role={role} event={event} isAdmin={isAdmin} first={index === 0} last={index === roles.length - 1} targets={allShifts} />
          ))}
        </ol>
      )}
    </>
  );
}

type Target = VolunteerShiftAdmin & { roleTitle: string };

function RoleCard({ role, event, isAdmin, first, last, targets }: { role: VolunteerCoverageRole; event: string; isAdmin: boolean; first: boolean; last: boolean; targets: Target[] }) {
  const { api } = useStaff();
  const toast = useToast();
  const refresh = useRefresh(event);
  const [editing, setEditing] = useState(false);
  const [addingShift, setAddingShift] = useState(false);
  const change = useMutation({
    mutationFn: (work: () => Promise<{ message: string }>) => work(),
    onSuccess: async (reply) => {
      toast.success(reply.message);
      await refresh();
    },
    onError: (failure) => toast.error(errorText(failure, A.saveFailed)),
  });
  const headingId = `volunteer-role-${role.id}`;
  return (
    <li className={`volunteers-role${role.archived ? ' is-archived' : ''}`} aria-labelledby={headingId}>
      <div className="volunteers-role-head">
        <div>
          <h3 id={headingId}>
            {role.title}
            {role.archived ? <span className="volunteers-badge">{T.archived}</span> : null}
            {role.freeTicket ? <span className="volunteers-badge">{T.freeTicket}</span> : null}
          </h3>
          {role.description ? <p className="volunteers-role-description">{role.description}</p> : null}
        </div>
        {isAdmin ? (
          <div className="volunteers-role-actions">
            <button type="button" className="btn btn-outline btn-small" disabled={first || change.isPending} aria-label={`${T.up}: ${role.title}`} onClick={() => change.mutate(() => volunteerCalls.reorderRole(api, role.id, 'up'))}>
              ↑
            </button>
            <button type="button" className="btn btn-outline btn-small" disabled={last || change.isPending} aria-label={`${T.down}: ${role.title}`} onClick={() => change.mutate(() => volunteerCalls.reorderRole(api, role.id, 'down'))}>
              ↓
            </button>
            <button type="button" className="btn btn-outline btn-small" onClick={() => setEditing(true)} aria-label={`${T.editRole}: ${role.title}`}>
              {T.editRole}
            </button>
            <button
              type="button"
              className="btn btn-outline btn-small"
              disabled={change.isPending}
              aria-label={`${role.archived ? T.restore : T.archive}: ${role.title}`}
              onClick={() => change.mutate(() => volunteerCalls.updateRole(api, role.id, { archived: !role.archived }))}
            >
              {role.archived ? T.restore : T.archive}
            </button>
            <button type="button" className="btn btn-primary btn-small" onClick={() => setAddingShift(true)} aria-label={`${T.addShift}: ${role.title}`}>
              {T.addShift}
            </button>
          </div>
        ) : null}
      </div>
      {editing ? <RoleDialog event={event} eventId={role.eventId} role={role} onClose={() => setEditing(false)} /> : null}
      {addingShift ? <ShiftDialog event={event} roleId={role.id} onClose={() => setAddingShift(false)} /> : null}
      {role.shifts.length === 0 ? (
        <p className="volunteers-empty">{T.noShifts}</p>
      ) : (
        <ul className="volunteers-shifts" aria-label={`Shifts of ${role.title}`}>
          {role.shifts.map((shift) => (
            <ShiftCard key={shift.id} shift={shift} roleTitle={role.title} event={event} isAdmin={isAdmin} targets={targets} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The status in colour and in words: never by colour alone. */
export function CoverageBadge({ shift }: { shift: Pick<VolunteerShiftAdmin, 'status'> }) {
  return <span className={`coverage-badge coverage-${shift.status}`}>{COVERAGE_LABELS[shift.status]}</span>;
}

function ShiftCard({ shift, roleTitle, event, isAdmin, targets }: { shift: VolunteerShiftAdmin; roleTitle: string; event: string; isAdmin: boolean; targets: Target[] }) {
  const { api } = useStaff();
  const toast = useToast();
  const refresh = useRefresh(event);
  const [editing, setEditing] = useState(false);
  const [emailing, setEmailing] = useState(false);
  const archive = useMutation({
    mutationFn: () => volunteerCalls.updateShift(api, shift.id, { archived: !shift.archived }),
    onSuccess: async (reply) => {
      toast.success(reply.message);
      await refresh();
    },
    onError: (failure) => toast.error(errorText(failure, A.saveFailed)),
  });
  const when = shiftWhen(shift);
  return (
    <li className={`volunteers-shift coverage-row-${shift.status}${shift.archived ? ' is-archived' : ''}`} aria-label={`${roleTitle}, ${when}`}>
      <div className="volunteers-shift-head">
        <div className="volunteers-shift-when">
          <strong>{when}</strong>
          {shift.place ? <span> · {shift.place}</span> : null}
          {shift.archived ? <span className="volunteers-badge">{T.archived}</span> : null}
        </div>
        <div className="volunteers-shift-count">
          <span aria-label="Filled">{T.filled(shift.filled, shift.capacity, shift.minimum)}</span> <CoverageBadge shift={shift} />
        </div>
        {isAdmin ? (
          <div className="volunteers-shift-actions">
            <button type="button" className="btn btn-outline btn-small" onClick={() => setEditing(true)} aria-label={`${T.editShift}: ${when}`}>
              {T.editShift}
            </button>
            <button type="button" className="btn btn-outline btn-small" disabled={archive.isPending} onClick={() => archive.mutate()} aria-label={`${shift.archived ? T.restore : T.archive} shift: ${when}`}>
              {shift.archived ? T.restore : T.archive}
            </button>
            <button type="button" className="btn btn-outline btn-small" disabled={shift.signups.length === 0} onClick={() => setEmailing(true)} aria-label={`${T.emailShift}: ${when}`}>
              {T.emailShift}
            </button>
          </div>
        ) : null}
      </div>
      {editing ? <ShiftDialog event={event} roleId={shift.roleId} shift={shift} onClose={() => setEditing(false)} /> : null}
      {emailing ? <EmailShiftDialog event={event} shift={shift} onClose={() => setEmailing(false)} /> : null}
      {shift.signups.length === 0 ? (
        <p className="volunteers-empty">{T.nobody}</p>
      ) : (
        <table className="volunteers-signups">
          <caption className="visually-hidden">{`People on ${roleTitle}, ${when}`}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Phone</th>
              <th scope="col">Note</th>
              {isAdmin ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {shift.signups.map((signup) => (
              <tr key={signup.id}>
                <td data-label="Name">{signup.name}</td>
                <td data-label="E-mail">
                  <a href={`mailto:${signup.email}`}>{signup.email}</a>
                </td>
                <td data-label="Phone">{signup.phone || '—'}</td>
                <td data-label="Note">{signup.note || '—'}</td>
                {isAdmin ? (
                  <td data-label="Actions">
                    <SignupActions signup={signup} event={event} targets={targets.filter((t) => t.id !== shift.id && !t.archived)} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {shift.messages.length > 0 ? (
        <ul className="volunteers-messages" aria-label="Messages sent">
          {shift.messages.map((message) => (
            <li key={message.id}>{T.sentLine(message.subject, message.recipients, formatShortDateTime(message.sentAt))}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function SignupActions({ signup, event, targets }: { signup: VolunteerSignupAdmin; event: string; targets: Target[] }) {
  const { api } = useStaff();
  const toast = useToast();
  const refresh = useRefresh(event);
  const [moving, setMoving] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: () => volunteerCalls.cancel(api, signup.id),
    onSuccess: async (reply) => {
      setCancelling(false);
      toast.success(reply.message);
      await refresh();
    },
    onError: (failure) => setError(errorText(failure, A.saveFailed)),
  });
  return (
    <div className="volunteers-signup-actions">
      <button type="button" className="btn btn-outline btn-small" onClick={() => setMoving(true)} aria-label={`${T.move} ${signup.name}`}>
        {T.move}
      </button>
      <button type="button" className="btn btn-outline btn-small" onClick={() => (setError(null), setCancelling(true))} aria-label={`${T.cancelSignup} ${signup.name}`}>
        {T.cancelSignup}
      </button>
      {moving ? <MoveDialog signup={signup} event={event} targets={targets} onClose={() => setMoving(false)} /> : null}
      <ConfirmDialog
        open={cancelling}
        title={T.cancelTitle(signup.name)}
        confirmLabel={T.cancelSignup}
        cancelLabel={T.keep}
        busyLabel={T.cancelling}
        busy={cancel.isPending}
        tone="danger"
        error={error ?? undefined}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setCancelling(false)}
      >
        <p>{T.cancelBody}</p>
      </ConfirmDialog>
    </div>
  );
}

function MoveDialog({ signup, event, targets, onClose }: { signup: VolunteerSignupAdmin; event: string; targets: Target[]; onClose: () => void }) {
  const { api } = useStaff();
  const toast = useToast();
  const refresh = useRefresh(event);
  const [target, setTarget] = useState(targets[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const move = useMutation({
    mutationFn: () => volunteerCalls.move(api, signup.id, target),
    onSuccess: async (reply) => {
      toast.success(reply.message);
      onClose();
      await refresh();
    },
    onError: (failure) => setError(errorText(failure, A.saveFailed)),
  });
  return (
    <Modal title={T.moveTitle(signup.name)} busy={move.isPending} onDismiss={onClose}>
      {targets.length === 0 ? (
        <p>{T.noTarget}</p>
      ) : (
        <div className="field">
          <label htmlFor={`move-${signup.id}`}>{T.moveTo}</label>
          <select id={`move-${signup.id}`} value={target} onChange={(e) => setTarget(e.target.value)}>
            {targets.map((t) => (
              <option key={t.id} value={t.id}>
                {`${t.roleTitle} · ${shiftWhen(t)}${t.place ? ` · ${t.place}` : ''} (${t.filled} of ${t.capacity})`}
              </option>
            ))}
          </select>
        </div>
      )}
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="ui-dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onClose} disabled={move.isPending}>
          {T.cancel}
        </button>
        <button type="button" className="btn btn-primary" disabled={!target || move.isPending} onClick={() => (setError(null), move.mutate())}>
          {move.isPending ? T.saving : T.move}
        </button>
      </div>
    </Modal>
  );
}

function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="alert alert-error" role="alert">
      {message}
    </p>
  ) : null;
}

function RoleDialog({ event, eventId, role, onClose }: { event: string; eventId: string | null; role?: VolunteerCoverageRole; onClose: () => void }) {
  const { api } = useStaff();
  const toast = useToast();
  const refresh = useRefresh(event);
  const form = useZodForm(volunteerRoleCreateSchema, {
    defaultValues: { title: role?.title ?? '', description: role?.description ?? '', eventId, freeTicket: role?.freeTicket ?? false },
  });
  const save = useMutation({
    mutationFn: (input: { title: string; description: string; freeTicket: boolean; eventId: string | null }) =>
      role ? volunteerCalls.updateRole(api, role.id, { title: input.title, description: input.description, freeTicket: input.freeTicket }) : volunteerCalls.createRole(api, input),
    onSuccess: async (reply) => {
      toast.success(reply.message);
      onClose();
      await refresh();
    },
    onError: (error) => applyServerErrors(form, error, A.saveFailed),
  });
  const { register, formState } = form;
  const first = useRef<HTMLInputElement | null>(null);
  const titleField = register('title');
  return (
    <Modal title={role ? T.editRole : T.addRole} busy={save.isPending} onDismiss={onClose} initialFocus={first}>
      <form noValidate onSubmit={form.handleSubmit((input) => save.mutate(input))}>
        <Field label={T.title} required error={formState.errors.title?.message}>
          <input
            type="text"
            maxLength={VOLUNTEER_ADMIN_LIMITS.title}
            {...titleField}
            ref={(el) => {
              titleField.ref(el);
              first.current = el;
            }}
          />
        </Field>
        <Field label={T.description} error={formState.errors.description?.message}>
          <textarea rows={3} {...register('description')} />
        </Field>
        {eventId ? (
          <div className="field field-checkbox">
            <label>
              <input type="checkbox" {...register('freeTicket')} /> {A.freeTicketLabel}
            </label>
          </div>
        ) : null}
        <FormError message={serverError(form)} />
        <FormDialogActions onCancel={onClose} pending={save.isPending} cancelLabel={T.cancel} submitLabel={T.save} pendingLabel={T.saving} />
      </form>
    </Modal>
  );
}

function ShiftDialog({ event, roleId, shift, onClose }: { event: string; roleId: string; shift?: VolunteerShiftAdmin; onClose: () => void }) {
  const { api } = useStaff();
  const toast = useToast();
  const refresh = useRefresh(event);
  const form = useZodForm(volunteerShiftCreateSchema, {
    defaultValues: {
      roleId,
      start: shift ? toWallClock(shift.start) : '',
      end: shift ? toWallClock(shift.end) : '',
      place: shift?.place ?? '',
      capacity: shift?.capacity ?? 5,
      minimum: shift?.minimum ?? 1,
    },
  });
  const save = useMutation({
    mutationFn: ({ roleId: role, ...fields }: { roleId: string; start: string; end: string; place: string; capacity: number; minimum: number }) =>
      shift ? volunteerCalls.updateShift(api, shift.id, fields) : volunteerCalls.createShift(api, { roleId: role, ...fields }),
    onSuccess: async (reply) => {
      toast.success(reply.message);
      onClose();
      await refresh();
    },
    onError: (error) => applyServerErrors(form, error, A.saveFailed),
  });
  const { register, formState } = form;
  return (
    <Modal title={shift ? T.editShift : T.addShift} busy={save.isPending} onDismiss={onClose}>
      <form noValidate onSubmit={form.handleSubmit((input) => save.mutate(input))}>
        <Field label={T.start} required error={formState.errors.start?.message}>
          <input type="datetime-local" {...register('start')} />
        </Field>
        <Field label={T.end} required error={formState.errors.end?.message}>
          <input type="datetime-local" {...register('end')} />
        </Field>
        <Field label={T.place} error={formState.errors.place?.message}>
          <input type="text" maxLength={VOLUNTEER_ADMIN_LIMITS.place} {...register('place')} />
        </Field>
        <Field label={T.capacity} required error={formState.errors.capacity?.message}>
          <input type="number" inputMode="numeric" min={1} {...register('capacity')} />
        </Field>
        <Field label={T.minimum} required error={formState.errors.minimum?.message}>
          <input type="number" inputMode="numeric" min={0} {...register('minimum')} />
        </Field>
        <FormError message={serverError(form)} />
        <FormDialogActions onCancel={onClose} pending={save.isPending} cancelLabel={T.cancel} submitLabel={T.save} pendingLabel={T.saving} />
      </form>
    </Modal>
  );
}

function EmailShiftDialog({ event, shift, onClose }: { event: string; shift: VolunteerShiftAdmin; onClose: () => void }) {
  const { api } = useStaff();
  const toast = useToast();
  const refresh = useRefresh(event);
  // One id per dialog: a retried Send (a lost reply) sends nothing more.
  const [requestId] = useState(newRequestId);
  const form = useZodForm(volunteerMessageSchema, { defaultValues: { subject: '', message: '', requestId } });
  const send = useMutation({
    mutationFn: (input: { subject: string; message: string; requestId: string }) => volunteerCalls.message(api, shift.id, input),
    onSuccess: async (reply) => {
      toast.success(reply.message);
      onClose();
      await refresh();
    },
    onError: (error) => applyServerErrors(form, error, A.saveFailed),
  });
  const { register, formState } = form;
  return (
    <Modal title={T.emailTitle} description={`${shiftWhen(shift)} · ${shift.signups.length === 1 ? '1 person' : `${shift.signups.length} people`}`} busy={send.isPending} onDismiss={onClose}>
      <form noValidate onSubmit={form.handleSubmit((input) => send.mutate(input))}>
        <Field label={T.subject} required error={formState.errors.subject?.message}>
          <input type="text" maxLength={VOLUNTEER_ADMIN_LIMITS.subject} {...register('subject')} />
        </Field>
        <Field label={T.message} required error={formState.errors.message?.message}>
          <textarea rows={8} {...register('message')} />
        </Field>
        <FormError message={serverError(form)} />
        <FormDialogActions onCancel={onClose} pending={send.isPending} cancelLabel={T.cancel} submitLabel={T.send} pendingLabel={T.sending} />
      </form>
    </Modal>
  );
}

function CsvButton({ event, label }: { event: string | null; label: string }) {
  const { api } = useStaff();
  const toast = useToast();
  const download = useMutation({
    mutationFn: () => volunteerCalls.csv(api, event),
    onSuccess: ({ blob, fileName }) => {
      saveBlob(blob, fileName ?? 'volunteers.csv');
      toast.success(A.csvReady);
    },
    onError: (error) => toast.error(errorText(error, A.csvFailed)),
  });
  return (
    <button type="button" className="btn btn-outline" onClick={() => download.mutate()} disabled={download.isPending} aria-busy={download.isPending || undefined}>
      {download.isPending ? T.preparing : label}
    </button>
  );
}
