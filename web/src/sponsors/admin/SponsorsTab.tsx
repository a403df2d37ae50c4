import { useEffect, useId, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@shared/messages.js';
import { SPONSOR_LOGO_BOX, SPONSOR_MESSAGES, type Sponsor, type SponsorInput } from '@shared/sponsors-model.js';
import { sponsorInputSchema } from '@shared/sponsors.js';
import { errorText } from '../../api/client.js';
import { useStaff } from '../../staff/StaffContext.js';
import { useUnsavedChanges } from '../../staff/unsavedChanges.js';
import { Card } from '../../ui/Card.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { Field } from '../../ui/Field.js';
import { applyServerErrors, SERVER_ERROR, serverError, useZodForm } from '../../ui/form.js';
import { StateBlock } from '../../ui/StateBlock.js';
import { useToast } from '../../ui/ToastContext.js';
import { cx } from '../../ui/cx.js';
import { EditSponsorDialog } from './EditSponsorDialog.js';
import { SponsorLogoField, useLogoPicker } from './SponsorLogoField.js';
import {
  actionFailure,
  addFailure,
  invalidateSponsors,
  isLogoRefusal,
  LOGO_HINT,
  moveSponsor,
  positionText,
  sponsorCalls,
  sponsorsQuery,
  SPONSORS_KEY,
  WEBSITE_HINT,
} from './sponsorsApi.js';
import './sponsorsAdmin.css';

/** The dashboard's Sponsors tab (admins): add a sponsor with its logo and website, edit one in place, put the strip in order, delete after confirming. */
export default function SponsorsTab() {
  return (
    <div className="sponsors-admin">
      <AddSponsorForm />
      <SponsorList />
    </div>
  );
}

const EMPTY: SponsorInput = { name: '', website: '', imageData: '', fileName: '', mimeType: '' };

/**
 * Name, website (optional) and logo, validated by the shared schema (name and logo required,
 * the website http(s) when given). The file is checked and read when chosen; it is sent with the rest on Add.
 */
function AddSponsorForm() {
  const { api } = useStaff();
  const toast = useToast();
  const queryClient = useQueryClient();
  const uid = useId();
  const form = useZodForm(sponsorInputSchema, { defaultValues: EMPTY });
  const { register, formState, setValue, setError, clearErrors, reset } = form;
  const logo = useLogoPicker(
    (chosen) => {
      setValue('imageData', chosen?.imageData ?? '', { shouldDirty: true, shouldValidate: chosen !== null });
      setValue('fileName', chosen?.fileName ?? '');
      setValue('mimeType', chosen?.mimeType ?? '');
    },
    (message) => setError('imageData', { type: 'file', message }),
  );
  useUnsavedChanges(formState.isDirty);

  const add = useMutation({
    mutationFn: (input: SponsorInput) => sponsorCalls.add(api, input),
    onSuccess: (reply) => {
      toast.success(`${SPONSOR_MESSAGES.added} (${reply.sponsor.name}) ${MESSAGES.publicChangeDelay}`);
      reset(EMPTY);
      logo.reset();
      return invalidateSponsors(queryClient);
    },
    onError: (error) => {
      // A refused logo (with or without field errors: a body over the limit has none), name or
      // website is said at its field; anything else under the button.
      const fields = applyServerErrors(form, error, SPONSOR_MESSAGES.addFailed);
      if (isLogoRefusal(error)) setError('imageData', { type: 'server', message: addFailure(error) });
      if (fields.length || isLogoRefusal(error)) clearErrors(SERVER_ERROR);
      else setError(SERVER_ERROR, { type: 'server', message: addFailure(error) });
    },
  });

  const submit = form.handleSubmit((input) => add.mutate(input));
  const fail = serverError(form);
  const busy = add.isPending || logo.reading;

  return (
    <Card as="section" className="sponsors-admin-add" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>Add sponsor</h3>
      <form onSubmit={(e) => void submit(e)} noValidate className="sponsors-admin-form">
        <Field label="Sponsor name" required error={formState.errors.name?.message}>
          <input type="text" autoComplete="organization" {...register('name')} />
        </Field>
        <Field label="Website" hint={WEBSITE_HINT} error={formState.errors.website?.message}>
          <input type="url" inputMode="url" autoComplete="url" placeholder="https://" {...register('website')} />
        </Field>
        <SponsorLogoField
          id={`${uid}-logo`}
          label="Logo"
          required
          hint={LOGO_HINT}
          error={formState.errors.imageData?.message}
          disabled={add.isPending}
          picker={logo}
          onPick={() => clearErrors(SERVER_ERROR)}
        />
        {fail ? (
          <p className="alert alert-error" role="alert">
            {fail}
          </p>
        ) : null}
        <div className="sponsors-admin-form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {add.isPending ? 'Adding...' : 'Add Sponsor'}
          </button>
        </div>
      </form>
    </Card>
  );
}

/** Which button to focus once the list shows a move (the moved row's DOM node was re-inserted): the sponsor, where it went, which way. */
type Refocus = { sponsorId: string; index: number; by: -1 | 1 } | null;

function SponsorList() {
  const { api } = useStaff();
  const toast = useToast();
  const queryClient = useQueryClient();
  const uid = useId();
  const sponsors = useQuery(sponsorsQuery(api));
  const [refocus, setRefocus] = useState<Refocus>(null);
  const [announcement, setAnnouncement] = useState('');
  const [deleting, setDeleting] = useState<Sponsor | null>(null);
  const [editing, setEditing] = useState<Sponsor | null>(null);
  const [deleted, setDeleted] = useState(false);
  const list = useMemo(() => sponsors.data ?? [], [sponsors.data]);

  const reorder = useMutation({
    mutationFn: (next: Sponsor[]) => sponsorCalls.reorder(api, next.map((s) => s.id)),
    // The list moves at once; a refusal puts it back and reloads what the server has.
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: SPONSORS_KEY });
      const previous = queryClient.getQueryData<Sponsor[]>(SPONSORS_KEY);
      queryClient.setQueryData(SPONSORS_KEY, next);
      return { previous };
    },
    onError: (error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(SPONSORS_KEY, context.previous);
      setAnnouncement('');
      toast.error(actionFailure(error, SPONSOR_MESSAGES.orderFailed));
    },
    onSettled: () => invalidateSponsors(queryClient),
  });

  const remove = useMutation({
    mutationFn: (sponsor: Sponsor) => sponsorCalls.remove(api, sponsor.id),
    onSuccess: (_reply, sponsor) => {
      setDeleting(null);
      setDeleted(true);
      toast.success(`${SPONSOR_MESSAGES.deleted} (${sponsor.name}) ${MESSAGES.publicChangeDelay}`);
    },
    onSettled: () => invalidateSponsors(queryClient),
  });

  // The dialog gives the focus back to the row's Delete button, which is about to go: keep the
  // focus in the list, on its heading (this runs after the dialog's own clean-up).
  useEffect(() => {
    if (!deleted) return;
    document.getElementById(`${uid}-title`)?.focus();
    setDeleted(false);
  }, [deleted, uid]);

  const move = (index: number, by: -1 | 1) => {
    if (reorder.isPending) return;
    const next = moveSponsor(list, index, by);
    const moved = list[index];
    if (!moved || next === list || next[index] === list[index]) return;
    setRefocus({ sponsorId: moved.id, index: index + by, by });
    setAnnouncement(`${moved.name} moved to ${positionText(next, moved.id)}`);
    reorder.mutate(next);
  };

  // A moved row is re-inserted in the DOM, which drops the focus: put it back on the same button,
  // or on the other one when the row reached the end it was moving towards.
  useEffect(() => {
    // Waits for the list to show the move (the cache is updated a moment after the click).
    if (!refocus || list[refocus.index]?.id !== refocus.sponsorId) return;
    const movingUp = refocus.by === -1;
    const atEnd = movingUp ? refocus.index === 0 : refocus.index === list.length - 1;
    const direction = movingUp !== atEnd ? 'up' : 'down';
    document.getElementById(`${uid}-${refocus.sponsorId}-${direction}`)?.focus();
    setRefocus(null);
  }, [list, refocus, uid]);

  return (
    <section className="sponsors-admin-current" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`} tabIndex={-1}>
        Sponsors on the site
      </h3>
      <p className="sponsors-admin-note">The public &lsquo;Our Supporters&rsquo; strip shows them in this order.</p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {sponsors.isPending ? (
        <StateBlock kind="loading" label="Loading sponsors..." />
      ) : sponsors.isError ? (
        <StateBlock kind="error" message={errorText(sponsors.error, MESSAGES.sponsorsLoadFailed)} onRetry={() => void sponsors.refetch()} />
      ) : list.length === 0 ? (
        <StateBlock kind="empty" title="No sponsors yet">
          <p>Add one above: the &lsquo;Our Supporters&rsquo; strip appears on the public site once there is one.</p>
        </StateBlock>
      ) : (
        <ol className="sponsors-admin-list">
          {list.map((sponsor, index) => (
            <SponsorRow
              key={sponsor.id}
              sponsor={sponsor}
              idPrefix={`${uid}-${sponsor.id}`}
              first={index === 0}
              last={index === list.length - 1}
              moving={reorder.isPending}
              onMove={(by) => move(index, by)}
              onEdit={() => setEditing(sponsor)}
              onDelete={() => {
                remove.reset();
                setDeleting(sponsor);
              }}
            />
          ))}
        </ol>
      )}
      {editing ? <EditSponsorDialog key={editing.id} sponsor={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete "${deleting?.name ?? ''}"?`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        tone="danger"
        error={remove.isError ? actionFailure(remove.error, SPONSOR_MESSAGES.deleteFailed) : undefined}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>Its logo leaves the &lsquo;Our Supporters&rsquo; strip on the public site.</p>
      </ConfirmDialog>
    </section>
  );
}

function SponsorRow(props: {
  sponsor: Sponsor;
  idPrefix: string;
  first: boolean;
  last: boolean;
  moving: boolean;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { sponsor, idPrefix, first, last, moving, onMove, onEdit, onDelete } = props;
  const [broken, setBroken] = useState(false);
  const nameId = `${idPrefix}-name`;
  // aria-disabled rather than disabled while a move is saved: a disabled button would drop the focus.
  const moveButton = (by: -1 | 1, label: string, arrow: string, atEnd: boolean) => (
    <button
      type="button"
      id={`${idPrefix}-${by === -1 ? 'up' : 'down'}`}
      className="btn btn-outline btn-small"
      onClick={() => !moving && onMove(by)}
      disabled={atEnd}
      aria-disabled={moving || undefined}
      aria-label={`Move ${sponsor.name} ${label.toLowerCase()}`}
    >
      <span aria-hidden="true">{arrow}</span> {label}
    </button>
  );
  return (
    <Card as="li" className="sponsors-admin-item" aria-labelledby={nameId}>
      <div className={cx('sponsors-admin-thumb', broken && 'is-broken')}>
        {sponsor.logo && !broken ? (
          <img src={sponsor.logo} alt={`${sponsor.name} logo`} width={SPONSOR_LOGO_BOX.width} height={SPONSOR_LOGO_BOX.height} loading="lazy" onError={() => setBroken(true)} />
        ) : (
          <span>{sponsor.logo ? 'Logo could not be loaded' : 'No logo'}</span>
        )}
      </div>
      <div className="sponsors-admin-text">
        <p id={nameId} className="sponsors-admin-name">
          {sponsor.name}
        </p>
        {sponsor.website ? (
          <p className="sponsors-admin-website">
            <a href={sponsor.website} target="_blank" rel="noopener noreferrer">
              {sponsor.website}
            </a>
          </p>
        ) : null}
      </div>
      <div className="sponsors-admin-actions" role="group" aria-label={`Actions for ${sponsor.name}`}>
        {moveButton(-1, 'Up', '↑', first)}
        {moveButton(1, 'Down', '↓', last)}
        <button type="button" className="btn btn-outline btn-small" onClick={onEdit}>
          Edit
        </button>
        <button type="button" className="btn btn-outline btn-small sponsors-admin-delete" onClick={onDelete}>
          Delete
        </button>
      </div>
    </Card>
  );
}
