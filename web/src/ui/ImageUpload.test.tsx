import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.js';
import { ImageUpload } from './ImageUpload.js';
import { UPLOAD_MESSAGES } from '@shared/uploads-model.js';

// The first bytes of a PNG file: enough for the browser side, which only checks size and type.
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const PNG_BASE64 = btoa(String.fromCharCode(...PNG_BYTES));

function setup(upload = vi.fn(async () => ({ imageUrl: 'https://files.example/logo.webp' }))) {
  const onUploaded = vi.fn();
  render(<ImageUpload label="Logo" name="logo" upload={upload} onUploaded={onUploaded} hint="Recommended 150x80px" />);
  return { upload, onUploaded, input: screen.getByLabelText('Logo') as HTMLInputElement };
}

afterEach(() => vi.restoreAllMocks());

describe('ImageUpload', () => {
  it('refuses a file over 5MB before sending anything', async () => {
    const user = userEvent.setup();
    const { upload, input } = setup();
    await user.upload(input, new File([new Uint8Array(6 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
    expect(screen.getByRole('alert').textContent).toBe(UPLOAD_MESSAGES.fileTooLarge);
    expect(UPLOAD_MESSAGES.fileTooLarge).toBe('File too large. Maximum size is 5MB.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image', async () => {
    // As if the person switched the file dialog to "All files": the accept filter does not stop them.
    const user = userEvent.setup({ applyAccept: false });
    const { upload, input } = setup();
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select a valid image file.');
    expect(upload).not.toHaveBeenCalled();
  });

  it('sends a small PNG as base64 with its name and type, shows the preview, reports the URL', async () => {
    const user = userEvent.setup();
    const { upload, onUploaded, input } = setup();
    await user.upload(input, new File([PNG_BYTES], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith('https://files.example/logo.webp'));
    expect(upload).toHaveBeenCalledWith({ name: 'logo', imageData: PNG_BASE64, fileName: 'logo.png', mimeType: 'image/png' });
    const preview = screen.getByRole('img', { name: 'Logo preview' }) as HTMLImageElement;
    expect(preview.src).toBe(`data:image/png;base64,${PNG_BASE64}`);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    const { input } = setup(vi.fn(async () => Promise.reject(new ApiError('Unsupported image type', 400, 'Unsupported image type'))));
    await user.upload(input, new File([PNG_BYTES], 'logo.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Unsupported image type');
  });

  it("says 'Failed to read file' when the browser cannot read it", async () => {
    vi.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (this: FileReader) {
      this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>);
    });
    const user = userEvent.setup();
    const { upload, input } = setup();
    await user.upload(input, new File([PNG_BYTES], 'logo.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to read file');
    expect(upload).not.toHaveBeenCalled();
  });
});
