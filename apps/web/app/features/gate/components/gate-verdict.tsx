import { useTranslation } from 'react-i18next';
import { asLanguage, entryWindow, formatTime, showDay, weekdayText, dayMonthText, type GateHours } from '@salon/shared';
import type { GateCheck } from '../check';

/** What the gate screen shows: ready for a badge, a verdict, or a re-entry just let in. */
export type Shown = { kind: 'ready' } | { kind: 'checked'; check: GateCheck; letIn: boolean };

/** 'Visiteurs 09:00 – 19:00, exposants dès 07:00': who may enter when, on one show day. */
function HoursLine({ hours, withDay }: { hours: GateHours; withDay: boolean }) {
  const { t, i18n } = useTranslation();
  const line = t('gate.hours', {
    opens: hours.opens,
    closes: hours.closes,
    early: entryWindow('exhibitor', hours).from,
  });
  if (!withDay) return <p>{line}</p>;
  // 'Samedi 1er juin': the year is the show's, and the line must fit a phone.
  const day = `${weekdayText(hours.day, asLanguage(i18n.language))} ${dayMonthText(hours.day, asLanguage(i18n.language))}`;
  return (
    <li>
      <strong>{day}</strong> : {line}
    </li>
  );
}

/** Today's hours, or on any other day the show's days and hours. */
function Hours({ hours, now }: { hours: readonly GateHours[]; now: Date }) {
  const { t } = useTranslation();
  const today = hours.find((h) => h.day === showDay(now));
  if (today) return <HoursLine hours={today} withDay={false} />;
  return (
    <>
      <p>{t('gate.notShowDay')}</p>
      <ul className="gate-hours">
        {hours.map((h) => (
          <HoursLine key={h.day} hours={h} withDay />
        ))}
      </ul>
    </>
  );
}

const MARKS = { ready: '', green: '✓', orange: '!', red: '✕' } as const;

function colour(shown: Shown): 'ready' | 'green' | 'orange' | 'red' {
  if (shown.kind === 'ready') return 'ready';
  const { verdict } = shown.check.decision;
  if (verdict === 'admitted' || shown.letIn) return 'green';
  return verdict === 'already_entered' ? 'orange' : 'red';
}

/**
 * The verdict over the whole camera area, one colour from across the hall: green, orange or
 * red, the words in large type. Always in the page, so that a screen reader says each one.
 */
export function GateVerdict({
  shown,
  gates,
  hours,
}: {
  shown: Shown;
  gates: readonly { id: number; name: string }[];
  hours: readonly GateHours[];
}) {
  const { t } = useTranslation();
  const tone = colour(shown);
  const check = shown.kind === 'checked' ? shown.check : null;
  const decision = check?.decision;
  const reason = decision?.verdict === 'refused' ? decision.reason : undefined;
  const letIn = shown.kind === 'checked' && shown.letIn;
  return (
    <div
      className={`gate-verdict gate-verdict-${tone}`}
      role="status"
      aria-live="assertive"
      data-testid="gate-verdict"
      data-verdict={decision?.verdict ?? 'ready'}
      data-reason={reason}
      data-reentry={letIn ? 'true' : undefined}
    >
      {!check || !decision ? (
        <p className="gate-ready">{t('gate.ready')}</p>
      ) : (
        <>
          {/* A shape as well as a colour: told apart at a glance, whatever one's colour vision. */}
          <span className="gate-verdict-mark" aria-hidden="true">
            {MARKS[tone]}
          </span>
          <p className="gate-verdict-title">
            {decision.verdict === 'admitted' && t('gate.admitted')}
            {decision.verdict === 'already_entered' &&
              (letIn
                ? t('gate.letInDone')
                : t(
                    gates.some((g) => g.id === decision.entry.gateId)
                      ? 'gate.alreadyEntered'
                      : 'gate.alreadyEnteredNoGate',
                    {
                      time: formatTime(decision.entry.at),
                      gate: gates.find((g) => g.id === decision.entry.gateId)?.name,
                    },
                  ))}
            {reason && t(`gate.refused.${reason}`)}
          </p>
          {reason === 'otherEvent' && <p>{t('gate.otherEvent')}</p>}
          {reason === 'closed' && <Hours hours={hours} now={new Date(check.checkin.scannedAt)} />}
          {check.claims && reason !== 'invalid' && (
            <p className="gate-verdict-type">{t(`ebadge.types.${check.claims.type}`)}</p>
          )}
          {check.person && (
            <>
              {/* As typed, in their own direction: an Arabic name keeps the French around it in order. */}
              <p className="gate-verdict-name">
                <bdi>{check.person.name}</bdi>
              </p>
              {check.person.company && (
                <p className="gate-verdict-company">
                  <bdi>{check.person.company}</bdi>
                </p>
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
