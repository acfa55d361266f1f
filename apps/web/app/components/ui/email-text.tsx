import { Fragment } from 'react';

/**
 * An e-mail address in a narrow table cell: it may break before its '@' and its dots, where a
 * reader expects it, and nowhere else. Unbroken, a long address would widen its column until the
 * table no longer fits its frame.
 */
export function EmailText({ value }: { value: string | null }) {
  if (!value) return value;
  const parts = value.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
