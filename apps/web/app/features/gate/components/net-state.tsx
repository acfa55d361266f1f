import { useTranslation } from 'react-i18next';
import { useOnline } from '../../../lib/use-online';
import '../../../components/scan/scan.css';

/** 'En ligne' / 'Hors ligne': whether what is checked now reaches the server now or later. */
export function NetState() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <span className={online ? 'net net-online' : 'net net-offline'} data-testid="gate-online">
      {online ? t('scanner.online') : t('scanner.offline')}
    </span>
  );
}
