import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime, looksLikeBadge, type ScanQualification } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useClock } from '../../../lib/clock-provider';
import type { Session } from '../../../lib/session';
import { newScanId } from '../../../lib/scan-id';
import { useWaitingCount } from '../hooks';
import { useOnline } from '../../../lib/use-online';
import { getScan, queueAvailable, type QueuedScan } from '../queue';
import { onAnswers, sendScan, syncQueue, takeAnswers, type Answered } from '../sync';
import type { ScanResult, ScanView } from '../types';
import { Camera } from '../../../components/scan/camera';
import { ManualEntryForm } from '../../../components/scan/manual-entry-form';
import { QualificationForm } from './qualification-form';
import { useLeadQuestions } from '../api/scans';
import { VerdictPanel, type Verdict } from './verdict-panel';
import { WaitingLine } from './waiting-line';
import '../../../components/scan/scan.css';

/** The camera sees a badge on every frame: the same code again within this delay is the same read. */
const SAME_READ_MS = 5_000;
const SYNC_EVERY_MS = 10_000;

/** Controllers and organisers may hold a session in the browser, but scanning is not theirs. */
function canScan(session: Session) {
  return (
    (session.type === 'exhibitor' || session.type === 'collaborator') &&
    session.user.type !== 'controller' &&
    session.user.type !== 'organiser'
  );
}

const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/** What the panel says of a server's answer. */
function verdictOf(result: ScanResult): Verdict {
  return result.status === 'refused'
    ? { kind: 'refused', reason: result.reason }
    : { kind: result.status, scan: result.scan, team: result.team };
}

/** The scan the note form saves to: the first scan of the day when this read was a repeat. */
function noteTarget(scan: QueuedScan, result: ScanResult): QueuedScan | null {
  if (result.status === 'refused') return null;
  return result.status === 'recorded' ? scan : { ...scan, id: result.scan.id, scannedAt: result.scan.createdAt };
}

interface Outcome {
  /** One per read: the note form starts empty for each new badge. */
  key: string;
  verdict: Verdict;
  /** The stored scan the note form saves to; null when there is none. */
  target: QueuedScan | null;
  /** What that scan holds, as the server said: the form starts from it (a badge scanned again today). */
  lead?: ScanView;
}

/**
 * The scanner: the camera on top, the verdict under it, the note form after a scan and the
 * typed code at the bottom, all within a thumb's reach on a phone. Scans are kept on the device
 * until the server has answered (queue.ts, sync.ts).
 */
export function ScannerScreen({ session }: { session: Session }) {
  const { t } = useTranslation();
  const clock = useClock();
  const online = useOnline();
  const userId = session.user.id;
  const waiting = useWaitingCount(userId);
  const [forbidden, setForbidden] = useState(() => !canScan(session));
  const [outcome, setOutcome] = useState<Outcome>({ key: '', verdict: { kind: 'idle' }, target: null });
  const [failure, setFailure] = useState<unknown>(null);
  const [notices, setNotices] = useState<Answered[]>([]);
  // Read when the page opens: a scan made offline afterwards still asks them.
  const questions = useLeadQuestions();
  const latest = useRef('');
  const lastRead = useRef({ text: '', at: 0 });

  // The scan shown as kept on the device has its answer now: the panel says what became of it
  // (a refusal, also told as a notice, empties it); the note form keeps what is typed.
  const settle = useCallback((answered: Answered[]) => {
    setOutcome((shown) => {
      const answer = shown.verdict.kind === 'kept' && answered.find((a) => a.scan.id === shown.target?.id);
      if (!answer) return shown;
      const target = noteTarget(answer.scan, answer.result);
      return { ...shown, verdict: target ? verdictOf(answer.result) : { kind: 'idle' }, target };
    });
  }, []);

  const saveNote = useMutation({
    mutationFn: async ({ target, values }: { target: QueuedScan; values: ScanQualification }) => {
      // A scan still waiting keeps its place in the queue and goes with its note.
      const waitingScan = queueAvailable() ? await getScan(target.id) : undefined;
      const scan = { ...(waitingScan ?? target), ...values };
      return { scan, result: await sendScan(scan) };
    },
    onSuccess: ({ scan, result }) => result && settle([{ scan, result }]),
    onError: (error) => isForbidden(error) && setForbidden(true),
    // Offline the note is kept on the device with its scan: the save must not wait for the network.
    networkMode: 'always',
  });
  const resetNote = saveNote.reset;

  const scan = useCallback(
    async (badge: string) => {
      const queued: QueuedScan = { id: newScanId(), badge, scannedAt: clock().toISOString(), userId };
      latest.current = queued.id;
      const show = (verdict: Verdict, target: QueuedScan | null = null, lead?: ScanView) => {
        if (latest.current === queued.id) setOutcome({ key: queued.id, verdict, target, lead });
      };
      resetNote();
      setFailure(null);
      // Any other QR code is refused here, without a call: the signature is the server's to check.
      if (!looksLikeBadge(badge)) return show({ kind: 'refused', reason: 'invalid' });
      show({ kind: 'checking' });
      try {
        const result = await sendScan(queued);
        if (result)
          show(verdictOf(result), noteTarget(queued, result), result.status === 'refused' ? undefined : result.scan);
        else show({ kind: 'kept' }, queued);
      } catch (error) {
        if (isForbidden(error)) setForbidden(true);
        show({ kind: 'idle' });
        if (latest.current === queued.id) setFailure(error);
      }
    },
    [clock, userId, resetNote],
  );

  const onCameraRead = useCallback(
    (text: string) => {
      const now = Date.now();
      const same = text === lastRead.current.text && now - lastRead.current.at < SAME_READ_MS;
      lastRead.current = { text, at: now };
      if (!same) void scan(text);
    },
    [scan],
  );

  // Waiting scans go on page load, when the network returns and every 10 s while some wait.
  const sync = useCallback(() => {
    syncQueue(userId).catch((error: unknown) => isForbidden(error) && setForbidden(true));
  }, [userId]);
  useEffect(() => {
    if (forbidden) return;
    sync();
    window.addEventListener('online', sync);
    return () => window.removeEventListener('online', sync);
  }, [forbidden, sync]);
  useEffect(() => {
    if (forbidden || waiting === 0) return;
    const timer = setInterval(sync, SYNC_EVERY_MS);
    return () => clearInterval(timer);
  }, [forbidden, waiting, sync]);

  // Answers for scans kept on the device; a refusal is said once, here, as a notice.
  useEffect(() => {
    const take = () => {
      const answered = takeAnswers();
      const refused = answered.filter((a) => a.result.status === 'refused');
      if (refused.length > 0) setNotices((shown) => [...shown, ...refused]);
      settle(answered);
    };
    take();
    return onAnswers(take);
  }, [settle]);

  if (forbidden) {
    return (
      <div className="scanner">
        <h1>{t('scanner.title')}</h1>
        <Alert tone="danger">{t('scanner.forbidden')}</Alert>
      </div>
    );
  }

  const { verdict, target, lead } = outcome;
  const failureKey = failure ? (submitErrorKey(failure) ?? 'errors.generic') : null;
  return (
    <div className="scanner">
      <div className="scanner-top">
        <h1>{t('scanner.title')}</h1>
        <Link className="scanner-back" to={`${paths.espaceExposant}?tab=scans`}>
          {t('area.tabs.scans')}
        </Link>
      </div>
      <div className="scanner-state">
        <span className={online ? 'net net-online' : 'net net-offline'} data-testid="network-state">
          {online ? t('scanner.online') : t('scanner.offline')}
        </span>
        <WaitingLine count={waiting} />
      </div>
      <Camera onRead={onCameraRead} />
      {notices.map(({ scan: refused, result }) => (
        <Alert key={refused.id} tone="warning">
          {t('scanner.refusedNotice', {
            time: formatTime(refused.scannedAt),
            reason: result.status === 'refused' ? t(`scanner.refused.${result.reason}`) : '',
          })}
        </Alert>
      ))}
      {failureKey && <Alert tone="danger">{t(failureKey)}</Alert>}
      <VerdictPanel verdict={verdict} />
      {target && (
        <QualificationForm
          key={outcome.key}
          questions={questions.data ?? []}
          lead={lead}
          saving={saveNote.isPending}
          saved={saveNote.isSuccess}
          error={saveNote.error}
          onSave={(changes) => saveNote.mutateAsync({ target, values: changes })}
        />
      )}
      <ManualEntryForm onCode={(code) => void scan(code)} />
    </div>
  );
}
