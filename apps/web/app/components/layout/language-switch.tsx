import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LANGUAGES, type Language } from '@salon/shared';
import { switchLanguage } from '../../lib/i18n';
import './language-switch.css';

/**
 * 'FR' and 'EN' are links to the same page with ?lang=: they work before the scripts run and
 * without them (the server renders the page in that language and remembers it in a cookie).
 * Once React has taken over, a click switches the texts in place instead of reloading.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const hrefFor = (lang: Language) => {
    const params = new URLSearchParams(location.search);
    params.set('lang', lang);
    return `${location.pathname}?${params.toString()}${location.hash}`;
  };
  return (
    <div className="lang-switch" role="group" aria-label={t('lang.label')}>
      {LANGUAGES.map((lang) => (
        <Link
          key={lang}
          to={hrefFor(lang)}
          lang={lang}
          hrefLang={lang}
          aria-current={i18n.language === lang ? 'true' : undefined}
          onClick={(event) => {
            event.preventDefault();
            void switchLanguage(i18n, lang).then(() => {
              // A ?lang= in the address would undo the choice on reload.
              const params = new URLSearchParams(location.search);
              if (params.has('lang')) {
                params.delete('lang');
                const search = params.toString();
                void navigate(
                  { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
                  { replace: true },
                );
              }
            });
          }}
        >
          {lang.toUpperCase()}
        </Link>
      ))}
    </div>
  );
}
