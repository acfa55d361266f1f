import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LANGUAGES } from '@salon/shared';
import { switchLanguage } from '../../lib/i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <div className="lang-switch" role="group" aria-label={t('lang.label')}>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={i18n.language === lang}
          onClick={() => {
            void switchLanguage(i18n, lang).then(() => {
              // A ?lang= in the address would undo the choice on reload.
              const params = new URLSearchParams(location.search);
              if (params.has('lang')) {
                params.delete('lang');
                const search = params.toString();
                void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
              }
            });
          }}
        >
          {t(`lang.${lang}`)}
        </button>
      ))}
    </div>
  );
}
