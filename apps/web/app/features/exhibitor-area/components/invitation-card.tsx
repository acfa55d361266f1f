import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { acceptInvitationSchema, setPasswordSchema, type AcceptInvitationForm } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { submitHandler } from '../../../components/ui/form-submit';
import { useHydrated } from '../../../lib/use-hydrated';
import { NewPasswordField } from '../../../components/auth/new-password-field';
import type { Session } from '../../../lib/session';
import { refusalKey, useAcceptInvitation, useInvitationView, type InvitationView } from '../api/link-pages';

const REFUSALS = {
  invalidInvitation: 'invitation.invalid',
  alreadyInTeam: 'invitation.alreadyInTeam',
};

/** A failure as the page words it: a coded refusal, the network, or the generic message. */
function failureText(error: unknown, t: (key: string) => string): string {
  return t(refusalKey(error, REFUSALS) ?? submitErrorKey(error) ?? 'errors.generic');
}

/**
 * What joining means, then 'Accepter'. A password is asked only of an account without one (it
 * will sign in as a collaborator); the rules are the set-password page's.
 */
function AcceptForm({
  token,
  view,
  onAccepted,
}: {
  token: string;
  view: InvitationView;
  onAccepted: (session: Session) => void;
}) {
  const { t } = useTranslation();
  const accept = useAcceptInvitation();
  const form = useForm<AcceptInvitationForm>({
    resolver: zodResolver(view.needsPassword ? setPasswordSchema : acceptInvitationSchema),
    defaultValues: { token, password: '' },
  });
  const company = view.company ?? t('invitation.anExhibitor');
  const submit = submitHandler(form, accept, {
    body: (values) => (view.needsPassword ? values : { token }),
    fields: ['password'],
    onSuccess: onAccepted,
  });
  // A field error is shown at its field; anything else above the button.
  const failure = accept.isError && !form.formState.errors.password ? failureText(accept.error, t) : null;
  return (
    <form method="post" noValidate onSubmit={submit}>
      <p className="lead">{t('invitation.invites', { company })}</p>
      <p>{t('invitation.meansTitle')}</p>
      <ul>
        <li>{t('invitation.meansBadge', { company })}</li>
        <li>{t('invitation.meansAccount', { company })}</li>
        <li>{t('invitation.meansSees', { company })}</li>
        <li>{t('invitation.meansSignIn', { email: view.email })}</li>
      </ul>
      {view.needsPassword && (
        <>
          <p>{t('invitation.choosePassword')}</p>
          <NewPasswordField
            label={t('invitation.password')}
            registration={form.register('password')}
            error={form.formState.errors.password}
            value={form.watch('password') ?? ''}
          />
        </>
      )}
      {failure && <Alert tone="danger">{failure}</Alert>}
      <button type="submit" className="btn btn-primary btn-block" disabled={accept.isPending}>
        {accept.isPending ? t('common.loading') : t('invitation.accept')}
      </button>
      <p className="form-hint">{t('invitation.ignore')}</p>
    </form>
  );
}

/**
 * The page opened from the invitation mail (?token=). Opening it changes nothing: the server
 * renders only the frame; the browser asks who invites, and only 'Accepter' accepts.
 */
export function InvitationCard({ token, onAccepted }: { token: string; onAccepted: (session: Session) => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const view = useInvitationView(token, hydrated);
  let body;
  if (!token) body = <Alert tone="danger">{t('invitation.invalid')}</Alert>;
  else if (view.isError) body = <Alert tone="danger">{failureText(view.error, t)}</Alert>;
  else if (!view.data) body = <p aria-busy="true">{t('common.loading')}</p>;
  else body = <AcceptForm token={token} view={view.data} onAccepted={onAccepted} />;
  return (
    <div className="card form-card">
      <h1>{t('invitation.title')}</h1>
      {body}
    </div>
  );
}
