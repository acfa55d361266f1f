import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { paths } from '../../../config/paths';
import { useHydrated } from '../../../lib/use-hydrated';
import { refusalKey, useConfirmEmail } from '../api/link-pages';

const REFUSALS = { invalidLink: 'confirmEmail.invalid', emailInUse: 'confirmEmail.emailInUse' };

/**
 * The page opened from the link mailed to a new sign-in address (?token=). Opening it changes
 * nothing; 'Confirmer' changes the address, ends the account's other sessions and signs this
 * page in.
 */
export function ConfirmEmailCard({ token }: { token: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const confirm = useConfirmEmail();
  const failure = confirm.isError
    ? t(refusalKey(confirm.error, REFUSALS) ?? submitErrorKey(confirm.error) ?? 'errors.generic')
    : null;
  return (
    <form
      className="card form-card"
      method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        confirm.mutate(token);
      }}
    >
      <h1>{t('confirmEmail.title')}</h1>
      {!token && <Alert tone="danger">{t('confirmEmail.invalid')}</Alert>}
      {confirm.isSuccess ? (
        <>
          <Alert tone="success">{t('confirmEmail.done', { email: confirm.data.user.email })}</Alert>
          <Link className="btn btn-primary btn-block" to={paths.espaceExposant}>
            {t('confirmEmail.toArea')}
          </Link>
        </>
      ) : (
        token && (
          <>
            <p>{t('confirmEmail.intro')}</p>
            {failure && <Alert tone="danger">{failure}</Alert>}
            <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || confirm.isPending}>
              {confirm.isPending ? t('common.loading') : t('confirmEmail.submit')}
            </button>
          </>
        )
      )}
    </form>
  );
}
