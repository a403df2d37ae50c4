import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import {
  TEMPLATE_MESSAGES,
  TEMPLATE_LABELS,
  TEMPLATE_NAMES,
  TEMPLATE_PLACEHOLDERS,
  isTemplateName,
  type EmailTemplate,
  type EmailTemplatesReply,
  type TemplateName,
} from '@shared/email-templates-model.js';
import { emailTemplateSchema } from '@shared/mail.js';
import { errorText } from '../../api/client.js';
import { useConfirmLeave, useUnsavedChanges } from '../../staff/unsavedChanges.js';
import { useStaff } from '../../staff/StaffContext.js';
import { Card } from '../../ui/Card.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { Field } from '../../ui/Field.js';
import { applyServerErrors, serverError, useZodForm } from '../../ui/form.js';
import { StateBlock } from '../../ui/StateBlock.js';
import { useToast } from '../../ui/ToastContext.js';
import { EMAILS_TEXT, PREVIEW_DEBOUNCE_MS, insertAt, sameTemplate, templateCalls, templatesQuery, templatesQueryKey, withReason } from './templatesApi.js';
import './emailsAdmin.css';

/** The dashboard's Email Templates tab (admins): choose a template, edit it with a live preview, test, reset, save. */
export default function EmailsTab() {
  const { api } = useStaff();
  const templates = useQuery(templatesQuery(api));
  const confirmLeave = useConfirmLeave();
  const [chosen, setChosen] = useState<TemplateName>('ticket');

  if (templates.isPending) return <StateBlock kind="loading" label={EMAILS_TEXT.loading} />;
  if (templates.isError) return <StateBlock kind="error" message={TEMPLATE_MESSAGES.loadTemplatesFailed} onRetry={() => void templates.refetch()} />;

  return (
    <div className="emails-tab">
      <div className="emails-chooser">
        <Field label="Template" hint="The e-mail to edit. Each has its own placeholders.">
          <select
            value={chosen}
            onChange={(e) => {
              const next = e.target.value;
              // Another template means another form: unsaved edits are confirmed away first.
              if (isTemplateName(next)) confirmLeave(() => setChosen(next));
            }}
          >
            {TEMPLATE_NAMES.map((name) => (
              <option key={name} value={name}>
                {TEMPLATE_LABELS[name]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <TemplateEditor key={chosen} name={chosen} saved={templates.data.templates[chosen]} byDefault={templates.data.defaults[chosen]} />
    </div>
  );
}

/** The narrowest screen an e-mail is read on: a narrower preview shows the e-mail at this width, scaled down. */
const MIN_MAIL_WIDTH = 360;

/**
 * The e-mail in a sandboxed frame (no scripts, no same-origin access). Where the preview is
 * narrower than a phone (the dashboard on a phone), the e-mail is laid out at a phone's width
 * and scaled down to fit, as the reader's phone would show it, rather than cut off at the side.
 */
function PreviewFrame({ title, html }: { title: string; html: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = width > 0 && width < MIN_MAIL_WIDTH ? width / MIN_MAIL_WIDTH : 1;
  const style = scale < 1 ? { width: `${MIN_MAIL_WIDTH}px`, height: `${100 / scale}%`, transform: `scale(${scale})`, transformOrigin: '0 0' } : undefined;
  return (
    <div ref={box} className="emails-preview-box">
      <iframe className="emails-preview-frame" title={title} sandbox="" srcDoc={html} style={style} />
    </div>
  );
}

/** `value`, once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type TemplateField = keyof EmailTemplate;

function TemplateEditor({ name, saved, byDefault }: { name: TemplateName; saved: EmailTemplate; byDefault: EmailTemplate }) {
  const { api, session } = useStaff();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useZodForm(emailTemplateSchema, { defaultValues: saved });
  const { register, control, formState, setValue, getValues, reset } = form;
  const errors = formState.errors;
  const [confirmReset, setConfirmReset] = useState(false);
  useUnsavedChanges(formState.isDirty);

  // Where a placeholder goes: the field last focused (the HTML until the subject is).
  const fields = useRef<Record<TemplateField, HTMLInputElement | HTMLTextAreaElement | null>>({ subjectTemplate: null, htmlTemplate: null });
  const lastField = useRef<TemplateField>('htmlTemplate');
  const subjectField = register('subjectTemplate');
  const htmlField = register('htmlTemplate');

  const subjectTemplate = useWatch({ control, name: 'subjectTemplate' }) ?? '';
  const htmlTemplate = useWatch({ control, name: 'htmlTemplate' }) ?? '';
  const draft = useDebounced(`${subjectTemplate}\u0000${htmlTemplate}`, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: [...templatesQueryKey, 'preview', name, draft] as const,
    queryFn: ({ signal }) => {
      const [subject, html] = draft.split('\u0000');
      return templateCalls.preview(api, name, { subjectTemplate: subject, htmlTemplate: html }, signal);
    },
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    // Each draft is its own entry: old drafts (up to 100 KB of HTML each) leave the cache soon.
    gcTime: 30_000,
    retry: false,
  });

  const storeTemplates = (templates: EmailTemplatesReply['templates']) => {
    queryClient.setQueryData<EmailTemplatesReply>(templatesQueryKey, (old) => (old ? { ...old, templates } : old));
    reset(templates[name]);
  };

  const save = useMutation({
    mutationFn: (input: EmailTemplate) => templateCalls.save(api, name, input),
    onSuccess: (reply) => {
      storeTemplates(reply.templates);
      toast.success(TEMPLATE_MESSAGES.templateSaved);
    },
    onError: (error) => {
      applyServerErrors(form, error, TEMPLATE_MESSAGES.saveFailed);
      toast.error(withReason(TEMPLATE_MESSAGES.saveFailed, errorText(error, TEMPLATE_MESSAGES.saveFailed)));
    },
  });

  const sendTest = useMutation({
    mutationFn: () => templateCalls.sendTest(api, name, getValues()),
    onSuccess: (reply) => toast.success(reply.message),
    onError: (error) => toast.error(withReason(EMAILS_TEXT.testFailed, errorText(error, EMAILS_TEXT.testFailed))),
  });

  const resetToDefault = useMutation({
    mutationFn: () => templateCalls.reset(api, name),
    onSuccess: (reply) => {
      storeTemplates(reply.templates);
      setConfirmReset(false);
      toast.success(reply.message ?? TEMPLATE_MESSAGES.templateReset);
    },
  });

  const insert = (placeholder: string) => {
    const field = lastField.current;
    const element = fields.current[field];
    const current = getValues(field) ?? '';
    const { text, caret } = insertAt(current, `{{${placeholder}}}`, element?.selectionStart ?? current.length, element?.selectionEnd ?? current.length);
    setValue(field, text, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    element?.focus();
    element?.setSelectionRange(caret, caret);
  };

  const submit = form.handleSubmit((input) => save.mutate(input));
  const fail = serverError(form);
  const isDefault = sameTemplate(saved, byDefault);
  const label = TEMPLATE_LABELS[name];

  return (
    <div className="emails-workspace">
      <form className="emails-form" onSubmit={(e) => void submit(e)} noValidate aria-label={`${label} template`}>
        <Card as="section" className="emails-card">
          <div className="emails-card-head">
            <h3>{label} e-mail</h3>
            <span className={isDefault ? 'emails-badge' : 'emails-badge emails-badge--custom'}>{isDefault ? 'Default template' : 'Customised'}</span>
          </div>
          <Field label="Subject" required error={errors.subjectTemplate?.message}>
            <input
              type="text"
              className="emails-code"
              spellCheck={false}
              autoCapitalize="none"
              {...subjectField}
              ref={(element) => {
                subjectField.ref(element);
                fields.current.subjectTemplate = element;
              }}
              onFocus={() => (lastField.current = 'subjectTemplate')}
            />
          </Field>
          <Field label="HTML" required error={errors.htmlTemplate?.message}>
            <textarea
              rows={18}
              className="emails-code emails-html"
              spellCheck={false}
              autoCapitalize="none"
              autoCorrect="off"
              wrap="off"
              {...htmlField}
              ref={(element) => {
                htmlField.ref(element);
                fields.current.htmlTemplate = element;
              }}
              onFocus={() => (lastField.current = 'htmlTemplate')}
            />
          </Field>
          <div className="emails-placeholders" role="group" aria-labelledby={`emails-placeholders-${name}`}>
            <p id={`emails-placeholders-${name}`} className="emails-placeholders-title">
              Placeholders
            </p>
            <p className="field-hint">Click one to insert it at the cursor in the subject or the HTML. Attendee details stay in double braces, as here.</p>
            <ul>
              {TEMPLATE_PLACEHOLDERS[name].map((placeholder) => (
                <li key={placeholder}>
                  <button type="button" className="emails-placeholder" onMouseDown={(e) => e.preventDefault()} onClick={() => insert(placeholder)} aria-label={`Insert ${placeholder}`}>
                    {`{{${placeholder}}}`}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </Card>

        <div className="emails-actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {save.isPending ? EMAILS_TEXT.saving : EMAILS_TEXT.save}
          </button>
          <button type="button" className="btn btn-outline" disabled={sendTest.isPending} aria-busy={sendTest.isPending || undefined} onClick={() => sendTest.mutate()}>
            {sendTest.isPending ? EMAILS_TEXT.sendingTest : EMAILS_TEXT.sendTest}
          </button>
          <button type="button" className="btn btn-outline" disabled={isDefault && !formState.isDirty} onClick={() => setConfirmReset(true)}>
            {EMAILS_TEXT.reset}
          </button>
        </div>
        <p className="field-hint emails-test-hint">The test e-mail uses sample data and the text above (saved or not), and goes to {session.email}.</p>
        {fail ? (
          <p className="field-error" role="alert">
            {withReason(TEMPLATE_MESSAGES.saveFailed, fail)}
          </p>
        ) : null}
      </form>

      <Card as="section" className="emails-card emails-preview" aria-label="Preview">
        <div className="emails-card-head">
          <h3>Preview</h3>
          <span className="emails-preview-status" role="status">
            {preview.isFetching ? EMAILS_TEXT.previewing : ''}
          </span>
        </div>
        <p className="field-hint">Rendered by the server with sample data, as it would be sent, before saving.</p>
        {preview.isError ? (
          <p className="field-error emails-preview-error">{errorText(preview.error, EMAILS_TEXT.previewFailed)}</p>
        ) : preview.data ? (
          <>
            <p className="emails-preview-subject">
              <span>Subject</span> {preview.data.subject}
            </p>
            <PreviewFrame title={`Preview of the ${label.toLowerCase()} e-mail`} html={preview.data.html} />
          </>
        ) : (
          <StateBlock kind="loading" label="Rendering preview..." />
        )}
      </Card>

      <ConfirmDialog
        open={confirmReset}
        title={`Reset the ${label.toLowerCase()} e-mail to its default?`}
        confirmLabel={EMAILS_TEXT.reset}
        busy={resetToDefault.isPending}
        busyLabel={EMAILS_TEXT.resetting}
        tone="danger"
        error={resetToDefault.isError ? errorText(resetToDefault.error, EMAILS_TEXT.resetFailed) : undefined}
        onConfirm={() => resetToDefault.mutate()}
        onCancel={() => {
          setConfirmReset(false);
          resetToDefault.reset();
        }}
      >
        <p>The saved subject and HTML of this template are replaced by the default, and any unsaved edits here are dropped. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
