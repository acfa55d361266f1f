import type { ReactNode } from 'react';

/**
 * Where a name goes in a translated sentence: `t(key, { name: NAME_SLOT })`, then
 * `nameInText(text, name)`. A private-use character, which no translation holds.
 */
export const NAME_SLOT = '\uE000';

/**
 * A sentence with a person's or a company's name in it, the name in a `<bdi>` of its own: typed in
 * Arabic (or starting with it) inside a French or English sentence, it keeps its own direction
 * without carrying the punctuation around it along (the names shown alone are in a `<bdi>` too).
 */
export function nameInText(text: string, name: string): ReactNode {
  const at = text.indexOf(NAME_SLOT);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <bdi>{name}</bdi>
      {text.slice(at + NAME_SLOT.length)}
    </>
  );
}
