import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { errorText } from '../api/client.js';
import { cx } from './cx.js';
import { fieldIds } from './Field.js';
import { UPLOAD_MESSAGES, type UploadReply, type UploadRequest } from '@shared/uploads-model.js';
import { UI_TEXT } from './messages.js';
import { base64OfDataUrl, imageFileProblem, readAsDataUrl } from './upload.js';
import './ui.css';

export interface ImageUploadProps {
  label: string;
  /** The `name` sent with the upload (what the image is for, e.g. 'logo', 'slide1'). */
  name: string;
  /** The current image's URL, shown as the preview until a new one is chosen. */
  value?: string;
  /** Sends the body of POST /upload; the caller wires the endpoint (e.g. an authenticated client). */
  upload: (body: UploadRequest) => Promise<Pick<UploadReply, 'imageUrl'>>;
  /** Called with the stored image's URL after a successful upload. */
  onUploaded?: (imageUrl: string) => void;
  hint?: ReactNode;
  /** The fallback message of a failed upload. */
  failureMessage?: string;
  disabled?: boolean;
  previewAlt?: string;
  className?: string;
}

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'error'; message: string } | { kind: 'done' };

/**
 * A file input with a preview. Files over 5MB or not image/* are refused before anything
 * is sent; the file is read as base64 and handed to `upload`.
 */
export function ImageUpload({
  label,
  name,
  value,
  upload,
  onUploaded,
  hint,
  failureMessage = UPLOAD_MESSAGES.uploadFailed,
  disabled = false,
  previewAlt,
  className,
}: ImageUploadProps) {
  const id = useId();
  const ids = fieldIds(id);
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const shown = preview ?? value ?? '';

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      setStatus({ kind: 'error', message: problem });
      if (input.current) input.current.value = '';
      return;
    }
    setStatus({ kind: 'busy' });
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch {
      setStatus({ kind: 'error', message: UPLOAD_MESSAGES.fileReadFailed });
      return;
    }
    setPreview(dataUrl);
    try {
      const reply = await upload({ name, imageData: base64OfDataUrl(dataUrl), fileName: file.name, mimeType: file.type });
      setStatus({ kind: 'done' });
      onUploaded?.(reply.imageUrl);
    } catch (error) {
      setStatus({ kind: 'error', message: errorText(error, failureMessage) });
    }
  };

  const error = status.kind === 'error' ? status.message : undefined;
  const describedBy = [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cx('field ui-upload', className)}>
      <label htmlFor={id}>{label}</label>
      <div className="ui-upload-row">
        {shown ? <img className="ui-upload-preview" src={shown} alt={previewAlt ?? `${label} preview`} /> : null}
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          onChange={(e) => void onChange(e)}
          disabled={disabled || status.kind === 'busy'}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
        />
      </div>
      {hint ? (
        <p id={ids.hint} className="field-hint">
          {hint}
        </p>
      ) : null}
      <p className="ui-upload-status" role="status">
        {status.kind === 'busy' ? UI_TEXT.uploading : ''}
      </p>
      {error ? (
        <p id={ids.error} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
