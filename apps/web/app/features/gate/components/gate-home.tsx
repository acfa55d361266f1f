import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { NAME_SLOT, nameInText } from '../../../components/ui/name-in-text';
import { paths } from '../../../config/paths';
import { useOnline } from '../../../lib/use-online';
import { entryCounts } from '../counts';
import { useGateClock, useGateData, useGateSync } from '../hooks';
import { chooseGate, useGateDevice, type ControllerSession } from '../session';
import { signOutController } from '../sync';
import { NetState } from './net-state';

/**
 * The controller's area: the gate of this device, how the day goes (entries, check-ins still on
 * the device, last sync) and the way to the gate screen. Signing out forgets the roster but
 * keeps waiting check-ins: they go with the next sign-in of the same controller.
 */
export function GateHome({ session }: { session: ControllerSession }) {
  const { t } = useTranslation();
  const selectId = useId();
  const online = useOnline();
  const data = useGateData();
  const { meta } = data;
  const device = useGateDevice();
  const mine = data.waiting.filter((c) => c.controllerId === session.user.id).length;
  const others = data.waiting.length - mine;
  useGateSync(session, mine);
  const now = useGateClock(meta)();
  // A gate that is no longer in the roster is no choice.
  const gate = meta?.gates.find((g) => g.id === device?.gateId) ?? null;
  const counts = entryCounts(meta, data.waiting, gate?.id ?? null, now);
  const canStart = gate !== null && meta !== null;
  // Nothing rather than a false 0 until IndexedDB was read.
  const figure = (n: number) => (data.loaded ? n : '–');

  return (
    <div className="gate-home">
      <div className="gate-home-top">
        <h1>{t('pages.espaceControleur.title')}</h1>
        <NetState />
      </div>
      <p className="gate-who">{nameInText(t('gate.signedInAs', { name: NAME_SLOT }), session.user.name)}</p>
      {data.loaded && !meta && <Alert tone="warning">{t(online ? 'gate.rosterLoading' : 'gate.noRoster')}</Alert>}

      <div className="field gate-choose">
        <label htmlFor={selectId}>{t('gate.gateLabel')}</label>
        <select
          id={selectId}
          value={gate?.id ?? ''}
          disabled={!meta}
          onChange={(event) => chooseGate(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">{t('gate.chooseGate')}</option>
          {meta?.gates.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </div>

      <dl className="gate-figures">
        <div>
          <dt>{t('gate.countGate')}</dt>
          <dd data-testid="gate-count-gate">{gate ? figure(counts.gate) : '–'}</dd>
        </div>
        <div>
          <dt>{t('gate.countTotal')}</dt>
          <dd data-testid="gate-count-total">{figure(counts.total)}</dd>
        </div>
        <div>
          <dt>{t('gate.waiting')}</dt>
          <dd data-testid="gate-waiting">{figure(mine)}</dd>
        </div>
        <div>
          <dt>{t('gate.lastSync')}</dt>
          <dd>
            <span data-testid="gate-last-sync">{meta ? formatTime(meta.lastSync) : t('gate.never')}</span>
            {meta && <small> {t('gate.showTime')}</small>}
          </dd>
        </div>
      </dl>
      {others > 0 && <p className="gate-note">{t('gate.othersWaiting', { count: others })}</p>}

      <div className="gate-home-actions">
        {canStart ? (
          <Link className="btn btn-primary btn-block gate-start" to={paths.controleur}>
            {t('gate.start')}
          </Link>
        ) : (
          <button type="button" className="btn btn-primary btn-block gate-start" disabled>
            {t('gate.start')}
          </button>
        )}
        {!gate && meta && <p className="gate-note">{t('gate.startHint')}</p>}
        <button type="button" className="btn gate-logout" onClick={() => void signOutController()}>
          {t('gate.logout')}
        </button>
      </div>
    </div>
  );
}
