/** E-mail addresses compare trimmed and case-insensitively. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Phone numbers compare on digits in international form, so that '06 12 34 56 78',
 * '+212 6 12 34 56 78' and '00212612345678' are the same number. A leading single 0 is
 * read as a Moroccan national number.
 */
export function normalizePhone(phone: string): string {
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = `212${digits.slice(1)}`;
  return digits;
}
