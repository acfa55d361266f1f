import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getGoogleCallback } from '@salon/shared';
import { api } from '../lib/api-client';

/** Landing page of a third-party sign-in that is not offered: it says so and only logs the answer. */
export default function GoogleRedirect() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const accessToken = params.get('access_token') ?? '';
  useEffect(() => {
    api(getGoogleCallback, { query: { access_token: accessToken } }, { auth: false }).then(
      (result) => console.info('auth/google/callback', result),
      (error: unknown) => console.info('auth/google/callback', error),
    );
  }, [accessToken]);
  return (
    <div className="container page">
      <h1>{t('pages.bientotDisponible.title')}</h1>
    </div>
  );
}
