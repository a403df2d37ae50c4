import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventRecord } from '@shared/events-model.js';
import { MAILCHIMP_MESSAGES, type MailchimpSyncReply } from '@shared/mailchimp-model.js';
import { errorText } from '../api/client.js';
import { queryKeys } from '../api/query.js';
import { useStaff } from '../staff/StaffContext.js';
import { Spinner } from '../ui/Spinner.js';
import { useToast } from '../ui/ToastContext.js';
import { Modal } from '../ui/Modal.js';
import { audiencesQuery, isNotConfigured, mailchimpCalls, preferredAudience, subscribersText, syncFailureText } from './mailchimpApi.js';
import './mailchimp.css';

export const SYNC_TEXT = {
  title: 'Sync to Mailchimp',
  chooseAudience: 'Choose the audience',
  loading: 'Loading Mailchimp audiences...',
  noAudiences: 'This Mailchimp account has no audiences yet. Create one in Mailchimp, then sync again.',
  consent:
    "Attendees who ticked 'Keep me informed about future events' are added as pending: Mailchimp e-mails them to confirm, and only then are they subscribed. The others are added as transactional contacts, never sent marketing. Existing members keep their status.",
  run: 'Sync',
  close: 'Close',
  cancel: 'Cancel',
  tryAgain: 'Try again',
  failedHeading: 'Not synced',
} as const;

/** "Syncing 12 attendees to Zion Volunteers..." */
export function syncingText(attendees: number | undefined, audienceName: string): string {
  const who = attendees === undefined ? 'the attendees' : `${attendees} attendee${attendees === 1 ? '' : 's'}`;
  return `Syncing ${who} to ${audienceName}...`;
}

interface SyncMailchimpDialogProps {
  event: Pick<EventRecord, 'id' | 'title' | 'mailchimpAudienceId'>;
  /** Confirmed registrations, when known: said while the sync runs. */
  attendees?: number;
  onClose: () => void;
}

/**
 * The Events tab's 'Sync to Mailchimp' (issue 11): choose an audience (name and member
 * count), run the sync with its progress, then 'n synced, m failed' with each reason.
 * Focus stays inside while open and returns to the opener on close.
 */
export function SyncMailchimpDialog({ event, attendees, onClose }: SyncMailchimpDialogProps) {
  const { api } = useStaff();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const audiences = useQuery(audiencesQuery(api));
  const [chosen, setChosen] = useState<string | null>(null);
  const audienceId = chosen ?? (audiences.data ? preferredAudience(audiences.data, event.mailchimpAudienceId) : '');
  const audienceName = audiences.data?.find((audience) => audience.id === audienceId)?.name ?? audienceId;

  const sync = useMutation({
    mutationFn: () => mailchimpCalls.sync(api, event.id, audienceId),
    onSuccess: (reply: MailchimpSyncReply) => {
      const text = `${reply.message} (${event.title} to ${audienceName})`;
      if (reply.results.failed.length) toast.error(text);
      else toast.success(text);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.mailchimpAudiences() }),
  });
  const running = sync.isPending;

  const close = () => {
    if (!running) onClose();
  };

  const closeButton = (label: string = SYNC_TEXT.close) => (
    <button type="button" className="btn btn-outline" onClick={close} disabled={running}>
      {label}
    </button>
  );

  let body;
  if (sync.isSuccess) {
    const { results, message } = sync.data;
    body = (
      <>
        <p className="mailchimp-summary" role="status">
          <strong>{message}</strong> to {audienceName}.
        </p>
        {results.failed.length ? (
          <ul className="mailchimp-failures" aria-label="Not synced">
            {results.failed.map((failure) => (
              <li key={failure.email}>
                <strong>{failure.email}</strong>: {failure.reason}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="ui-dialog-actions">{closeButton()}</div>
      </>
    );
  } else if (running) {
    body = (
      <div className="mailchimp-progress" role="status" aria-live="polite">
        <progress aria-label={SYNC_TEXT.title} />
        <p>{syncingText(attendees, audienceName)}</p>
      </div>
    );
  } else if (audiences.isPending) {
    body = (
      <>
        <Spinner label={SYNC_TEXT.loading} />
        <div className="ui-dialog-actions">{closeButton(SYNC_TEXT.cancel)}</div>
      </>
    );
  } else if (audiences.isError) {
    body = (
      <>
        <p className="alert alert-error" role="alert">
          {isNotConfigured(audiences.error) ? errorText(audiences.error, MAILCHIMP_MESSAGES.loadFailed) : `${MAILCHIMP_MESSAGES.syncFailed}: ${errorText(audiences.error, MAILCHIMP_MESSAGES.loadFailed)}`}
        </p>
        <div className="ui-dialog-actions">
          {closeButton()}
          {isNotConfigured(audiences.error) ? null : (
            <button type="button" className="btn btn-primary" onClick={() => void audiences.refetch()}>
              {SYNC_TEXT.tryAgain}
            </button>
          )}
        </div>
      </>
    );
  } else if (audiences.data.length === 0) {
    body = (
      <>
        <p>{SYNC_TEXT.noAudiences}</p>
        <div className="ui-dialog-actions">{closeButton()}</div>
      </>
    );
  } else {
    body = (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (audienceId) sync.mutate();
        }}
      >
        <fieldset className="mailchimp-audiences">
          <legend>{SYNC_TEXT.chooseAudience}</legend>
          {audiences.data.map((audience) => (
            <label key={audience.id} className="mailchimp-audience">
              <input type="radio" name={`${id}-audience`} value={audience.id} checked={audienceId === audience.id} onChange={() => setChosen(audience.id)} />
              <span className="mailchimp-audience-name">{audience.name}</span>
              <span className="mailchimp-audience-count">{subscribersText(audience.memberCount)}</span>
            </label>
          ))}
        </fieldset>
        <p className="mailchimp-consent">{SYNC_TEXT.consent}</p>
        {sync.isError ? (
          <p className="alert alert-error" role="alert">
            {syncFailureText(sync.error)}
          </p>
        ) : null}
        <div className="ui-dialog-actions">
          {closeButton(SYNC_TEXT.cancel)}
          <button type="submit" className="btn btn-primary" disabled={!audienceId}>
            {sync.isError ? SYNC_TEXT.tryAgain : SYNC_TEXT.run}
          </button>
        </div>
      </form>
    );
  }

  return (
    <Modal title={SYNC_TEXT.title} className="mailchimp-dialog" description={<p className="mailchimp-event">{event.title}</p>} busy={running} onDismiss={onClose}>
      {body}
    </Modal>
  );
}
