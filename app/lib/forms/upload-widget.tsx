/**
 * rjsf widget for a file answer (`'ui:widget': 'upload'`, `'ui:options': { folder }`): the file is
 * uploaded as soon as it is chosen and the answer holds its id. Names of files already on record
 * come from the form context (`fileNames`, by id).
 */
import type { WidgetProps } from '@rjsf/utils';
import { useState, type ChangeEvent } from 'react';
import { REGISTRATION_UPLOAD_FOLDER, UPLOAD_FOLDERS, type UploadFolder } from '../../../common/api/uploads';
import { UploadError, UPLOAD_FAILED_MESSAGE, uploadFile } from '../upload';

export interface UploadFormContext {
  fileNames?: Record<string, string>;
  /** Told the name of each file uploaded, so a screen can keep it (the registration wizard stores it with the answers). */
  onFileUploaded?: (file: { id: string; fileName: string }) => void;
}

function folderOf(options: WidgetProps['options']): UploadFolder {
  const folders: readonly UploadFolder[] = [...UPLOAD_FOLDERS, REGISTRATION_UPLOAD_FOLDER];
  const folder = folders.find((candidate) => candidate === options.folder);
  if (!folder) {
    throw new Error('An upload field needs a folder in its ui:options');
  }
  return folder;
}

export function UploadWidget({ id, value, onChange, disabled, readonly, options, registry }: WidgetProps) {
  const formContext = registry.formContext as UploadFormContext | undefined;
  const fileNames = formContext?.fileNames ?? {};
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  const [status, setStatus] = useState<'idle' | 'uploading' | 'failed'>('idle');
  const [error, setError] = useState<string | null>(null);
  const currentName = typeof value === 'string' ? (uploadedName ?? fileNames[value] ?? 'A file is on record') : null;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) {
      return;
    }
    setStatus('uploading');
    setError(null);
    try {
      const uploaded = await uploadFile(file, folderOf(options));
      setUploadedName(uploaded.fileName);
      formContext?.onFileUploaded?.(uploaded);
      setStatus('idle');
      onChange(uploaded.id);
    } catch (caught) {
      setStatus('failed');
      setError(caught instanceof UploadError ? caught.message : UPLOAD_FAILED_MESSAGE);
    }
    event.target.value = '';
  };

  return (
    <div className="upload-widget">
      {currentName !== null && (
        <p className="upload-widget__current">
          Uploaded: <strong>{currentName}</strong>
        </p>
      )}
      <input
        id={id}
        type="file"
        className="upload-widget__input"
        disabled={disabled || readonly || status === 'uploading'}
        aria-describedby={`${id}__help${error ? ` ${id}__upload-error` : ''}`}
        onChange={(event) => void choose(event)}
      />
      <p className="upload-widget__status" role="status">
        {status === 'uploading' ? 'Uploading…' : ''}
      </p>
      {error && (
        <p id={`${id}__upload-error`} className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
