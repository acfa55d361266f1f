import { useTranslation } from 'react-i18next';

export const TRANSPORT_MODES = ['train', 'car', 'shuttle', 'plane', 'accommodation'] as const;

/**
 * Ways to the show (specification: train with 30 % off, car, free shuttles from Casablanca,
 * plane, accommodation): `pages.infosAcces.modes.<mode>.title` and `.text`.
 */
export function TransportModes({ headingLevel }: { headingLevel: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="info-transport">
      {TRANSPORT_MODES.map((mode) => (
        <li key={mode} id={`acces-${mode}`} className={`info-transport-${mode}`}>
          <Heading>{t(`pages.infosAcces.modes.${mode}.title`)}</Heading>
          <p>{t(`pages.infosAcces.modes.${mode}.text`)}</p>
        </li>
      ))}
    </ul>
  );
}
