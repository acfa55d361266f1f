import { postNewsletterConfirm, postNewsletterUnsubscribe } from '@salon/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../components/ui/alert';
import { InfoPage } from '../components/ui/info-page';
import { api } from '../lib/api-client';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import { useHydrated } from '../lib/use-hydrated';
import type { Route } from './+types/newsletter';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'newsletter') };
}

export const meta: Route.MetaFunction = ({ data }) => [...seoMeta(data?.seo), { name: 'robots', content: 'noindex' }];

/** What the mail's link asks, by its `action`. */
const LINK_CALLS = { confirm: postNewsletterConfirm, unsubscribe: postNewsletterUnsubscribe };
const call = (action: keyof typeof LINK_CALLS, token: string) =>
  api(LINK_CALLS[action], { query: { token } }, { auth: false });

/**
 * Where the newsletter mails' links lead. Confirming takes a click on the page (a mail scanner
 * that opens links must not subscribe anyone); unsubscribing is done as soon as the page opens
 * in a browser: one click, the one on the link.
 */
export default function NewsletterPage() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const action = params.get('action') === 'unsubscribe' ? 'unsubscribe' : 'confirm';
  const mutation = useMutation({ mutationFn: () => call(action, token) });
  const { mutate, isIdle } = mutation;
  useEffect(() => {
    if (hydrated && action === 'unsubscribe' && token && isIdle) mutate();
  }, [hydrated, action, token, isIdle, mutate]);

  return (
    <InfoPage pageKey="newsletter" cta={false}>
      {!token && <Alert tone="danger">{t('newsletterPage.invalid')}</Alert>}
      {mutation.isSuccess && <Alert tone="success">{t(`newsletterPage.${action}Done`)}</Alert>}
      {mutation.isError && <Alert tone="danger">{t('newsletterPage.invalid')}</Alert>}
      {token && action === 'confirm' && !mutation.isSuccess && (
        <button
          type="button"
          className="btn btn-primary"
          disabled={!hydrated || mutation.isPending}
          onClick={() => mutation.mutate()}
        >
          {t('newsletterPage.confirm')}
        </button>
      )}
      {token && action === 'unsubscribe' && mutation.isPending && <p>{t('common.loading')}</p>}
    </InfoPage>
  );
}
