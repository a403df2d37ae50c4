import { useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch, type FieldPath } from 'react-hook-form';
import { SUCCESS_MESSAGE_CLEAR_MS } from '@shared/constants.js';
import { MESSAGES } from '@shared/messages.js';
import { themeSchema } from '@shared/theme.js';
import type { Theme } from '@shared/theme-model.js';
import { useUnsavedChanges } from '../staff/unsavedChanges.js';
import { useStaff } from '../staff/StaffContext.js';
import { Card } from '../ui/Card.js';
import { Field } from '../ui/Field.js';
import { applyServerErrors, serverError, useMappedZodForm } from '../ui/form.js';
import { ImageUpload } from '../ui/ImageUpload.js';
import { StateBlock } from '../ui/StateBlock.js';
import { ThemeContext } from '../theme/ThemeContext.js';
import { ColourFields } from './ColourFields.js';
import { SlidesEditor } from './SlidesEditor.js';
import { ThemePreview } from './ThemePreview.js';
import { themeCalls, themeQuery, themeQueryKey } from './themeApi.js';
import { themeFieldPath, themeFormMapping, themeToValues, valuesToTheme, type ThemeFormValues } from './themeForm.js';
import './themeAdmin.css';

export const THEME_TAB_TEXT = {
  loading: 'Loading theme settings...',
  invalid: 'Some fields need attention: see the messages in red.',
  saving: 'Saving...',
  save: 'Save Theme',
  faviconHint: 'Recommended 16x16 or 32x32 pixels.',
  cssHint: 'Added to every public page after the site\'s own styles. "<" is not allowed.',
} as const;

/** The dashboard's Theme tab (admins): every field of the theme (SPEC §2, §3), with a live preview. */
export default function ThemeTab() {
  const { api } = useStaff();
  const theme = useQuery(themeQuery(api));
  if (theme.isPending) return <StateBlock kind="loading" label={THEME_TAB_TEXT.loading} />;
  if (theme.isError) return <StateBlock kind="error" message={MESSAGES.themeLoadFailed} onRetry={() => void theme.refetch()} />;
  return <ThemeForm theme={theme.data} />;
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Card as="section" className={`theme-section ${className ?? ''}`} aria-label={title}>
      <h3>{title}</h3>
      {children}
    </Card>
  );
}

/** A theme image: upload (re-encoded by the server), preview, and a way to go back to none. */
function ThemeImage({ label, name, value, hint, onChange, error, upload }: {
  label: string;
  name: string;
  value: string;
  hint?: string;
  error?: string;
  onChange: (url: string) => void;
  upload: Parameters<typeof ImageUpload>[0]['upload'];
}) {
  const [resetKey, setResetKey] = useState(0);
  return (
    <div className="theme-image">
      <ImageUpload key={resetKey} label={label} name={name} value={value} upload={upload} onUploaded={onChange} hint={hint} previewAlt={`${label} preview`} />
      {error ? <p className="field-error">{error}</p> : null}
      {value ? (
        <button
          type="button"
          className="btn btn-outline btn-small theme-remove-image"
          onClick={() => {
            onChange('');
            setResetKey((k) => k + 1);
          }}
        >
          Remove {label.toLowerCase()}
        </button>
      ) : null}
    </div>
  );
}

function ThemeForm({ theme }: { theme: Theme }) {
  const { api } = useStaff();
  const queryClient = useQueryClient();
  const site = useContext(ThemeContext);
  const initial = useMemo(() => themeToValues(theme), [theme]);
  const form = useMappedZodForm(themeSchema, themeFormMapping, { defaultValues: initial });
  const { register, control, formState, setValue, getValues, reset } = form;
  const errors = formState.errors;
  const [saved, setSaved] = useState(false);
  const values = useWatch({ control }) as ThemeFormValues;
  const draft = useMemo(() => valuesToTheme({ ...initial, ...values }), [initial, values]);
  useUnsavedChanges(formState.isDirty);

  // SPEC §4/§9: the success message clears after 3 s.
  useEffect(() => {
    if (!saved) return undefined;
    const timer = window.setTimeout(() => setSaved(false), SUCCESS_MESSAGE_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [saved]);

  const upload = (body: Parameters<typeof themeCalls.upload>[1]) => themeCalls.upload(api, body);
  const setImage = (name: FieldPath<ThemeFormValues>) => (url: string) => setValue(name, url, { shouldDirty: true, shouldValidate: true });

  const save = useMutation({
    mutationFn: (input: Theme) => themeCalls.save(api, input),
    onMutate: () => setSaved(false),
    onSuccess: (reply) => {
      reset(themeToValues(reply.theme));
      queryClient.setQueryData(themeQueryKey, reply.theme);
      // The open site shows the saved theme at once (its colours, name, logo, slides).
      site.apply?.(reply.theme);
      setSaved(true);
    },
    onError: (error) => {
      applyServerErrors(form, error, MESSAGES.themeSaveFailed, (path) => themeFieldPath(path, getValues()));
    },
  });

  const submit = form.handleSubmit(
    (input) => save.mutate(input),
    () => setSaved(false),
  );
  const fail = serverError(form);
  const failText = fail && fail !== MESSAGES.themeSaveFailed ? `${MESSAGES.themeSaveFailed}: ${fail}` : fail;
  const invalid = !fail && formState.submitCount > 0 && Object.keys(errors).length > 0;
  const about = errors.aboutSection;

  return (
    <div className="theme-tab">
      <form className="theme-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Theme">
        <Section title="Site">
          <div className="theme-grid">
            <Field label="Site name" required error={errors.siteName?.message}>
              <input type="text" {...register('siteName')} />
            </Field>
            <Field label="Contact e-mail" error={errors.contactEmail?.message}>
              <input type="email" autoCapitalize="none" spellCheck={false} {...register('contactEmail')} />
            </Field>
          </div>
          <Field label="Site description" error={errors.siteDescription?.message}>
            <textarea rows={2} {...register('siteDescription')} />
          </Field>
        </Section>

        <Section title="Colours">
          <ColourFields control={control} register={register} setValue={setValue} errors={errors} />
        </Section>

        <Section title="Logo, favicon and header image">
          <div className="theme-images">
            <ThemeImage label="Logo" name="logo" value={draft.logoImage} onChange={setImage('logoImage')} error={errors.logoImage?.message} upload={upload} />
            <ThemeImage
              label="Favicon"
              name="favicon"
              value={draft.favicon}
              hint={THEME_TAB_TEXT.faviconHint}
              onChange={setImage('favicon')}
              error={errors.favicon?.message}
              upload={upload}
            />
            <ThemeImage label="Header image" name="headerImage" value={draft.headerImage} onChange={setImage('headerImage')} error={errors.headerImage?.message} upload={upload} />
          </div>
        </Section>

        <Section title="Header and footer">
          <div className="theme-grid">
            <Field label="Header text" error={errors.headerText?.message}>
              <input type="text" {...register('headerText')} />
            </Field>
            <Field label="Header subtext" error={errors.headerSubtext?.message}>
              <input type="text" {...register('headerSubtext')} />
            </Field>
          </div>
          <Field label="Footer text" error={errors.footerText?.message}>
            <textarea rows={2} {...register('footerText')} />
          </Field>
        </Section>

        <Section title="Social links">
          <div className="theme-grid">
            {(['website', 'facebook', 'instagram', 'twitter'] as const).map((key) => (
              <Field key={key} label={key === 'website' ? 'Website' : key[0].toUpperCase() + key.slice(1)} hint={key === 'website' ? 'Also the navbar\'s Home link.' : undefined} error={errors.socialLinks?.[key]?.message}>
                <input type="url" inputMode="url" autoCapitalize="none" spellCheck={false} placeholder="https://" {...register(`socialLinks.${key}`)} />
              </Field>
            ))}
          </div>
        </Section>

        <Section title="Slider">
          <SlidesEditor control={control} register={register} setValue={setValue} errors={errors} upload={upload} />
        </Section>

        <Section title="About section">
          <div className="theme-grid">
            <Field label="Main title" error={about?.mainTitle?.message}>
              <input type="text" {...register('aboutSection.mainTitle')} />
            </Field>
            <Field label="Subtitle" error={about?.subtitle?.message}>
              <input type="text" {...register('aboutSection.subtitle')} />
            </Field>
          </div>
          <Field label="Content title" error={about?.contentTitle?.message}>
            <input type="text" {...register('aboutSection.contentTitle')} />
          </Field>
          <Field label="Description" hint="A blank line starts a new paragraph." error={about?.description?.message}>
            <textarea rows={5} {...register('aboutSection.description')} />
          </Field>
          <ThemeImage label="About image" name="aboutImage" value={draft.aboutSection.image} onChange={setImage('aboutSection.image')} error={about?.image?.message} upload={upload} />
          <Field label="Image alt text" hint="What the image shows, for people who cannot see it." error={about?.imageAlt?.message}>
            <input type="text" {...register('aboutSection.imageAlt')} />
          </Field>
          <div className="theme-features">
            {(['feature1', 'feature2', 'feature3'] as const).map((key, i) => (
              <fieldset key={key} className="theme-feature">
                <legend>Feature {i + 1}</legend>
                <Field label={`Feature ${i + 1} icon`} hint="An emoji or up to 2 characters." error={about?.[key]?.icon?.message}>
                  <input type="text" className="theme-icon-input" {...register(`aboutSection.${key}.icon`)} />
                </Field>
                <Field label={`Feature ${i + 1} title`} error={about?.[key]?.title?.message}>
                  <input type="text" {...register(`aboutSection.${key}.title`)} />
                </Field>
                <Field label={`Feature ${i + 1} description`} error={about?.[key]?.description?.message}>
                  <textarea rows={2} {...register(`aboutSection.${key}.description`)} />
                </Field>
              </fieldset>
            ))}
          </div>
        </Section>

        <Section title="Custom CSS">
          <Field label="Custom CSS" hint={THEME_TAB_TEXT.cssHint} error={errors.customCSS?.message}>
            <textarea rows={6} className="theme-css" spellCheck={false} autoCapitalize="none" {...register('customCSS')} />
          </Field>
        </Section>

        <div className="theme-savebar">
          <button type="submit" className="btn btn-primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {save.isPending ? THEME_TAB_TEXT.saving : THEME_TAB_TEXT.save}
          </button>
          {/* One column on narrow screens puts the preview after the whole form: a way there. */}
          <a className="theme-preview-jump" href="#theme-preview">
            See preview
          </a>
          <div className="theme-save-status" role="status" aria-live="polite">
            {saved ? (
              <>
                <span className="theme-saved">{MESSAGES.themeSaved}</span> <span>{MESSAGES.publicChangeDelay}</span>
              </>
            ) : null}
          </div>
          {failText || invalid ? (
            <p className="field-error theme-save-error" role="alert">
              {failText ?? THEME_TAB_TEXT.invalid}
            </p>
          ) : null}
        </div>
      </form>

      {/* Focusable: on a wide screen the preview scrolls on its own, and its content is inert, so the
          panel itself must take the focus for the keyboard to scroll it (WCAG 2.1.1). */}
      <aside className="theme-preview-panel" aria-label="Preview" id="theme-preview" tabIndex={0}>
        <h3>Preview</h3>
        <p className="theme-preview-note">The public landing page with these settings, before saving. Custom CSS applies after saving.</p>
        <div className="theme-preview-frame">
          <ThemePreview theme={draft} />
        </div>
      </aside>
    </div>
  );
}
