import { useId, useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_MESSAGES, type AdminInvitationView, type AdminView, type InviteRequest } from '@shared/admins-model.js';
import { inviteSchema } from '@shared/admins.js';
import { ROLES } from '@shared/session-model.js';
import { useStaff } from '../../staff/StaffContext.js';
import { useUnsavedChanges } from '../../staff/unsavedChanges.js';
import { Card } from '../../ui/Card.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { Field } from '../../ui/Field.js';
import { applyServerErrors, SERVER_ERROR, serverError, useZodForm } from '../../ui/form.js';
import { StateBlock } from '../../ui/StateBlock.js';
import { Table, type Column } from '../../ui/Table.js';
import { useToast } from '../../ui/ToastContext.js';
import { cx } from '../../ui/cx.js';
import { actionFailure, adminUserCalls, adminUsersQuery, canRemove, expiryText, formatDay, invalidateAdminUsers, ROLE_HINT, ROLE_LABEL } from './usersApi.js';
import './adminUsers.css';

/**
 * Every cell also carries its column's name, shown only where the table is laid out as one
 * card per row (phones: adminUsers.css), so a row reads 'Role Staff' without scrolling sideways.
 */
function labelled<Row>(columns: Column<Row>[]): Column<Row>[] {
  return columns.map((column) => ({
    ...column,
    cell: (row: Row) => {
      const content: ReactNode = column.cell ? column.cell(row) : String(column.value?.(row) ?? '');
      return column.key === 'actions' ? (
        content
      ) : (
        <>
          <span className="admin-users-label">{column.header}</span>
          <span className="admin-users-value">{content}</span>
        </>
      );
    },
  }));
}

/** The dashboard's Admin Users tab (admins): invite by e-mail, the pending invitations (revoke), the team (remove, after confirming). */
export default function AdminUsersTab() {
  const { api } = useStaff();
  const users = useQuery(adminUsersQuery(api));
  return (
    <div className="admin-users">
      <InviteForm />
      {users.isPending ? (
        <StateBlock kind="loading" label="Loading admin users..." />
      ) : users.isError ? (
        <StateBlock kind="error" message={actionFailure(users.error, ADMIN_MESSAGES.loadFailed)} onRetry={() => void users.refetch()} />
      ) : (
        <>
          <Invitations invitations={users.data.invitations} />
          <Team admins={users.data.admins} />
        </>
      )}
    </div>
  );
}

// Staff by default (issue 24 item 21): the narrower role, so an invitation sent in haste grants least.
const DEFAULT_ROLE = 'staff';
const EMPTY: InviteRequest = { email: '', role: DEFAULT_ROLE };

/** E-mail and role, validated by the shared schema; the API e-mails the invitation link. */
function InviteForm() {
  const { api } = useStaff();
  const toast = useToast();
  const queryClient = useQueryClient();
  const uid = useId();
  const form = useZodForm(inviteSchema, { defaultValues: EMPTY });
  const { register, formState, reset, watch } = form;
  useUnsavedChanges(formState.isDirty);
  const role = watch('role') ?? DEFAULT_ROLE;

  const invite = useMutation({
    mutationFn: (input: InviteRequest) => adminUserCalls.invite(api, input),
    onSuccess: (reply) => {
      toast.success(`${ADMIN_MESSAGES.invited} to ${reply.invitation.email}`);
      reset(EMPTY);
      return invalidateAdminUsers(queryClient);
    },
    onError: (error) => {
      // A refused address (already on the team) is said at the field; anything else under the button.
      const fields = applyServerErrors(form, error, ADMIN_MESSAGES.inviteFailed);
      if (fields.length) form.clearErrors(SERVER_ERROR);
      else form.setError(SERVER_ERROR, { type: 'server', message: actionFailure(error, ADMIN_MESSAGES.inviteFailed) });
    },
  });

  const submit = form.handleSubmit((input) => invite.mutate(input));
  const fail = serverError(form);

  return (
    <Card as="section" className="admin-users-invite" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>Invite someone</h3>
      <p className="admin-users-note">They get an e-mail with a link that works once, for 7 days, and only for the address invited.</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="admin-users-form">
        <Field label="Email" required error={formState.errors.email?.message} className="admin-users-email">
          <input type="email" autoComplete="off" placeholder="name@example.org" {...register('email')} disabled={invite.isPending} />
        </Field>
        <Field label="Role" hint={ROLE_HINT[role]} error={formState.errors.role?.message} className="admin-users-role">
          <select {...register('role')} disabled={invite.isPending}>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {ROLE_LABEL[value]}
              </option>
            ))}
          </select>
        </Field>
        <div className="admin-users-form-actions">
          <button type="submit" className="btn btn-primary" disabled={invite.isPending} aria-busy={invite.isPending || undefined}>
            {invite.isPending ? 'Sending...' : 'Send Invitation'}
          </button>
        </div>
      </form>
      {fail ? (
        <p className="alert alert-error" role="alert">
          {fail}
        </p>
      ) : null}
    </Card>
  );
}

function Invitations({ invitations }: { invitations: AdminInvitationView[] }) {
  const { api } = useStaff();
  const toast = useToast();
  const queryClient = useQueryClient();
  const uid = useId();
  const [revoking, setRevoking] = useState<AdminInvitationView | null>(null);

  const revoke = useMutation({
    mutationFn: (invitation: AdminInvitationView) => adminUserCalls.revoke(api, invitation.id),
    onSuccess: (_reply, invitation) => {
      setRevoking(null);
      toast.success(`${ADMIN_MESSAGES.revoked} (${invitation.email})`);
    },
    onSettled: () => invalidateAdminUsers(queryClient),
  });

  const columns = useMemo<Column<AdminInvitationView>[]>(
    () =>
      labelled([
      { key: 'email', header: 'Email', value: (i) => i.email, className: 'admin-users-address' },
      { key: 'role', header: 'Role', value: (i) => ROLE_LABEL[i.role] ?? i.role },
      { key: 'invitedBy', header: 'Invited by', value: (i) => i.invitedBy, className: 'admin-users-address' },
      { key: 'createdAt', header: 'Sent', value: (i) => formatDay(i.createdAt), sortValue: (i) => i.createdAt },
      {
        key: 'expiresAt',
        header: 'Expires',
        sortValue: (i) => i.expiresAt,
        cell: (i) => (
          <span className={cx('admin-users-expiry', i.expired && 'admin-users-expiry--over')}>
            {i.expired ? 'Expired' : expiryText(i.expiresAt)}
            <span className="admin-users-day">{formatDay(i.expiresAt)}</span>
          </span>
        ),
      },
      {
        key: 'actions',
        header: 'Actions',
        cell: (i) => (
          <button
            type="button"
            className="btn btn-outline btn-small"
            aria-label={`Revoke the invitation of ${i.email}`}
            onClick={() => {
              revoke.reset();
              setRevoking(i);
            }}
          >
            Revoke
          </button>
        ),
      },
    ]),
    [revoke],
  );

  return (
    <section className="admin-users-section" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>Pending invitations</h3>
      <Table
        rows={invitations}
        columns={columns}
        rowKey={(i) => i.id}
        caption="Pending invitations"
        empty="No pending invitations."
        className="admin-users-table"
      />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this invitation?"
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        busy={revoke.isPending}
        tone="danger"
        error={revoke.isError ? actionFailure(revoke.error, ADMIN_MESSAGES.revokeFailed) : undefined}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onCancel={() => setRevoking(null)}
      >
        <p>The link sent to {revoking?.email} stops working. You can invite them again later.</p>
      </ConfirmDialog>
    </section>
  );
}

const STATUS_TEXT = { Active: 'Active', Removed: 'Removed' } as const;

function Team({ admins }: { admins: AdminView[] }) {
  const { api, session } = useStaff();
  const toast = useToast();
  const queryClient = useQueryClient();
  const uid = useId();
  const [removing, setRemoving] = useState<AdminView | null>(null);

  const remove = useMutation({
    mutationFn: (member: AdminView) => adminUserCalls.remove(api, member.email),
    onSuccess: (_reply, member) => {
      setRemoving(null);
      toast.success(`${ADMIN_MESSAGES.removed} (${member.email})`);
    },
    onSettled: () => invalidateAdminUsers(queryClient),
  });

  const columns = useMemo<Column<AdminView>[]>(
    () =>
      labelled([
      {
        key: 'email',
        header: 'Email',
        value: (m) => m.email,
        className: 'admin-users-address',
        cell: (m) => (
          <>
            {m.email}
            {m.email.toLowerCase() === session.email.toLowerCase() ? <span className="admin-users-you"> (you)</span> : null}
          </>
        ),
      },
      { key: 'role', header: 'Role', value: (m) => ROLE_LABEL[m.role] ?? m.role },
      {
        key: 'status',
        header: 'Status',
        value: (m) => m.status,
        cell: (m) => (
          <span className={cx('admin-users-status', m.status === 'Removed' && 'admin-users-status--removed')}>
            {STATUS_TEXT[m.status] ?? m.status}
            {m.status === 'Removed' && m.removedDate ? <span className="admin-users-day">{formatDay(m.removedDate)}</span> : null}
          </span>
        ),
      },
      { key: 'addedDate', header: 'Added', value: (m) => formatDay(m.addedDate) || '—', sortValue: (m) => m.addedDate },
      { key: 'addedBy', header: 'Added by', value: (m) => m.addedBy || '—', className: 'admin-users-address' },
      {
        key: 'actions',
        header: 'Actions',
        cell: (m) =>
          canRemove(m, session.email) ? (
            <button
              type="button"
              className="btn btn-outline btn-small"
              aria-label={`Remove ${m.email}`}
              onClick={() => {
                remove.reset();
                setRemoving(m);
              }}
            >
              Remove
            </button>
          ) : (
            <span className="admin-users-no-action">—</span>
          ),
      },
    ]),
    [remove, session.email],
  );

  return (
    <section className="admin-users-section" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>Team</h3>
      <Table rows={admins} columns={columns} rowKey={(m) => m.email} caption="Admin users" empty="No admin users yet." className="admin-users-table" />
      <ConfirmDialog
        open={removing !== null}
        title="Remove admin access?"
        confirmLabel="Remove Access"
        busyLabel="Removing..."
        busy={remove.isPending}
        tone="danger"
        error={remove.isError ? actionFailure(remove.error, ADMIN_MESSAGES.removeFailed) : undefined}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {removing?.email} ({removing ? ROLE_LABEL[removing.role] : ''}) loses access to the dashboard and the check-in screen from their next action. They stay
          listed as Removed, and can be invited again.
        </p>
      </ConfirmDialog>
    </section>
  );
}

