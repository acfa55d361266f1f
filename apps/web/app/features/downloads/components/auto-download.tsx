import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadUrl, fileUrl, type FileKey } from '../../../config/files';

/** Starts the edition's file's download as the page opens, and offers the link in case it did not start. */
export function AutoDownload({ file, year }: { file: FileKey; year: number }) {
  const { t } = useTranslation();
  useEffect(() => {
    const link = document.createElement('a');
    link.href = downloadUrl(file, year);
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
  }, [file, year]);
  return (
    <div className="card download-card">
      <p>{t('downloads.started')}</p>
      <p className="download-actions">
        <a className="btn btn-primary" href={downloadUrl(file, year)} download>
          {t(`downloads.${file}`)}
        </a>
        <a href={fileUrl(file, year)}>{t('downloads.open')}</a>
      </p>
    </div>
  );
}
