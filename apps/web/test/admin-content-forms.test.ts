import { describe, expect, it } from 'vitest';
import { CONTENT_FORM_MESSAGES, bannerSchema, contentFormText, partnerSchema } from '@salon/shared';
import { createI18nProvider } from '../admin/i18n';
import { contentResolver } from '../admin/resources/content/fields';

const options = { fields: {}, shouldUseNativeValidation: false } as const;
const PREFIX = '@@react-admin@@';

/** A resolver's message as react-admin's ValidationError shows it, in a language. */
async function shown(message: string, lang: 'fr' | 'en') {
  const i18n = createI18nProvider();
  await i18n.changeLocale(lang);
  if (!message.startsWith(PREFIX)) return i18n.translate(message, { _: message });
  const { message: key, args } = JSON.parse(message.slice(PREFIX.length)) as { message: string; args: object };
  return i18n.translate(key, { _: key, ...args });
}

describe('the back-office’s content forms', () => {
  it('check a banner’s link in the browser with the API’s schema, in the back-office’s language', async () => {
    const { errors } = await contentResolver(bannerSchema)(
      { emplacement: 'Haut', lien: 'ftp://x', fichierDesktopId: null },
      undefined,
      options,
    );
    expect(await shown(errors.lien!.message as string, 'en')).toBe(CONTENT_FORM_MESSAGES.en.link);
    expect(await shown(errors.lien!.message as string, 'fr')).toBe(CONTENT_FORM_MESSAGES.fr.link);
    expect(errors.fichierDesktopId!.message).toBe('required');
    expect(await shown('required', 'en')).not.toBe('required');
  });

  it('name the length a text may have, in English as in French', async () => {
    const { errors } = await contentResolver(partnerSchema)({ name: 'x'.repeat(201) }, undefined, options);
    expect(await shown(errors.name!.message as string, 'en')).toBe('200 characters at most.');
    expect(await shown(errors.name!.message as string, 'fr')).toBe('200 caractères au plus.');
  });

  it('send the fields as they hold them, the API reading the same schema', async () => {
    const values = { name: ' Acme ', url: '', position: null };
    expect((await contentResolver(partnerSchema)(values, undefined, options)).values).toEqual(values);
  });

  it('answer in French from the API, the texts it answered before', () => {
    expect(contentFormText('contentForm.maxChars:300')).toBe('300 caractères au plus.');
    expect(contentFormText('contentForm.positionMin')).toBe('Position : 0 ou plus.');
    expect(contentFormText('required')).toBe('required');
    expect(contentFormText('contentForm.unknown')).toBe('contentForm.unknown');
  });
});
