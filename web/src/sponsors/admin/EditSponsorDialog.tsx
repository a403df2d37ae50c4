import { useId, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@shared/messages.js';
import { SPONSOR_MESSAGES, type Sponsor, type SponsorUpdateInput } from '@shared/sponsors-model.js';
import { sponsorUpdateSchema } from '@shared/sponsors.js';
import { useStaff } from '../../staff/StaffContext.js';
import { useUnsavedChanges } from '../../staff/unsavedChanges.js';
import { Field } from '../../ui/Field.js';
import { FormDialogActions } from '../../ui/FormDialogActions.js';
import { applyServerErrors, SERVER_ERROR, serverError, useMappedZodForm } from '../../ui/form.js';
import { Modal } from '../../ui/Modal.js';
import { useToast } from '../../ui/ToastContext.js';
import { SponsorLogoField, useLogoPicker } from './SponsorLogoField.js';
import {
  addFailure,
  changedSponsorFields,
  editValuesOf,
  invalidateSponsors,
  isLogoRefusal,
  LOGO_HINT,
  sponsorCalls,
  WEBSITE_HINT,
  type SponsorEditValues,
} from './sponsorsApi.js';

/**
 * Edit a sponsor in place (issue 26 item 6): name, website and an optional new logo. Only the
 * fields changed are validated (the shared PUT schema) and sent; the sponsor keeps its place.
 * The Modal moves the focus to the name on open, keeps it inside, cancels on Escape and gives
 * it back to the row's Edit button on close. A failure stays in the dialog.
 */
export function EditSponsorDialog({ sponsor, onClose }: { sponsor: Sponsor; onClose: () => void }) {
  const { api } = useStaff();
  const toast = useToast();
  const queryClient = useQueryClient();
  const uid = useId();
  const nameInput = useRef<HTMLInputElement | null>(null);
  const form = useMappedZodForm(
    sponsorUpdateSchema,
    { toInput: (values: SponsorEditValues) => changedSponsorFields(sponsor, values), fieldPath: (path) => path },
    { defaultValues: editValuesOf(sponsor) },
  );
  const { register, formState, setValue, setError, clearErrors } = form;
  const logo = useLogoPicker(
    (chosen) => {
      setValue('imageData', chosen?.imageData ?? '', { shouldDirty: true });
      setValue('fileName', chosen?.fileName ?? '');
      setValue('mimeType', chosen?.mimeType ?? '');
    },
    (message) => setError('imageData', { type: 'file', message }),
  );
  useUnsavedChanges(formState.isDirty);

  const save = useMutation({
    mutationFn: (changes: SponsorUpdateInput) => sponsorCalls.update(api, sponsor.id, changes),
    onSuccess: async (reply) => {
      toast.success(`${SPONSOR_MESSAGES.updated} (${reply.sponsor.name}) ${MESSAGES.publicChangeDelay}`);
      await invalidateSponsors(queryClient);
      onClose();
    },
    onError: (error) => {
      const fields = applyServerErrors(form, error, SPONSOR_MESSAGES.updateFailed);
      if (isLogoRefusal(error)) setError('imageData', { type: 'server', message: addFailure(error, SPONSOR_MESSAGES.updateFailed) });
      if (fields.length || isLogoRefusal(error)) clearErrors(SERVER_ERROR);
      else setError(SERVER_ERROR, { type: 'server', message: addFailure(error, SPONSOR_MESSAGES.updateFailed) });
    },
  });

  // Nothing changed: nothing to send, the dialog just closes.
  const submit = form.handleSubmit((changes) => (Object.keys(changes).length ? save.mutate(changes) : onClose()));
  const fail = serverError(form);
  const nameField = register('name');

  return (
    <Modal title={`Edit "${sponsor.name}"`} className="sponsors-admin-edit" initialFocus={nameInput} busy={save.isPending} onDismiss={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate className="sponsors-admin-form">
        <Field label="Sponsor name" required error={formState.errors.name?.message}>
          <input
            type="text"
            autoComplete="organization"
            {...nameField}
            ref={(element) => {
              nameField.ref(element);
              nameInput.current = element;
            }}
          />
        </Field>
        <Field label="Website" hint={WEBSITE_HINT} error={formState.errors.website?.message}>
          <input type="url" inputMode="url" autoComplete="url" placeholder="https://" {...register('website')} />
        </Field>
        <SponsorLogoField
          id={`${uid}-logo`}
          label="New logo"
          hint={`Optional: the current logo stays unless you choose another. ${LOGO_HINT}`}
          error={formState.errors.imageData?.message}
          disabled={save.isPending}
          picker={logo}
          current={sponsor.logo ? { src: sponsor.logo, alt: `${sponsor.name} current logo` } : undefined}
          onPick={() => clearErrors(SERVER_ERROR)}
        />
        {fail ? (
          <p className="alert alert-error" role="alert">
            {fail}
          </p>
        ) : null}
        <FormDialogActions onCancel={onClose} pending={save.isPending} blocked={logo.reading} submitLabel="Save" pendingLabel="Saving..." />
      </form>
    </Modal>
  );
}
