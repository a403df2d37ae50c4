import { useId, useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { ORGANISATION_TIME_ZONE } from '@shared/constants.js';
import { MAX_REGISTRATIONS_PER_EMAIL_LIMIT, REFUND_RULE_LIMITS, WAITLIST_CLAIM_LIMITS, type EventRecord } from '@shared/events-model.js';
import { REMINDER_OFFSET_LIMITS } from '@shared/reminders-model.js';
import { eventFormSchema, type EventInput } from '@shared/events.js';
import { MESSAGES } from '@shared/messages.js';
import { UPLOAD_MESSAGES } from '@shared/uploads-model.js';
import { useConfirmLeave, useUnsavedChanges } from '../../staff/unsavedChanges.js';
import { useStaff } from '../../staff/StaffContext.js';
import { Field } from '../../ui/Field.js';
import { applyServerErrors, serverError, useMappedZodForm } from '../../ui/form.js';
import { ImageUpload } from '../../ui/ImageUpload.js';
import { useToast } from '../../ui/ToastContext.js';
import { AudienceSelect } from '../../mailchimp/AudienceSelect.js';
import {
  canAddTicketType,
  changedFields,
  confirmByEmailShown,
  emptyEventValues,
  eventFieldPath,
  eventFormMapping,
  eventToValues,
  normaliseCustomUrl,
  publicAddress,
} from './eventForm.js';
import { eventCalls, EVENT_TEXT, invalidateEvents } from './eventsApi.js';

export const EVENT_FORM_TEXT = {
  duplicateType: 'That ticket type is already on the list.',
  emptyType: 'Type a name for the new ticket type.',
  zoneHint: `Entered and shown in the organisation's time zone (${ORGANISATION_TIME_ZONE}).`,
  confirmByEmail: 'Confirm by e-mail',
  confirmByEmailHint:
    'Each registration holds its seat for 30 minutes until the person opens the link we e-mail them; unconfirmed seats are released. Stops one person taking many seats with made-up or plus-addresses.',
  endDate: 'Ends (optional)',
  endDateHint: 'Shown on the event page and used by calendars. Leave empty: calendars give it two hours.',
  registrationClosesAt: 'Registration closes (optional)',
  registrationClosesAtHint: 'At or before the start. Leave empty to take registrations until the event starts.',
  reminders: 'Reminders (hours before the start)',
  remindersHint: `Each registered attendee is e-mailed a reminder this many hours before the event starts, e.g. 24, 2 (whole hours, ${REMINDER_OFFSET_LIMITS.minHours} to ${REMINDER_OFFSET_LIMITS.maxHours}, at most ${REMINDER_OFFSET_LIMITS.maxCount}, separated by commas). Leave empty to send no reminders.`,
  quota: (index: number) => `Quota of ticket type ${index + 1}`,
  quotaHint: "A ticket type's quota is the most tickets of that type, within the maximum attendees. Leave a quota empty: only the maximum applies.",
  claimWindow: 'Waitlist claim window (hours)',
  claimWindowHint: `When seats free up on a full event, the next person on its waitlist has this long to claim them (whole hours, ${WAITLIST_CLAIM_LIMITS.minHours} to ${WAITLIST_CLAIM_LIMITS.maxHours}), never more than a quarter of the time left before the start; no offers are made in the last 2 hours.`,
  refundRule: 'Refund if an attendee cancels (hours before the start)',
  refundRuleHint:
    "An attendee who cancels their paid ticket from their e-mail's 'Can't come?' link is refunded in full until this many hours before the event starts, then not at all (whole hours). Leave empty for no refunds. Each ticket keeps the rule in force when it was paid.",
} as const;

/**
 * The create / edit form (SPEC §3, §5) on the shared event schema. Editing sends only the
 * fields that changed; leaving with unsaved changes asks first.
 */
export function EventForm({ event, onClose }: { event?: EventRecord; onClose: () => void }) {
  const { api } = useStaff();
  const toast = useToast();
  const queryClient = useQueryClient();
  const confirmLeave = useConfirmLeave();
  const uid = useId();
  const initial = useMemo(() => (event ? eventToValues(event) : emptyEventValues()), [event]);
  const form = useMappedZodForm(eventFormSchema, eventFormMapping, { defaultValues: initial });
  const { register, control, formState, setValue, getValues } = form;
  const errors = formState.errors;
  const tickets = useFieldArray({ control, name: 'tickets' });
  const [newType, setNewType] = useState('');
  const [typeProblem, setTypeProblem] = useState<string | null>(null);
  const customUrl = useWatch({ control, name: 'customUrl' });
  const requiresPayment = useWatch({ control, name: 'requiresPayment' });
  const maxAttendees = useWatch({ control, name: 'maxAttendees' });
  const eventImage = useWatch({ control, name: 'eventImage' });
  const [imageKey, setImageKey] = useState(0);
  useUnsavedChanges(formState.isDirty);

  const save = useMutation({
    mutationFn: async (input: EventInput) => {
      if (!event) return { kind: 'created' as const, reply: await eventCalls.create(api, input) };
      const patch = changedFields(initial, input);
      if (Object.keys(patch).length === 0) return { kind: 'unchanged' as const };
      return { kind: 'updated' as const, reply: await eventCalls.update(api, event.id, patch) };
    },
    onSuccess: (result) => {
      toast.success(result.kind === 'unchanged' ? EVENT_TEXT.noChanges : `${result.kind === 'created' ? EVENT_TEXT.created : EVENT_TEXT.updated} ${MESSAGES.publicChangeDelay}`);
      onClose();
      return invalidateEvents(queryClient);
    },
    onError: (error) => {
      applyServerErrors(form, error, EVENT_TEXT.saveFailed, (path) => eventFieldPath(path, getValues()));
    },
  });

  const submit = form.handleSubmit((input) => save.mutate(input));

  const addType = () => {
    const problem = canAddTicketType(getValues('tickets'), newType);
    if (problem !== 'ok') {
      setTypeProblem(problem === 'empty' ? EVENT_FORM_TEXT.emptyType : EVENT_FORM_TEXT.duplicateType);
      return;
    }
    tickets.append({ name: newType.trim(), price: '', quota: '' });
    setNewType('');
    setTypeProblem(null);
  };

  const removeType = (index: number) => {
    if (tickets.fields.length <= 1) {
      setTypeProblem(MESSAGES.ticketTypeRequired);
      return;
    }
    tickets.remove(index);
    setTypeProblem(null);
  };

  const fail = serverError(form);
  const ticketsError = errors.tickets?.root?.message;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <form className="event-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${uid}-title`}>
      <div className="event-form-head">
        <h3 id={`${uid}-title`}>{event ? `Edit "${event.title}"` : 'Create Event'}</h3>
        <button type="button" className="btn btn-outline btn-small" onClick={() => confirmLeave(onClose)}>
          Back to events
        </button>
      </div>

      <fieldset className="event-form-section">
        <legend>Details</legend>
        <Field label="Title" required error={errors.title?.message}>
          <input type="text" {...register('title')} />
        </Field>
        <Field label="Description" error={errors.description?.message}>
          <textarea rows={5} {...register('description')} />
        </Field>
        <div className="event-form-row">
          <Field label={`Date and time (${ORGANISATION_TIME_ZONE})`} required hint={EVENT_FORM_TEXT.zoneHint} error={errors.date?.message}>
            <input type="datetime-local" {...register('date')} />
          </Field>
          <Field label="Location" required error={errors.location?.message}>
            <input type="text" {...register('location')} />
          </Field>
        </div>
        <div className="event-form-row">
          <Field label={EVENT_FORM_TEXT.endDate} hint={EVENT_FORM_TEXT.endDateHint} error={errors.endDate?.message}>
            <input type="datetime-local" {...register('endDate')} />
          </Field>
          <Field label={EVENT_FORM_TEXT.registrationClosesAt} hint={EVENT_FORM_TEXT.registrationClosesAtHint} error={errors.registrationClosesAt?.message}>
            <input type="datetime-local" {...register('registrationClosesAt')} />
          </Field>
        </div>
        <div className="event-form-row">
          <Field
            label="Maximum attendees"
            hint={`Leave empty for unlimited.${event ? ` ${event.attendeeCount} already registered: the maximum cannot go below that.` : ''}`}
            error={errors.maxAttendees?.message}
          >
            <input type="number" inputMode="numeric" min={1} step={1} {...register('maxAttendees')} />
          </Field>
          <Field
            label="Registrations per e-mail address"
            required
            hint={`At most this many people can register for the event with one e-mail address (1 to ${MAX_REGISTRATIONS_PER_EMAIL_LIMIT}): room for a family, not for someone holding every seat.`}
            error={errors.maxRegistrationsPerEmail?.message}
          >
            <input type="number" inputMode="numeric" min={1} max={MAX_REGISTRATIONS_PER_EMAIL_LIMIT} step={1} {...register('maxRegistrationsPerEmail')} />
          </Field>
        </div>
        <Field label={EVENT_FORM_TEXT.reminders} hint={EVENT_FORM_TEXT.remindersHint} error={errors.reminderOffsetsHours?.message}>
          <input type="text" inputMode="numeric" autoComplete="off" placeholder="24, 2" {...register('reminderOffsetsHours')} />
        </Field>
        <Field label={EVENT_FORM_TEXT.claimWindow} hint={EVENT_FORM_TEXT.claimWindowHint} error={errors.waitlistClaimHours?.message}>
          <input type="number" inputMode="numeric" min={WAITLIST_CLAIM_LIMITS.minHours} max={WAITLIST_CLAIM_LIMITS.maxHours} step={1} {...register('waitlistClaimHours')} />
        </Field>
      </fieldset>

      <fieldset className="event-form-section">
        <legend>Tickets and payment</legend>
        <label className="event-form-check">
          <input type="checkbox" {...register('requiresPayment')} /> Requires payment
        </label>
        {requiresPayment ? null : (
          // Free events only (the payment confirms a paid event's seat). A new event's box shows the
          // server's default until it is touched, so what is shown is what is saved.
          <Controller
            control={control}
            name="confirmByEmail"
            render={({ field }) => (
              <div className="event-form-option">
                <label className="event-form-check">
                  <input
                    type="checkbox"
                    name={field.name}
                    ref={field.ref}
                    checked={confirmByEmailShown({ confirmByEmail: field.value, requiresPayment, maxAttendees })}
                    onChange={(e) => field.onChange(e.target.checked)}
                    onBlur={field.onBlur}
                    aria-describedby={`${uid}-confirm-hint`}
                  />{' '}
                  {EVENT_FORM_TEXT.confirmByEmail}
                </label>
                <p id={`${uid}-confirm-hint`} className="field-hint event-form-check-hint">
                  {EVENT_FORM_TEXT.confirmByEmailHint}
                </p>
              </div>
            )}
          />
        )}
        {requiresPayment ? (
          // Paid events only: a free ticket has nothing to refund (the field keeps its value while hidden).
          <Field label={EVENT_FORM_TEXT.refundRule} hint={EVENT_FORM_TEXT.refundRuleHint} error={errors.refundUntilHoursBefore?.message}>
            <input
              type="number"
              inputMode="numeric"
              min={REFUND_RULE_LIMITS.minHours}
              max={REFUND_RULE_LIMITS.maxHours}
              step={1}
              placeholder="No refunds"
              {...register('refundUntilHoursBefore')}
            />
          </Field>
        ) : null}
        <p className="event-form-note">{EVENT_FORM_TEXT.quotaHint}</p>
        <ul className="event-form-tickets" aria-label="Ticket types">
          {tickets.fields.map((row, index) => (
            <li key={row.id} className="event-form-ticket">
              <Field label={`Ticket type ${index + 1}`} error={errors.tickets?.[index]?.name?.message}>
                <input type="text" {...register(`tickets.${index}.name`)} />
              </Field>
              <Field
                label={`Price of ticket type ${index + 1} (USD)`}
                hint={requiresPayment ? undefined : 'Only charged when the event requires payment.'}
                error={errors.tickets?.[index]?.price?.message}
              >
                <input type="number" inputMode="decimal" min={0} step={0.01} placeholder="0.00" {...register(`tickets.${index}.price`)} />
              </Field>
              <Field label={EVENT_FORM_TEXT.quota(index)} error={errors.tickets?.[index]?.quota?.message}>
                <input type="number" inputMode="numeric" min={1} step={1} placeholder="No quota" {...register(`tickets.${index}.quota`)} />
              </Field>
              <button type="button" className="btn btn-outline btn-small event-form-remove" onClick={() => removeType(index)} aria-label={`Remove ticket type ${index + 1}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
        {ticketsError ? (
          <p className="field-error" role="alert">
            {ticketsError}
          </p>
        ) : null}
        <div className="event-form-add">
          <Field label="New ticket type" error={typeProblem ?? undefined}>
            <input
              type="text"
              value={newType}
              onChange={(e) => setNewType(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addType();
                }
              }}
            />
          </Field>
          <button type="button" className="btn btn-outline" onClick={addType}>
            Add ticket type
          </button>
        </div>
        <Controller
          control={control}
          name="generateTickets"
          render={({ field }) => (
            <fieldset className="event-form-mode">
              <legend>Mode</legend>
              <label className="event-form-check">
                <input type="radio" name={field.name} checked={field.value} onChange={() => field.onChange(true)} onBlur={field.onBlur} /> Generate tickets
                (each registration gets a ticket with a QR code)
              </label>
              <label className="event-form-check">
                <input type="radio" name={field.name} checked={!field.value} onChange={() => field.onChange(false)} onBlur={field.onBlur} /> RSVP only (a
                confirmation, no ticket)
              </label>
            </fieldset>
          )}
        />
      </fieldset>

      <fieldset className="event-form-section">
        <legend>Image</legend>
        <ImageUpload
          key={imageKey}
          label="Event image"
          name="eventImage"
          value={eventImage}
          upload={(body) => eventCalls.upload(api, body)}
          onUploaded={(url) => setValue('eventImage', url, { shouldDirty: true, shouldValidate: true })}
          hint="JPEG, PNG, WebP or GIF, at most 5MB."
          failureMessage={UPLOAD_MESSAGES.uploadFailed}
          previewAlt="Event image preview"
        />
        {errors.eventImage?.message ? <p className="field-error">{errors.eventImage.message}</p> : null}
        {eventImage ? (
          <button type="button" className="btn btn-outline btn-small" onClick={() => {
              setValue('eventImage', '', { shouldDirty: true });
              setImageKey((k) => k + 1);
            }}
          >
            Remove image
          </button>
        ) : null}
      </fieldset>

      <fieldset className="event-form-section">
        <legend>Publishing</legend>
        <label className="event-form-check">
          <input type="checkbox" {...register('isActive')} /> Active (shown on the public site)
        </label>
        <label className="event-form-check">
          <input type="checkbox" {...register('allowAdditionalInfo')} /> Allow additional info (a free-text box on the registration form)
        </label>
        <Field label="Tags" hint="Comma-separated, e.g. hike, family." error={errors.tags?.message}>
          <input type="text" {...register('tags')} />
        </Field>
        <Controller
          control={control}
          name="mailchimpAudienceId"
          render={({ field }) => (
            <AudienceSelect name={field.name} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} error={errors.mailchimpAudienceId?.message} />
          )}
        />
        <Field label="Mailchimp tags" hint="Comma-separated; members also get the event's title as a tag." error={errors.mailchimpTags?.message}>
          <input type="text" {...register('mailchimpTags')} />
        </Field>
        <Field
          label="Custom URL"
          hint={
            <>
              Lower-case letters, digits and hyphens. Public address: <strong className="event-form-address">{publicAddress(origin, customUrl ?? '', event?.id)}</strong>
            </>
          }
          error={errors.customUrl?.message}
        >
          <input
            type="text"
            autoCapitalize="none"
            spellCheck={false}
            {...register('customUrl', { onChange: (e: { target: HTMLInputElement }) => setValue('customUrl', normaliseCustomUrl(e.target.value)) })}
          />
        </Field>
      </fieldset>

      {fail ? (
        <p className="alert alert-error" role="alert">
          {fail}
        </p>
      ) : null}
      <div className="event-form-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving...' : event ? 'Save Changes' : 'Create Event'}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => confirmLeave(onClose)} disabled={save.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
