/**
 * A dialog form's Cancel and submit buttons. While the form sends, both are disabled and the submit
 * says so (`pendingLabel`); `blocked` disables the submit alone (a file still being read).
 */
export function FormDialogActions({
  onCancel,
  pending,
  blocked = false,
  cancelLabel = 'Cancel',
  submitLabel,
  pendingLabel,
}: {
  onCancel: () => void;
  pending: boolean;
  blocked?: boolean;
  cancelLabel?: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const busy = pending || blocked;
  return (
    <div className="ui-dialog-actions">
      <button type="button" className="btn btn-outline" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
        {pending ? pendingLabel : submitLabel}
      </button>
    </div>
  );
}
