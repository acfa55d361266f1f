import { performance } from 'node:perf_hooks';
import { editionById } from '../../show/current-edition';
import type { Db } from '../../../db/client';
import { renderCatalogue } from './catalogue';
import { fingerprint, loadConferences, loadExhibitors, loadHalls, type PdfKind } from './data';
import { readFloorPlan } from '../../floor-plan/floor-plan.service';
import { renderPlan } from './plan';
import { renderProgramme } from './programme';
import { loadEvent } from '../../show/edition';

export type { PdfKind } from './data';

export const PDF_KINDS: readonly PdfKind[] = ['programme', 'plan', 'catalogue'];

/** 'plan-2024.pdf': each edition's files are named by its year. */
export const pdfFileName = (kind: PdfKind, year: number) => `${kind}-${year}.pdf`;

/** Bumped when the drawing code changes, so that browsers drop what they kept of the old one. */
const LAYOUT_VERSION = 2;

export interface PdfFile {
  body: Buffer;
  /** Quoted, ready for the ETag header: the data fingerprint. */
  etag: string;
}

export interface PdfService {
  /** The edition's current fingerprint, one query: enough to answer a conditional request. */
  etag(kind: PdfKind, edition: number): Promise<string>;
  /**
   * The PDF for that fingerprint, or for newer data: from memory, or made now. One PDF of a
   * kind is made at a time, however many ask; whoever asks gets data at least as fresh as
   * when they asked.
   */
  get(kind: PdfKind, etag: string, edition: number): Promise<PdfFile>;
}

export interface PdfServiceOptions {
  /** Told of each PDF made, with the time it took: for the logs, and for the tests. */
  onMade?: (event: { kind: PdfKind; ms: number; bytes: number }) => void;
}

/**
 * The three PDFs of each edition, made from the database when asked and kept in memory until
 * their data changes. Each instance keeps its own copy; the fingerprint comes from the shared database,
 * so every instance gives the same ETag for the same data.
 */
export function createPdfService(db: Db, options: PdfServiceOptions = {}): PdfService {
  // Keyed by kind and edition: 'plan:7'.
  const latest = new Map<string, PdfFile>();
  const running = new Map<string, Promise<PdfFile>>();
  const toEtag = (kind: PdfKind, hash: string) => `"${kind}-${LAYOUT_VERSION}-${hash}"`;
  const etag = async (kind: PdfKind, edition: number) =>
    toEtag(kind, (await fingerprint(db, kind, editionById(edition))).hash);

  /**
   * Reads the data and its fingerprint in one snapshot, so that the ETag describes exactly the
   * bytes made, even if someone writes in between.
   */
  async function make(kind: PdfKind, id: number): Promise<PdfFile> {
    const started = performance.now();
    const edition = editionById(id);
    const snapshot = await db.transaction(
      async (tx) => {
        const fp = await fingerprint(tx, kind, edition);
        const event = await loadEvent(tx, edition);
        if (kind === 'programme') return { fp, event, conferences: await loadConferences(tx, edition) };
        const layouts = kind === 'plan' ? await readFloorPlan(tx, edition) : [];
        return {
          fp,
          event,
          halls: await loadHalls(tx, edition),
          exhibitors: await loadExhibitors(tx, edition),
          layouts,
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const { fp, event } = snapshot;
    const createdAt = fp.changedAt;
    let body: Buffer;
    switch (kind) {
      case 'programme':
        body = await renderProgramme({ event, conferences: snapshot.conferences ?? [], createdAt });
        break;
      case 'catalogue':
        body = await renderCatalogue({ event, exhibitors: snapshot.exhibitors ?? [], createdAt });
        break;
      case 'plan':
        body = await renderPlan({
          event,
          halls: snapshot.halls ?? [],
          exhibitors: snapshot.exhibitors ?? [],
          layouts: snapshot.layouts ?? [],
          createdAt,
        });
        break;
    }
    options.onMade?.({ kind, ms: performance.now() - started, bytes: body.length });
    return { body, etag: toEtag(kind, fp.hash) };
  }

  function start(kind: PdfKind, edition: number): Promise<PdfFile> {
    const key = `${kind}:${edition}`;
    const job = make(kind, edition)
      .then((file) => {
        latest.set(key, file);
        return file;
      })
      .finally(() => running.delete(key));
    running.set(key, job);
    return job;
  }

  return {
    etag,
    async get(kind, wanted, edition) {
      const key = `${kind}:${edition}`;
      const cached = latest.get(key);
      if (cached?.etag === wanted) return cached;
      const job = running.get(key);
      if (job) {
        // Being made, maybe from data older than this request saw: use it if it is current.
        const file = await job.catch(() => undefined);
        if (file && (file.etag === wanted || file.etag === (await etag(kind, edition)))) return file;
      }
      // Whatever is made from here on began after this request came: fresh enough.
      return running.get(key) ?? start(kind, edition);
    },
  };
}
