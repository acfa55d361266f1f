import CampaignIcon from '@mui/icons-material/Campaign';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import PreviewIcon from '@mui/icons-material/Preview';
import {
  Alert,
  Button as TextButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useState, type ReactElement, type ReactNode } from 'react';
import {
  BooleanInput,
  Button,
  DateInput,
  Form,
  HttpError,
  SaveButton,
  TextInput,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import type { ZodMiniType } from 'zod/mini';
import {
  ANNOUNCE_EDITION,
  INVITE_EXHIBITORS,
  inEveryLanguage,
  LANGUAGES,
  formatDateTime,
  getEditionPreview,
  nextEditionSchema,
  postNextEdition,
  ordinalText,
  type adminEditionSchema,
  type announcementPlanSchema,
  type Answer,
  type NextEditionForm,
  type MailingCalls,
} from '@salon/shared';
import { adminCall } from '../http';
import { useInLanguageLabel } from '../i18n';
import { formResolver } from '../../app/lib/form-resolver';

type EditionRecord = Answer<typeof adminEditionSchema>;

const resolver = formResolver(nextEditionSchema);

/**
 * 'Aperçu du site', on an edition not current yet: the public site as it will read for it, in a
 * new tab, for this organiser, for two hours (the server's preview token; nothing changes until the
 * edition is made current).
 */
export function PreviewSiteButton() {
  const record = useRecordContext<EditionRecord>();
  const notify = useNotify();
  if (!record || record.current) return null;
  const open = async () => {
    // Opened at the click, filled when the address comes: a tab opened later is a blocked pop-up.
    const tab = window.open('', '_blank');
    try {
      const { url } = await adminCall(getEditionPreview, { params: { id: String(record.id) } });
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.href = url;
    } catch (error) {
      tab?.close();
      const fields = error instanceof HttpError ? (error.body as { errors?: unknown })?.errors : null;
      notify(fields ? 'editionNotDated' : (error as Error).message || 'admin.errors.generic', {
        type: 'error',
      });
    }
  };
  return (
    <Button label="admin.editions.preview" onClick={() => void open()}>
      <PreviewIcon />
    </Button>
  );
}

/**
 * 'Préparer l'édition suivante', on the latest edition: the next one's name, dates, city and theme,
 * and whether its halls and stands carry over. The server numbers it, gives it opening hours for its
 * dates and copies nothing personal (domains/editions/next-edition.ts); its page opens next, where
 * the organiser makes it current when it is ready. A refusal the form has no field for (a newer
 * edition, a year taken) is said in the dialog.
 */
export function PrepareNextEditionButton() {
  const record = useRecordContext<EditionRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string[]>([]);
  if (!record?.latest) return null;
  const next = record.edition + 1;
  const defaults: NextEditionForm = {
    name: `${ordinalText(next, 'fr')} édition du Salon`,
    startsOn: '',
    endsOn: '',
    city: record.city ?? '',
    theme: inEveryLanguage(() => ''),
    halls: true,
  };
  // Field errors come back on their fields (dates that end too soon); the others above them.
  const submit = async (values: Record<string, unknown>) => {
    setRefusal([]);
    try {
      const created = await adminCall(postNextEdition, {
        params: { id: String(record.id) },
        body: values as NextEditionForm,
      });
      notify('admin.editions.prepared', { type: 'success', messageArgs: { name: created.name } });
      setOpen(false);
      redirect('edit', 'editions', created.id);
    } catch (error) {
      const fields = error instanceof HttpError ? (error.body as { errors?: Record<string, string> })?.errors : null;
      if (fields) {
        const inForm = Object.entries(fields).filter(([field]) => field in defaults);
        setRefusal(Object.entries(fields).flatMap(([field, key]) => (field in defaults ? [] : [translate(key)])));
        return inForm.length ? Object.fromEntries(inForm) : undefined;
      }
      notify((error as Error).message || 'admin.errors.generic', { type: 'error' });
    }
    return undefined;
  };
  return (
    <>
      <Button label="admin.editions.prepareNext" onClick={() => setOpen(true)}>
        <EventRepeatIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="prepare-next-title" fullWidth maxWidth="sm">
        {/* Its own record: the edition on the page would fill it otherwise. */}
        <Form record={defaults} resolver={resolver} onSubmit={submit} resource="editions">
          <DialogTitle id="prepare-next-title">
            {/* The ordinal in each language, under its name: each language's message takes its own. */}
            {translate(
              'admin.editions.prepareNextTitle',
              inEveryLanguage((lang) => ordinalText(next, lang)),
            )}
          </DialogTitle>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {translate('admin.editions.prepareNextIntro')}
            </Typography>
            {refusal.length ? (
              <Alert severity="error" sx={{ mb: 2 }}>
                {refusal.join(' ')}
              </Alert>
            ) : null}
            <TextInput source="name" fullWidth />
            <DateInput source="startsOn" />
            <DateInput source="endsOn" />
            <TextInput source="city" />
            <ThemeInputs />
            <BooleanInput source="halls" label="admin.editions.carryHalls" />
          </DialogContent>
          <DialogActions>
            <TextButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</TextButton>
            <SaveButton label="admin.editions.prepare" />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}

/** The edition's theme, one input per language (an empty one: the theme in another language shows). */
export function ThemeInputs() {
  const inLanguage = useInLanguageLabel();
  return LANGUAGES.map((lang) => (
    <TextInput
      key={lang}
      source={`theme.${lang}`}
      label={inLanguage('resources.editions.fields.theme', lang)}
      fullWidth
    />
  ));
}

/**
 * A mailing from an edition's page, in two steps: the dialog first says what will be sent (the
 * server's count, `describe`), then 'Envoyer' sends it and the notice says what left.
 */
function PlannedSendButton<P extends ZodMiniType, S extends ZodMiniType>({
  label,
  icon,
  calls,
  id,
  describe,
  canSend,
  sentText,
}: {
  label: string;
  icon: ReactElement;
  calls: MailingCalls<P, S>;
  /** The edition's. */
  id: number;
  describe: (plan: Answer<P>) => ReactNode;
  canSend: (plan: Answer<P>) => boolean;
  sentText: (sent: Answer<S>) => { text: string; warning: boolean };
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [plan, setPlan] = useState<Answer<P> | null>(null);
  const [busy, setBusy] = useState(false);
  const failed = (error: unknown) => notify((error as Error).message || 'admin.errors.generic', { type: 'error' });
  const params = { id: String(id) };
  // The answers as the mailing's contracts give them (the compiler does not resolve a generic call's answer).
  const open = () => (adminCall(calls.plan, { params }) as Promise<Answer<P>>).then(setPlan, failed);
  const send = async () => {
    setBusy(true);
    try {
      const { text, warning } = sentText((await adminCall(calls.send, { params })) as Answer<S>);
      notify(text, { type: warning ? 'warning' : 'success' });
      setPlan(null);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const titleId = `editions-${id}-${calls.plan.path.split('/').pop()}-title`;
  return (
    <>
      <Button label={label} onClick={() => void open()}>
        {icon}
      </Button>
      <Dialog open={plan !== null} onClose={() => setPlan(null)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{label}</DialogTitle>
        <DialogContent>{plan && describe(plan)}</DialogContent>
        <DialogActions>
          <TextButton onClick={() => setPlan(null)}>{translate('ra.action.cancel')}</TextButton>
          {plan && canSend(plan) ? (
            <TextButton variant="contained" disabled={busy} onClick={() => void send()}>
              {translate('admin.editions.send')}
            </TextButton>
          ) : null}
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * 'Inviter les exposants de 2024', on an edition before the current one: its confirmed exhibitors get a mail to confirm
 * their participation in the current edition, each once (domains/editions/participation.service.ts).
 * Those whose address had its share of the day's mails are left for another day, and the notice
 * says how many.
 */
export function InviteExhibitorsButton() {
  const record = useRecordContext<EditionRecord>();
  const translate = useTranslate();
  if (!record?.beforeCurrent) return null;
  return (
    <PlannedSendButton
      label={translate('admin.editions.inviteExhibitors', { year: record.year })}
      icon={<GroupAddIcon />}
      calls={INVITE_EXHIBITORS}
      id={record.id}
      canSend={(plan) => plan.toInvite > 0}
      describe={(plan) => (
        <>
          <Typography variant="body2">
            {plan.toInvite
              ? translate('admin.editions.inviteExhibitorsPlan', { ...plan, smart_count: plan.toInvite })
              : translate('admin.editions.inviteExhibitorsNone', { year: plan.year })}
          </Typography>
          {plan.invited ? (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {translate('admin.editions.inviteExhibitorsDone', { smart_count: plan.invited })}
            </Typography>
          ) : null}
        </>
      )}
      sentText={(sent) => ({
        text: [
          translate('admin.editions.invitationsSent', { smart_count: sent.invited }),
          sent.postponed ? translate('admin.editions.invitationsPostponed', { smart_count: sent.postponed }) : '',
        ]
          .join(' ')
          .trim(),
        warning: sent.postponed > 0,
      })}
    />
  );
}

/**
 * What the newsletter dialog says: when the invitation left, or how many confirmed addresses it
 * would reach, or that none has confirmed yet (polyglot's French counts 0 as one).
 */
export const announcementText = (
  plan: Answer<typeof announcementPlanSchema>,
  translate: (key: string, options?: object) => string,
) =>
  plan.sentAt
    ? translate('admin.editions.announceSent', { date: formatDateTime(plan.sentAt) })
    : plan.subscribers
      ? translate('admin.editions.announcePlan', { smart_count: plan.subscribers })
      : translate('admin.editions.announceNone');

/**
 * 'Inviter les abonnés à la newsletter', on the current edition: its invitation, once, to each
 * confirmed subscriber and no one else (domains/editions/announcement.ts).
 */
export function AnnounceEditionButton() {
  const record = useRecordContext<EditionRecord>();
  const translate = useTranslate();
  if (!record?.current) return null;
  return (
    <PlannedSendButton
      label={translate('admin.editions.announce')}
      icon={<CampaignIcon />}
      calls={ANNOUNCE_EDITION}
      id={record.id}
      canSend={(plan) => plan.sentAt === null && plan.subscribers > 0}
      describe={(plan) => <Typography variant="body2">{announcementText(plan, translate)}</Typography>}
      sentText={(sent) => ({
        text: translate('admin.editions.announced', { smart_count: sent.sent }),
        warning: false,
      })}
    />
  );
}
