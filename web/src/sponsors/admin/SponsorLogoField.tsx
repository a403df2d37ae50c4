import { useState, type ChangeEvent } from 'react';
import { SPONSOR_LOGO_BOX } from '@shared/sponsors-model.js';
import { UPLOAD_MESSAGES } from '@shared/uploads-model.js';
import { fieldIds } from '../../ui/Field.js';
import { cx } from '../../ui/cx.js';
import { base64OfDataUrl, imageFileProblem, readAsDataUrl } from '../../ui/upload.js';

/** A chosen logo as the API takes it (POST and PUT /sponsors): base64, with the file's name and type as hints. */
export interface ChosenLogo {
  imageData: string;
  fileName: string;
  mimeType: string;
}

/**
 * A logo file input's state, shared by the add form and the edit dialog: the file is checked
 * (5MB, image/*) and read when chosen, so the preview shows at once. `onChosen(null)` when the
 * choice is cleared or refused; `onProblem` with the refusal's words.
 */
export function useLogoPicker(onChosen: (logo: ChosenLogo | null) => void, onProblem: (message: string) => void) {
  const [preview, setPreview] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [inputKey, setInputKey] = useState(0);

  const clear = () => {
    onChosen(null);
    setPreview(null);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) {
      clear();
      return;
    }
    const problem = imageFileProblem(file);
    if (problem) {
      clear();
      event.target.value = '';
      onProblem(problem);
      return;
    }
    setReading(true);
    try {
      const dataUrl = await readAsDataUrl(file);
      onChosen({ imageData: base64OfDataUrl(dataUrl), fileName: file.name, mimeType: file.type });
      setPreview(dataUrl);
    } catch {
      clear();
      onProblem(UPLOAD_MESSAGES.fileReadFailed);
    } finally {
      setReading(false);
    }
  };

  /** Empties the input and the preview (after a save). */
  const reset = () => {
    setPreview(null);
    setInputKey((k) => k + 1);
  };

  return { preview, reading, inputKey, onFile, reset };
}

/**
 * The logo's label, its 150x80 box (the chosen file's preview, else `current`, else the box's
 * size), the file input, the hint and the error. Not a `Field`: the box sits between label and input.
 */
export function SponsorLogoField(props: {
  id: string;
  label: string;
  required?: boolean;
  hint: string;
  error?: string;
  disabled?: boolean;
  picker: Pick<ReturnType<typeof useLogoPicker>, 'preview' | 'inputKey' | 'onFile'>;
  /** The logo in use, shown until a new one is chosen (the edit dialog). */
  current?: { src: string; alt: string };
  /** Runs before the file is read (e.g. to clear the form's last server error). */
  onPick?: () => void;
}) {
  const { id, label, required = false, hint, error, disabled, picker, current, onPick } = props;
  const ids = fieldIds(id);
  const shown = picker.preview ? { src: picker.preview, alt: 'Chosen logo preview' } : current;
  return (
    <div className="field sponsors-admin-logo">
      <label htmlFor={id}>
        {label}
        {required ? (
          <>
            {' '}
            <span className="required-mark" aria-hidden="true">
              *
            </span>
          </>
        ) : null}
      </label>
      <div className="sponsors-admin-logo-row">
        <div className="sponsors-admin-logo-box" aria-hidden={shown ? undefined : true}>
          {shown ? <img src={shown.src} alt={shown.alt} width={SPONSOR_LOGO_BOX.width} height={SPONSOR_LOGO_BOX.height} /> : <span>150 × 80</span>}
        </div>
        <input
          key={picker.inputKey}
          id={id}
          type="file"
          accept="image/*"
          onChange={(e) => {
            onPick?.();
            void picker.onFile(e);
          }}
          disabled={disabled}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={cx(ids.hint, error ? ids.error : null)}
        />
      </div>
      <p id={ids.hint} className="field-hint">
        {hint}
      </p>
      {error ? (
        <p id={ids.error} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
