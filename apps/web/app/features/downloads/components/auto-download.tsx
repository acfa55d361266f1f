import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadUrl, files, type FileKey } from '../files';

/** Starts the file's download as the page opens, and offers the link in case it did not start. */
export function AutoDownload({ file }: { file: FileKey }) {
  const { t } = useTranslation();
  useEffect(() => {
    const link = document.createElement('a');
    link.href = downloadUrl(file);
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
  }, [file]);
  return (
    <div className="card download-card">
      <p>{t('downloads.started')}</p>
      <p className="download-actions">
        <a className="btn btn-primary" href={downloadUrl(file)} download>
          {t(`downloads.${file}`)}
        </a>
        <a href={files[file]}>{t('downloads.open')}</a>
      </p>
    </div>
  );
}
