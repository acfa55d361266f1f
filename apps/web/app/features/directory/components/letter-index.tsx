import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DirectoryFacets } from '@salon/shared';
import { searchUrl, type DirectorySearch } from '../api/directory-query';

/**
 * The A–Z: a link per letter that has exhibitors (with the rest of the search kept), the letter
 * chosen marked, and 'Toutes' to go back to every letter. Links, so it works without scripts.
 */
export function LetterIndex({ search, letters }: { search: DirectorySearch; letters: DirectoryFacets['letters'] }) {
  const { t } = useTranslation();
  return (
    <nav className="letter-index" aria-label={t('directory.letters')}>
      <ul>
        <li>
          <Link to={searchUrl({ ...search, letter: '', page: 1 })} aria-current={search.letter ? undefined : 'true'}>
            {t('directory.allLetters')}
          </Link>
        </li>
        {letters.map(({ letter, count }) => (
          <li key={letter}>
            {count > 0 ? (
              <Link
                to={searchUrl({ ...search, letter, page: 1 })}
                aria-current={search.letter === letter ? 'true' : undefined}
                aria-label={t('directory.letterCount', { letter: letter.toUpperCase(), count })}
              >
                {letter.toUpperCase()}
              </Link>
            ) : (
              <span aria-label={t('directory.letterCount', { letter: letter.toUpperCase(), count })}>
                {letter.toUpperCase()}
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
