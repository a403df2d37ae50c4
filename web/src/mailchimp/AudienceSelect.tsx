import { useQuery } from '@tanstack/react-query';
import { MAILCHIMP_MESSAGES } from '@shared/mailchimp-model.js';
import { errorText } from '../api/client.js';
import { useStaff } from '../staff/StaffContext.js';
import { Field } from '../ui/Field.js';
import { audiencesQuery, isNotConfigured, subscribersText } from './mailchimpApi.js';
import './mailchimp.css';

export const AUDIENCE_TEXT = {
  label: 'Mailchimp audience',
  none: 'None (no Mailchimp sync)',
  loading: 'Loading audiences...',
  hint: "New registrations are synced to it on their own, and the registration form offers 'Keep me informed about future events'.",
  unknown: (id: string) => `Audience ${id} (not found in Mailchimp)`,
} as const;

interface AudienceSelectProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: string;
}

/**
 * The event form's Mailchimp audience: a select of the account's real audiences. An audience
 * that no longer exists stays listed (so saving never clears it silently); when Mailchimp is
 * not configured or cannot be reached, the select keeps the value and says why.
 */
export function AudienceSelect({ value, onChange, onBlur, name, error }: AudienceSelectProps) {
  const { api } = useStaff();
  const audiences = useQuery(audiencesQuery(api));
  const list = audiences.data ?? [];
  const missing = value !== '' && !list.some((audience) => audience.id === value);
  const problem = audiences.isError
    ? isNotConfigured(audiences.error)
      ? errorText(audiences.error, MAILCHIMP_MESSAGES.loadFailed)
      : `${MAILCHIMP_MESSAGES.loadFailed}: ${errorText(audiences.error, MAILCHIMP_MESSAGES.loadFailed)}`
    : null;
  return (
    <Field label={AUDIENCE_TEXT.label} hint={problem ?? AUDIENCE_TEXT.hint} error={error}>
      <select name={name} value={value} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} disabled={audiences.isPending}>
        <option value="">{audiences.isPending ? AUDIENCE_TEXT.loading : AUDIENCE_TEXT.none}</option>
        {list.map((audience) => (
          <option key={audience.id} value={audience.id}>
            {audience.name} ({subscribersText(audience.memberCount)})
          </option>
        ))}
        {missing ? <option value={value}>{audiences.isSuccess ? AUDIENCE_TEXT.unknown(value) : value}</option> : null}
      </select>
    </Field>
  );
}
