import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Media } from '@salon/shared';

/**
 * Files of the exhibitor's page (its logo, its PDFs): the ones chosen, each with its 'Retirer',
 * and a button that uploads one more (the server checks its content, the page keeps its id).
 */
export function FilePicker({
  legend,
  hint,
  accept,
  choose,
  files,
  empty,
  full,
  upload,
  onUploaded,
  onRemove,
  removeLabel,
  error,
}: {
  legend: string;
  hint: string;
  accept: string;
  choose: string;
  files: Media[];
  empty: string;
  /** No more files may be added. */
  full: boolean;
  upload: (file: File) => Promise<Media>;
  onUploaded: (media: Media) => void;
  onRemove: (media: Media) => void;
  removeLabel: (media: Media) => string;
  /** A message key of the server's refusal (validation.*). */
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; failed: string | null }>({ busy: false, failed: null });
  const send = async (file: File | undefined) => {
    if (!file) return;
    setState({ busy: true, failed: null });
    try {
      onUploaded(await upload(file));
      setState({ busy: false, failed: null });
    } catch (err) {
      setState({ busy: false, failed: (err as Error).message });
    }
  };
  return (
    <fieldset className="page-fieldset" aria-describedby={`${id}-hint`}>
      <legend>{legend}</legend>
      <p className="form-hint" id={`${id}-hint`}>
        {hint}
      </p>
      {files.length === 0 ? (
        <p className="page-empty">{empty}</p>
      ) : (
        <ul className="page-files">
          {files.map((media) => (
            <li key={media.id}>
              {media.mime.startsWith('image/') ? <img src={media.url} alt="" width="48" height="48" /> : null}
              <a href={media.url}>{media.name}</a>
              <button type="button" className="btn btn-outline page-remove" onClick={() => onRemove(media)}>
                {removeLabel(media)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <label className="btn btn-outline page-upload">
          {state.busy ? t('exhibitorPage.edit.uploading') : choose}
          <input
            type="file"
            accept={accept}
            className="visually-hidden"
            disabled={state.busy}
            onChange={(event) => {
              void send(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
      )}
      {state.failed && (
        <p className="field-error" role="alert">
          {t('exhibitorPage.edit.uploadFailed', { message: state.failed })}
        </p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {t(`validation.${error}`)}
        </p>
      )}
    </fieldset>
  );
}
