import { LOCALES, pick, dayMonthText, weekdayText, type Language } from '@salon/shared';
import { documentTexts } from '../../texts/index';
import { COLORS, createDocument, FONTS, SHOW_NAME } from '../files/pdf/document';
import { ellipsize, pdfText } from '../files/pdf/text';
import type { LeadReport } from './lead-report.service';
import { followUpName } from './scans-export';

/** 'bilan-2024.pdf', 'report-2024.pdf'. */
export const leadReportFileName = (lang: Language, year: number) =>
  `${documentTexts(lang).leadReport.file}-${year}.pdf`;

const MARGIN = 50;
const LABEL_WIDTH = 170;
const VALUE_WIDTH = 60;
const ROW = 16;

interface Bar {
  label: string;
  value: number;
  /** A second figure drawn as a mark on the bar (the hall's median of the day). */
  mark?: number | null;
}

/**
 * The report as a PDF for the exhibitor's management: the totals, the hall comparison, then one
 * bar chart per grouping, each bar with its figure written beside it.
 */
export async function renderLeadReport(input: {
  report: LeadReport;
  company: string | null;
  lang: Language;
  createdAt: Date;
}): Promise<Buffer> {
  const { report, lang } = input;
  const t = documentTexts(lang).leadReport;
  const number = new Intl.NumberFormat(pick(lang, LOCALES), { maximumFractionDigits: 1 });
  const fmt = (n: number) => pdfText(number.format(n));
  const title = `${t.title} ${report.year}`;
  const { doc, finish } = createDocument({
    title: `${SHOW_NAME} — ${title}`,
    size: 'A4',
    layout: 'portrait',
    margin: MARGIN,
    createdAt: input.createdAt,
  });
  const width = doc.page.width - 2 * MARGIN;
  const maxY = () => doc.page.height - doc.page.margins.bottom;

  doc.rect(0, 0, doc.page.width, 120).fill(COLORS.navy);
  doc.rect(0, 120, doc.page.width, 4).fill(COLORS.orange);
  doc.fillColor(COLORS.white).font(FONTS.bold).fontSize(20).text(pdfText(SHOW_NAME), MARGIN, 32, { width });
  doc
    .fillColor('#ffc58a')
    .fontSize(14)
    .text(pdfText(input.company ? `${title} — ${input.company}` : title), { width });
  let y = 145;
  doc.fillColor(COLORS.ink).font(FONTS.bold).fontSize(16);
  doc.text(
    pdfText(t.total(number.format(report.total), number.format(report.people), number.format(report.perDay))),
    MARGIN,
    y,
    { width },
  );
  y = doc.y + 8;
  doc.font(FONTS.regular).fontSize(11).fillColor(COLORS.ink);
  if (report.hall) {
    doc.font(FONTS.bold).text(pdfText(t.hall(report.hall.name)), MARGIN, y, { width });
    doc.font(FONTS.regular);
    const m = report.hall.median;
    const said = !m
      ? t.hidden(report.hall.exhibitors)
      : m.total === 0
        ? t.zero(report.hall.exhibitors)
        : t.median(number.format(m.total), number.format(m.perDay));
    doc.text(pdfText(said), { width });
  } else doc.text(pdfText(t.noHall), MARGIN, y, { width });
  y = doc.y + 14;
  if (report.total === 0) {
    doc.text(pdfText(t.empty), MARGIN, y, { width });
    return finish(`${SHOW_NAME} — ${title}`);
  }

  /** A heading and its bars, on a new page when they would not fit (a long list goes on). */
  const chart = (heading: string, bars: Bar[]) => {
    const top = Math.max(1, ...bars.map((b) => Math.max(b.value, b.mark ?? 0)));
    if (y + 24 + ROW * Math.min(bars.length, 4) > maxY()) {
      doc.addPage();
      y = MARGIN;
    }
    doc.fillColor(COLORS.navy).font(FONTS.bold).fontSize(13).text(pdfText(heading), MARGIN, y, { width });
    y += 20;
    const barX = MARGIN + LABEL_WIDTH;
    const barWidth = width - LABEL_WIDTH - VALUE_WIDTH;
    for (const bar of bars) {
      if (y + ROW > maxY()) {
        doc.addPage();
        y = MARGIN;
      }
      doc.font(FONTS.regular).fontSize(10).fillColor(COLORS.ink);
      doc.text(ellipsize(doc, pdfText(bar.label), LABEL_WIDTH - 8), MARGIN, y + 2, { lineBreak: false });
      doc.rect(barX, y + 2, barWidth, ROW - 5).fill(COLORS.bg);
      if (bar.value > 0) doc.rect(barX, y + 2, (barWidth * bar.value) / top, ROW - 5).fill(COLORS.orange);
      if (bar.mark !== undefined && bar.mark !== null) {
        const x = barX + (barWidth * bar.mark) / top;
        doc.rect(x - 1, y, 2, ROW - 1).fill(COLORS.navy);
      }
      const value =
        bar.mark !== undefined && bar.mark !== null ? `${fmt(bar.value)} (${fmt(bar.mark)})` : fmt(bar.value);
      doc.fillColor(COLORS.ink).text(value, barX + barWidth + 6, y + 2, { width: VALUE_WIDTH - 6, lineBreak: false });
      y += ROW;
    }
    y += 12;
  };

  // As the page writes them: 'Samedi 1er juin', '9h' ('Saturday 1 June', '9:00').
  const dayLabel = (day: string) => `${weekdayText(day, lang)} ${dayMonthText(day, lang)}`;
  const shownMedian = !!report.hall?.median?.total;
  chart(
    shownMedian ? `${t.days} (${t.dayMedian})` : t.days,
    report.days.map((d) => ({ label: dayLabel(d.day), value: d.leads, mark: shownMedian ? d.hallMedian : null })),
  );
  chart(
    t.hours,
    report.hours.map((h) => ({ label: t.hour(h.hour), value: h.leads })),
  );
  chart(
    t.scanners,
    report.scanners.map((s) => ({ label: s.name, value: s.leads })),
  );
  chart(
    t.ratings,
    report.ratings.map((r) => ({ label: r.rating === null ? t.noRating : t.stars(r.rating), value: r.leads })),
  );
  chart(
    t.followUps,
    report.followUps.map((f) => ({ label: followUpName(lang, f.status) ?? t.noStatus, value: f.leads })),
  );
  for (const q of report.questions) {
    const bars: Bar[] =
      q.kind === 'text'
        ? [{ label: t.answered, value: q.answered }]
        : q.choices.map((c) => ({ label: c.choice, value: c.leads }));
    chart(q.label, [...bars, { label: t.unanswered, value: q.unanswered }]);
  }
  return finish(`${SHOW_NAME} — ${title}`);
}
