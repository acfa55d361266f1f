import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  LANGUAGES,
  type Language,
  asLanguage,
  descriptionFields,
  inEveryLanguage,
  pickFilled,
  EXHIBITOR_LINKS,
  EXHIBITOR_PAGE_LIMITS,
  exhibitorPageFormSchema,
  type ExhibitorPage,
  type ExhibitorPageForm,
  type ExhibitorPageInput,
  type Media,
  type OwnExhibitorPage,
} from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { Field, TextAreaField } from '../../../components/ui/form';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { submitHandler } from '../../../components/ui/form-submit';
import { paths } from '../../../config/paths';
import { formResolver } from '../../../lib/form-resolver';
import { ApiError } from '../../../lib/api-client';
import { uploadPageFile, useOwnPage, usePublicPage, useSaveOwnPage, useSectorChoices } from '../api';
import { FilePicker } from './file-picker';
import { VisitorCardSection } from './visitor-card-form';

/** The presentation's field in each language. */
const descriptionField = (lang: Language) => `description.${lang}` as const;
const FIELDS = [
  ...LANGUAGES.map(descriptionField),
  'sectorIds',
  'brands',
  ...EXHIBITOR_LINKS,
  'documentIds',
  'logoId',
] as const;
type Sector = NonNullable<ReturnType<typeof useSectorChoices>['data']>[number];

/** A language as the page's own names it ('anglais', 'English'): the presentation's fields are labelled with it. */
const languageName = (shown: string, lang: Language) =>
  new Intl.DisplayNames([shown], { type: 'language' }).of(lang) ?? lang;

const valuesOf = (own: OwnExhibitorPage): ExhibitorPageInput => ({
  description: inEveryLanguage((lang) => own.description[lang] ?? ''),
  sectorIds: own.sectorIds,
  brands: own.brands,
  website: own.website ?? '',
  linkedin: own.linkedin ?? '',
  facebook: own.facebook ?? '',
  instagram: own.instagram ?? '',
  youtube: own.youtube ?? '',
  x: own.x ?? '',
  documentIds: own.documents.map((d) => d.id),
  logoId: own.logo?.id ?? null,
});

/** The brands, one per line, as the text area shows them while they are typed. */
function BrandsField({ value, onChange }: { value: string[]; onChange: (brands: string[]) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value.join('\n'));
  return (
    <div className="field">
      <label htmlFor="page-brands">{t('exhibitorPage.edit.brands')}</label>
      <p className="form-hint" id="page-brands-hint">
        {t('exhibitorPage.edit.brandsHint')}
      </p>
      <textarea
        id="page-brands"
        rows={4}
        value={text}
        aria-describedby="page-brands-hint"
        onChange={(event) => {
          setText(event.target.value);
          onChange(event.target.value.split('\n').filter((line) => line.trim() !== ''));
        }}
      />
    </div>
  );
}

/**
 * Where the page stands with the organiser (moderation on): its change awaits review, or the
 * organiser held it, with the reason (text, as the organiser typed it).
 */
function ReviewNotice({ review }: { review: OwnExhibitorPage['review'] }) {
  const { t } = useTranslation();
  if (review.status === 'pending') return <Alert tone="info">{t('exhibitorPage.edit.pending')}</Alert>;
  if (review.status !== 'held') return null;
  return (
    <Alert tone="warning">
      <p>{t('exhibitorPage.edit.held')}</p>
      <p className="page-held-reason">{review.reason}</p>
    </Alert>
  );
}

/**
 * 'Fiche annuaire': the exhibitor writes its page of the directory (text only, checked by the
 * schema the server checks it with), chooses its sectors, uploads its logo and PDFs, and sees a
 * preview before it saves; a save is live at once, or awaits the organiser's review when the
 * organiser moderates the pages. `renderPreview` draws the public page (the
 * directory's, handed in by the route).
 */
export function ExhibitorPageTab({ renderPreview }: { renderPreview: (page: ExhibitorPage) => ReactNode }) {
  const { t } = useTranslation();
  const own = useOwnPage();
  const sectors = useSectorChoices();
  if (own.isError) return <Alert tone="danger">{t(submitErrorKey(own.error) ?? 'errors.generic')}</Alert>;
  if (!own.data || !sectors.data) return <p aria-busy="true">{t('common.loading')}</p>;
  return (
    <>
      <PageForm own={own.data} sectors={sectors.data} renderPreview={renderPreview} />
      <VisitorCardSection documents={own.data.documents} />
    </>
  );
}

function PageForm({
  own,
  sectors,
  renderPreview,
}: {
  own: OwnExhibitorPage;
  sectors: Sector[];
  renderPreview: (page: ExhibitorPage) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveOwnPage();
  const live = usePublicPage(own.listed ? own.slug : undefined);
  const [files, setFiles] = useState<Map<number, Media>>(
    () => new Map([...own.documents, ...(own.logo ? [own.logo] : [])].map((m) => [m.id, m])),
  );
  const [previewing, setPreviewing] = useState(false);
  const form = useForm<ExhibitorPageInput, unknown, ExhibitorPageForm>({
    resolver: formResolver<ExhibitorPageInput, ExhibitorPageForm>(exhibitorPageFormSchema),
    defaultValues: valuesOf(own),
  });
  const { errors } = form.formState;
  const submit = submitHandler(form, save, { fields: FIELDS, keepOutcome: true });
  const values = form.watch();
  const keep = (media: Media) => setFiles((map) => new Map(map).set(media.id, media));
  const documents = (values.documentIds ?? []).flatMap((id) => files.get(id) ?? []);
  const logo = values.logoId ? (files.get(values.logoId) ?? null) : null;
  const failure = save.isError && !(save.error instanceof ApiError && save.error.status === 400);

  const preview = (): ExhibitorPage => ({
    ...(live.data ?? {
      id: 0,
      slug: own.slug,
      company: '',
      secteurActivite: null,
      pays: null,
      gate: null,
      booth: null,
      conferences: [],
    }),
    logo,
    ...descriptionFields(inEveryLanguage((lang) => values.description?.[lang] || null)),
    sectors: (values.sectorIds ?? []).flatMap((id) => sectors.filter((s) => s.id === id)),
    brands: (values.brands ?? []).map((b) => b.trim()),
    links: EXHIBITOR_LINKS.flatMap((kind) => (values[kind] ? [{ kind, url: values[kind] }] : [])),
    documents,
  });

  return (
    <form method="post" noValidate onSubmit={submit} className="page-form">
      <p>{t(own.review.moderated ? 'exhibitorPage.edit.introModerated' : 'exhibitorPage.edit.intro')}</p>
      {own.listed ? (
        <p>
          <Link to={`${paths.annuaire}/${own.slug}`}>{t('exhibitorPage.edit.view')}</Link>
        </p>
      ) : (
        <Alert tone="info">{t('exhibitorPage.edit.notListed')}</Alert>
      )}
      {save.isSuccess && (
        <Alert tone="success">
          {t(save.data.review.status === 'live' ? 'exhibitorPage.edit.saved' : 'exhibitorPage.edit.savedPending')}
        </Alert>
      )}
      <ReviewNotice review={own.review} />
      {failure && <Alert tone="danger">{t(submitErrorKey(save.error) ?? 'errors.generic')}</Alert>}

      <fieldset className="page-fieldset">
        <legend>{t('exhibitorPage.about')}</legend>
        <p className="form-hint">{t('exhibitorPage.edit.descriptionHint')}</p>
        {LANGUAGES.map((lang) => (
          <TextAreaField
            key={lang}
            label={t('exhibitorPage.edit.description', { language: languageName(i18n.language, lang) })}
            rows={6}
            lang={lang}
            maxLength={EXHIBITOR_PAGE_LIMITS.description}
            registration={form.register(descriptionField(lang))}
            error={errors.description?.[lang]}
          />
        ))}
      </fieldset>

      <Controller
        control={form.control}
        name="sectorIds"
        render={({ field, fieldState }) => (
          <fieldset className="page-fieldset" aria-describedby="page-sectors-hint">
            <legend>{t('exhibitorPage.edit.sectors')}</legend>
            <p className="form-hint" id="page-sectors-hint">
              {t('exhibitorPage.edit.sectorsHint')}
            </p>
            <div className="page-sectors">
              {sectors.map((sector) => {
                const chosen = field.value ?? [];
                return (
                  <label key={sector.id} className="page-sector">
                    <input
                      type="checkbox"
                      checked={chosen.includes(sector.id)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked ? [...chosen, sector.id] : chosen.filter((id) => id !== sector.id),
                        )
                      }
                    />
                    {pickFilled(asLanguage(i18n.language), sector.name)}
                  </label>
                );
              })}
            </div>
            {fieldState.error && (
              <p className="field-error" role="alert">
                {t(`validation.${fieldState.error.message}`)}
              </p>
            )}
          </fieldset>
        )}
      />

      <Controller
        control={form.control}
        name="brands"
        render={({ field }) => <BrandsField value={field.value ?? []} onChange={field.onChange} />}
      />

      <fieldset className="page-fieldset">
        <legend>{t('exhibitorPage.edit.links')}</legend>
        <p className="form-hint">{t('exhibitorPage.edit.linksHint')}</p>
        <div className="form-grid">
          {EXHIBITOR_LINKS.map((kind) => (
            <Field
              key={kind}
              label={t(`exhibitorPage.linkKinds.${kind}`)}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://"
              registration={form.register(kind)}
              error={errors[kind]}
            />
          ))}
        </div>
      </fieldset>

      <FilePicker
        legend={t('exhibitorPage.edit.logo')}
        hint={t('exhibitorPage.edit.logoHint')}
        accept="image/png,image/jpeg,image/webp"
        choose={t('exhibitorPage.edit.logoChoose')}
        files={logo ? [logo] : []}
        empty={t('exhibitorPage.edit.noLogo')}
        full={false}
        upload={uploadPageFile}
        onUploaded={(media) => {
          keep(media);
          form.setValue('logoId', media.id, { shouldDirty: true });
        }}
        onRemove={() => form.setValue('logoId', null, { shouldDirty: true })}
        removeLabel={() => t('exhibitorPage.edit.logoRemove')}
        error={errors.logoId?.message}
      />
      <FilePicker
        legend={t('exhibitorPage.edit.documents')}
        hint={t('exhibitorPage.edit.documentsHint')}
        accept="application/pdf"
        choose={t('exhibitorPage.edit.documentAdd')}
        files={documents}
        empty={t('exhibitorPage.edit.noDocument')}
        full={documents.length >= EXHIBITOR_PAGE_LIMITS.documents}
        upload={uploadPageFile}
        onUploaded={(media) => {
          keep(media);
          form.setValue('documentIds', [...(values.documentIds ?? []), media.id], { shouldDirty: true });
        }}
        onRemove={(media) =>
          form.setValue(
            'documentIds',
            (values.documentIds ?? []).filter((id) => id !== media.id),
            { shouldDirty: true },
          )
        }
        removeLabel={(media) => t('exhibitorPage.edit.documentRemove', { name: media.name })}
        error={errors.documentIds?.message}
      />

      <div className="page-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('exhibitorPage.edit.saving') : t('exhibitorPage.edit.save')}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          aria-expanded={previewing}
          onClick={() => setPreviewing(!previewing)}
        >
          {previewing ? t('exhibitorPage.edit.hidePreview') : t('exhibitorPage.edit.preview')}
        </button>
      </div>
      {previewing && (
        <section className="page-preview" aria-label={t('exhibitorPage.edit.preview')}>
          {renderPreview(preview())}
        </section>
      )}
    </form>
  );
}
