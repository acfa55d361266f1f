import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Camera } from '../../../components/scan/camera';
import { ManualEntryForm } from '../../../components/scan/manual-entry-form';
import { checkBadge, letInAgain, prepareVerifier } from '../check';
import { useGateData, useGateSync } from '../hooks';
import type { ControllerSession, GateDevice } from '../session';
import { sendCheckins } from '../sync';
import { GateVerdict, type Shown } from './gate-verdict';
import { NetState } from './net-state';

/** The camera sees a badge on every frame: the same code again within this delay is the same read. */
const SAME_READ_MS = 5_000;
/** A green verdict clears itself: the next person is already at the gate. */
const GREEN_FOR_MS = 4_000;

const send = () => void sendCheckins().catch(() => undefined);

/**
 * The gate: the camera reads continuously and each badge is decided on the device (check.ts);
 * the verdict fills the camera area, the buttons and the typed code sit at the bottom, within
 * a thumb's reach. A new read replaces whatever is shown.
 */
export function GateScreen({
  session,
  device,
  title,
}: {
  session: ControllerSession;
  device: GateDevice & { gateId: number };
  title: string;
}) {
  const { t } = useTranslation();
  const data = useGateData();
  const { meta } = data;
  const waiting = data.waiting.filter((c) => c.controllerId === session.user.id).length;
  useGateSync(session, waiting);
  const [shown, setShown] = useState<Shown>({ kind: 'ready' });
  const latest = useRef(0);
  const lastRead = useRef({ text: '', at: 0 });
  const { gateId, deviceId } = device;
  const controllerId = session.user.id;

  useEffect(() => {
    if (meta) prepareVerifier(meta);
  }, [meta]);

  const decide = useCallback(
    async (text: string) => {
      const call = ++latest.current;
      const check = await checkBadge(text, { gateId, deviceId, controllerId });
      // A newer read came while this one was decided: it is the one the person at the gate sees.
      if (call !== latest.current || !check) return;
      setShown({ kind: 'checked', check, letIn: false });
      send();
    },
    [gateId, deviceId, controllerId],
  );

  const onCameraRead = useCallback(
    (text: string) => {
      const now = Date.now();
      const same = text === lastRead.current.text && now - lastRead.current.at < SAME_READ_MS;
      lastRead.current = { text, at: now };
      if (!same) void decide(text);
    },
    [decide],
  );

  const green = shown.kind === 'checked' && (shown.check.decision.verdict === 'admitted' || shown.letIn);
  useEffect(() => {
    if (!green) return;
    const timer = setTimeout(() => setShown({ kind: 'ready' }), GREEN_FOR_MS);
    return () => clearTimeout(timer);
  }, [green, shown]);

  const ready = () => {
    latest.current++;
    setShown({ kind: 'ready' });
  };
  const letIn = async () => {
    if (shown.kind !== 'checked' || !meta) return;
    const call = ++latest.current;
    await letInAgain(shown.check.checkin, meta);
    if (call === latest.current) setShown({ ...shown, letIn: true });
    send();
  };

  const gate = meta?.gates.find((g) => g.id === gateId);
  const orange = shown.kind === 'checked' && shown.check.decision.verdict === 'already_entered' && !shown.letIn;
  return (
    <div className="gate-screen">
      <div className="gate-bar">
        <h1 className="gate-title">
          <span className="visually-hidden">{title} – </span>
          {gate?.name ?? '…'}
        </h1>
        <NetState />
        <span className="gate-pill">
          {/* Nothing rather than a false 0 until IndexedDB was read. */}
          <span data-testid="gate-waiting">{data.loaded ? waiting : '–'}</span> {t('gate.waitingShort')}
        </span>
        <Link className="gate-back" to={paths.espaceControleur}>
          {t('pages.espaceControleur.title')}
        </Link>
      </div>
      <div className="gate-stage">
        <Camera onRead={onCameraRead} />
        {data.loaded && !meta ? (
          <p className="gate-verdict gate-verdict-none" role="alert">
            {t('gate.noRoster')}
          </p>
        ) : (
          <GateVerdict shown={shown} gates={meta?.gates ?? []} hours={meta?.hours ?? []} />
        )}
      </div>
      {/* Always there, empty when ready: the verdict's buttons appear without moving anything. */}
      <div className="gate-actions">
        {shown.kind === 'checked' &&
          (orange ? (
            <>
              <button
                type="button"
                className="btn gate-btn gate-btn-go"
                data-testid="gate-reentry"
                onClick={() => void letIn()}
              >
                {t('gate.letIn')}
              </button>
              <button type="button" className="btn gate-btn gate-btn-stop" onClick={ready}>
                {t('gate.keepOut')}
              </button>
            </>
          ) : (
            <button type="button" className="btn gate-btn gate-btn-next" onClick={ready}>
              {t('gate.next')}
            </button>
          ))}
      </div>
      <ManualEntryForm onCode={(code) => void decide(code)} />
    </div>
  );
}
