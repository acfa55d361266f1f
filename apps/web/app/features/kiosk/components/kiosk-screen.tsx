import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { looksLikeBadge, type KioskBadge, type KioskLookup, type VisitorForm } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { VisitorRegistrationForm } from '../../../components/registration/visitor-form';
import { Camera } from '../../../components/scan/camera';
import { checkKiosk, lastFourDigits, lookupBadge, lookupErrorKey } from '../api';
import { lastKioskEnd, useKioskDevice, type KioskDevice } from '../device';
import { useIdleCountdown } from '../use-idle';
import { KioskBadgeScreen } from './badge-screen';
import { KioskExitForm } from './exit-form';
import { KioskLookupForm } from './lookup-form';
import { KioskSetupForm } from './setup-form';

/**
 * Back to the start after this long without a touch (after printing too): the next visitor
 * starts from a blank screen.
 */
const IDLE_SECONDS = 30;
/** The countdown shows on the forms only near the end: a visitor typing is not rushed. */
const SHOW_COUNTDOWN_UNDER = 10;
/** The camera reads the same QR code many times a second: one lookup per code in this time. */
const SAME_CODE_MS = 10_000;
/**
 * How often an idle kiosk asks whether it is still live: once its day is over (or it was
 * revoked), it returns to the setup screen and forgets its token, with nobody touching it.
 */
const CHECK_EVERY_MS = 5 * 60_000;

type View =
  | { kind: 'start'; registeredNotShown?: boolean }
  | { kind: 'register' }
  | { kind: 'finding' }
  | { kind: 'badge'; badge: KioskBadge; printed: boolean }
  | { kind: 'exit' };

interface Lookup {
  query: KioskLookup | { token: string };
  /** Right after a registration on the kiosk: a miss is not the visitor's typing. */
  afterRegistration?: boolean;
}

/**
 * The kiosk page: the setup screen until a controller or organiser enables this device, then
 * the visitor's screens. `undefined` (before hydration): only the title, as the server drew it.
 */
export function KioskPage() {
  const { t } = useTranslation();
  const device = useKioskDevice();
  if (device === undefined) {
    return (
      <div className="kiosk">
        <div className="kiosk-panel">
          <h1>{t('pages.borne.title')}</h1>
          <p aria-busy="true">{t('common.loading')}</p>
        </div>
      </div>
    );
  }
  if (!device) {
    return (
      <div className="kiosk">
        <KioskSetupForm revoked={lastKioskEnd() === 'revoked'} />
      </div>
    );
  }
  // A new kiosk session starts from a blank start screen.
  return <KioskSession key={device.token} device={device} />;
}

function KioskSession({ device }: { device: KioskDevice }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>({ kind: 'start' });
  // Something was typed on the start screen: it is cleared after a while without a touch.
  const [used, setUsed] = useState(false);
  // Bumped to remount the start screen: its fields, errors and camera start afresh.
  const [round, setRound] = useState(0);
  const lastCode = useRef<{ text: string; at: number } | null>(null);

  // Revoked or expired: a 401 here clears the device and shows the setup screen.
  // Offline, the kiosk keeps its token and says so at the first lookup.
  useEffect(() => {
    const check = () => void checkKiosk(device).catch(() => undefined);
    check();
    const timer = setInterval(check, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [device]);

  const lookup = useMutation({
    mutationFn: ({ query }: Lookup) => lookupBadge(device, query),
    onSuccess: (badge) => setView({ kind: 'badge', badge, printed: false }),
    onError: (_error, { afterRegistration }) => {
      setUsed(true);
      if (afterRegistration) setView({ kind: 'start', registeredNotShown: true });
    },
  });
  const { reset: resetLookup, mutate: runLookup } = lookup;

  const restart = useCallback(() => {
    resetLookup();
    setUsed(false);
    lastCode.current = null;
    setView({ kind: 'start' });
    setRound((r) => r + 1);
  }, [resetLookup]);

  const onStart = view.kind === 'start';
  const counting = view.kind !== 'start' || used || lookup.isError;
  const left = useIdleCountdown(counting && view.kind !== 'finding', IDLE_SECONDS, restart);
  const showCountdown =
    left !== null && (view.kind === 'badge' || left <= SHOW_COUNTDOWN_UNDER) && view.kind !== 'exit';

  const onRead = (text: string) => {
    if (!looksLikeBadge(text) || lookup.isPending) return;
    const now = Date.now();
    if (lastCode.current?.text === text && now - lastCode.current.at < SAME_CODE_MS) return;
    lastCode.current = { text, at: now };
    setUsed(true);
    runLookup({ query: { token: text } });
  };

  const onRegistered = (values: VisitorForm) => {
    const phoneDigits = lastFourDigits(values.phone);
    if (phoneDigits.length < 4) {
      setView({ kind: 'start', registeredNotShown: true });
      return;
    }
    setView({ kind: 'finding' });
    runLookup({ query: { email: values.email, phoneDigits }, afterRegistration: true });
  };

  const print = () => {
    window.print();
    setView((v) => (v.kind === 'badge' ? { ...v, printed: true } : v));
  };

  const failure = onStart && lookup.isError ? lookupErrorKey(lookup.error) : null;

  return (
    <div className="kiosk" onInput={() => setUsed(true)}>
      {view.kind === 'start' && (
        <div className="kiosk-start" key={round}>
          <header className="kiosk-head">
            <h1>{t('kiosk.start.title')}</h1>
            <p className="kiosk-lead">{t('kiosk.start.lead')}</p>
          </header>
          {view.registeredNotShown && <Alert tone="info">{t('kiosk.register.notShown')}</Alert>}
          {failure && (
            <div className="alert alert-danger kiosk-failure" role="alert">
              <p>{t(failure)}</p>
              {failure === 'kiosk.start.notFound' && (
                <button type="button" className="btn btn-primary" onClick={() => setView({ kind: 'register' })}>
                  {t('kiosk.start.registerInstead')}
                </button>
              )}
            </div>
          )}
          <div className="kiosk-ways">
            <section className="kiosk-panel" aria-labelledby="kiosk-typed">
              <h2 id="kiosk-typed">{t('kiosk.start.typedTitle')}</h2>
              <KioskLookupForm pending={lookup.isPending} onLookup={(query) => runLookup({ query })} />
            </section>
            <section className="kiosk-panel kiosk-qr" aria-labelledby="kiosk-qr">
              <h2 id="kiosk-qr">{t('kiosk.start.qrTitle')}</h2>
              <p>{t('kiosk.start.qrText')}</p>
              <Camera onRead={onRead} />
            </section>
          </div>
          <button
            type="button"
            className="btn btn-outline btn-block kiosk-new"
            onClick={() => setView({ kind: 'register' })}
          >
            {t('kiosk.start.register')}
          </button>
        </div>
      )}

      {view.kind === 'register' && (
        <div className="kiosk-panel kiosk-register">
          <button type="button" className="btn btn-outline kiosk-back" onClick={restart}>
            {t('kiosk.register.back')}
          </button>
          <h1>{t('kiosk.register.title')}</h1>
          <p className="kiosk-lead">{t('kiosk.register.lead')}</p>
          <VisitorRegistrationForm onRegistered={onRegistered} />
        </div>
      )}

      {view.kind === 'finding' && (
        <div className="kiosk-panel">
          <h1>{t('kiosk.register.title')}</h1>
          <p className="kiosk-lead" aria-busy="true" role="status">
            {t('kiosk.register.finding')}
          </p>
        </div>
      )}

      {view.kind === 'badge' && (
        <KioskBadgeScreen badge={view.badge} printed={view.printed} onPrint={print} onDone={restart} />
      )}

      {view.kind === 'exit' && <KioskExitForm device={device} onCancel={restart} />}

      {showCountdown && (
        <p className="kiosk-countdown" role="timer">
          {t('kiosk.idle', { seconds: left })}
        </p>
      )}

      {view.kind !== 'exit' && (
        <footer className="kiosk-foot">
          <span>{device.name}</span>
          <button type="button" className="kiosk-exit-link" onClick={() => setView({ kind: 'exit' })}>
            {t('kiosk.exit.link')}
          </button>
        </footer>
      )}
    </div>
  );
}
