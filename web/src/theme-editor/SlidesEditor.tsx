import { useState } from 'react';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { MAX_SLIDES } from '@shared/constants.js';
import { THEME_MESSAGES } from '@shared/theme.js';
import type { Theme } from '@shared/theme-model.js';
import type { UploadReply, UploadRequest } from '@shared/uploads-model.js';
import { Card } from '../ui/Card.js';
import { Field } from '../ui/Field.js';
import { ImageUpload } from '../ui/ImageUpload.js';
import { canAddSlide, canRemoveSlide, newSlide, type ThemeFormValues } from './themeForm.js';

interface Props {
  control: Control<ThemeFormValues, unknown, Theme>;
  register: UseFormRegister<ThemeFormValues>;
  setValue: UseFormSetValue<ThemeFormValues>;
  errors: FieldErrors<ThemeFormValues>;
  upload: (body: UploadRequest) => Promise<UploadReply>;
}

/** The hero slider's slides (SPEC §2, §5): 1 to 5, added, removed and reordered; each with its image and texts. */
export function SlidesEditor({ control, register, setValue, errors, upload }: Props) {
  const slides = useFieldArray({ control, name: 'slides', keyName: 'key' });
  const images = useWatch({ control, name: 'slides' }) ?? [];
  const [limit, setLimit] = useState<string | null>(null);
  const [imageKeys, setImageKeys] = useState<Record<string, number>>({});
  const count = slides.fields.length;
  const listError = errors.slides?.root?.message ?? errors.slides?.message;

  const add = () => {
    if (!canAddSlide(count)) return setLimit(THEME_MESSAGES.maxSlides);
    setLimit(null);
    slides.append(newSlide(images));
  };
  const remove = (index: number) => {
    if (!canRemoveSlide(count)) return setLimit(THEME_MESSAGES.minSlides);
    setLimit(null);
    slides.remove(index);
  };

  return (
    <div className="theme-slides">
      <p className="theme-slides-count" aria-live="polite">
        {count} of {MAX_SLIDES} slides. The slider shows them in this order.
      </p>
      <ol className="theme-slides-list">
        {slides.fields.map((slide, index) => {
          const image = images[index]?.image ?? '';
          const slideErrors = errors.slides?.[index];
          const name = `Slide ${index + 1}`;
          return (
            <Card as="li" key={slide.key} className="theme-slide" aria-label={name}>
              <div className="theme-slide-head">
                <h4>{name}</h4>
                <div className="theme-slide-actions">
                  <button type="button" className="btn btn-outline btn-small" onClick={() => slides.move(index, index - 1)} disabled={index === 0} aria-label={`Move slide ${index + 1} up`}>
                    Up
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline btn-small"
                    onClick={() => slides.move(index, index + 1)}
                    disabled={index === count - 1}
                    aria-label={`Move slide ${index + 1} down`}
                  >
                    Down
                  </button>
                  <button type="button" className="btn btn-outline btn-small" onClick={() => remove(index)} aria-label={`Remove slide ${index + 1}`}>
                    Remove
                  </button>
                </div>
              </div>
              <ImageUpload
                key={`${slide.key}-${imageKeys[slide.key] ?? 0}`}
                label={`${name} image`}
                name={slide.id}
                value={image}
                upload={upload}
                onUploaded={(url) => setValue(`slides.${index}.image`, url, { shouldDirty: true, shouldValidate: true })}
                hint="A wide photo (landscape); phones get a smaller copy. At most 5MB."
                previewAlt={`${name} image preview`}
              />
              {slideErrors?.image?.message ? <p className="field-error">{slideErrors.image.message}</p> : null}
              {image ? (
                <button
                  type="button"
                  className="btn btn-outline btn-small theme-remove-image"
                  onClick={() => {
                    setValue(`slides.${index}.image`, '', { shouldDirty: true });
                    setImageKeys((keys) => ({ ...keys, [slide.key]: (keys[slide.key] ?? 0) + 1 }));
                  }}
                >
                  Remove {name.toLowerCase()} image
                </button>
              ) : null}
              <div className="theme-grid">
                <Field label={`${name} title`} error={slideErrors?.title?.message}>
                  <input type="text" {...register(`slides.${index}.title`)} />
                </Field>
                <Field label={`${name} subtitle`} error={slideErrors?.subtitle?.message}>
                  <input type="text" {...register(`slides.${index}.subtitle`)} />
                </Field>
              </div>
              <Field label={`${name} description`} error={slideErrors?.description?.message}>
                <textarea rows={2} {...register(`slides.${index}.description`)} />
              </Field>
              <div className="theme-grid">
                <Field label={`${name} button text`} error={slideErrors?.buttonText?.message}>
                  <input type="text" {...register(`slides.${index}.buttonText`)} />
                </Field>
                <Field label={`${name} button link`} hint="#events, #about, a path such as /volunteer, or https://..." error={slideErrors?.buttonLink?.message}>
                  <input type="text" autoCapitalize="none" spellCheck={false} {...register(`slides.${index}.buttonLink`)} />
                </Field>
              </div>
            </Card>
          );
        })}
      </ol>
      {limit || listError ? (
        <p className="field-error" role="alert">
          {limit ?? listError}
        </p>
      ) : null}
      <button type="button" className="btn btn-outline" onClick={add}>
        Add slide
      </button>
    </div>
  );
}
