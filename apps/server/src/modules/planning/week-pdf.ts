import type { WeeklyPlan } from '@cue/contract';
import { type PdfLanguage, startPdf, wrapLines } from '../exports/pdf-kit.js';
import { visual } from '../exports/rtl-text.js';

export type WeekPdfLanguage = PdfLanguage;

const EN = {
  title: 'Weekly plan',
  week: 'Week of',
  holiday: 'Holiday',
  nothing: 'Nothing planned',
  unit: 'Unit',
  units: 'Units this week',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};
const LABELS: Record<WeekPdfLanguage, Record<keyof typeof EN, string>> = {
  en: EN,
  ar: {
    title: 'الخطة الأسبوعية',
    week: 'أسبوع',
    holiday: 'عطلة',
    nothing: 'لا شيء مخطط',
    unit: 'الوحدة',
    units: 'وحدات هذا الأسبوع',
    monday: 'الاثنين',
    tuesday: 'الثلاثاء',
    wednesday: 'الأربعاء',
    thursday: 'الخميس',
    friday: 'الجمعة',
    saturday: 'السبت',
    sunday: 'الأحد',
  },
  he: {
    title: 'תוכנית שבועית',
    week: 'שבוע של',
    holiday: 'חופשה',
    nothing: 'לא תוכנן דבר',
    unit: 'יחידה',
    units: 'יחידות השבוע',
    monday: 'יום שני',
    tuesday: 'יום שלישי',
    wednesday: 'יום רביעי',
    thursday: 'יום חמישי',
    friday: 'יום שישי',
    saturday: 'שבת',
    sunday: 'יום ראשון',
  },
};

/**
 * A class's week on one landscape A4 page (more when a day runs long): a column per day the class meets,
 * each activity with its time, title, unit and areas; holidays marked. In Arabic and Hebrew the columns
 * run right to left and each line is put in visual order. `onProgress` is told each day done (0 to 1).
 */
export async function weekPlanPdf(
  plan: WeeklyPlan,
  language: WeekPdfLanguage,
  onProgress: (share: number) => Promise<void> = async () => undefined,
): Promise<Buffer> {
  const rtl = language !== 'en';
  const dir = rtl ? 'rtl' : 'ltr';
  const L = LABELS[language];
  const { doc, done } = startPdf({
    size: 'A4',
    layout: 'landscape',
    margin: 30,
    info: { Title: `${L.title} ${plan.class.name} ${plan.week_start}` },
  });
  const margin = 30;
  const width = doc.page.width - margin * 2;
  const bottom = doc.page.height - margin;
  const align = rtl ? 'right' : 'left';
  // A date's hyphens would turn its numbers around in a right-to-left line (the bidi step reads them as
  // minus signs); slashes keep the day before the month.
  const shown = (date: string) => (rtl ? date.replaceAll('-', '/') : date);
  const wrap = (text: string, w: number) => wrapLines(doc, text, w, dir);
  const write = (text: string, x: number, y: number, w: number, font: 'regular' | 'bold', size: number, color: string) => {
    doc.font(font).fontSize(size).fillColor(color);
    let at = y;
    for (const part of wrap(text, w)) {
      doc.text(visual(part, dir), x, at, { width: w, align, lineBreak: false });
      at += doc.currentLineHeight(true) + 1;
    }
    return at;
  };

  let y = write(`${L.title} · ${plan.class.name}`, margin, margin, width, 'bold', 16, '#111111');
  y = write(`${L.week} ${shown(plan.week_start)}`, margin, y + 2, width, 'regular', 10, '#555555');
  if (plan.units.length)
    y = write(`${L.units}: ${plan.units.map((u) => u.name).join(' · ')}`, margin, y + 2, width, 'regular', 9, '#555555');
  y += 8;

  const days = plan.days.filter((d) => d.open || d.activities.length > 0);
  const gap = 6;
  const colWidth = days.length ? (width - gap * (days.length - 1)) / days.length : width;
  const top = y;
  for (const [i, day] of days.entries()) {
    // Right to left, the week's first day is the rightmost column.
    const slot = rtl ? days.length - 1 - i : i;
    const x = margin + slot * (colWidth + gap);
    doc.rect(x, top, colWidth, 22).fill(day.holiday ? '#fde2e2' : '#e8eefc');
    write(
      `${L[day.weekday as keyof typeof EN] ?? day.weekday} ${shown(day.date.slice(0, 5))}`,
      x + 4,
      top + 6,
      colWidth - 8,
      'bold',
      9,
      '#111111',
    );
    let at = top + 28;
    if (day.holiday) {
      at = write(`${L.holiday}: ${day.holiday}`, x + 4, at, colWidth - 8, 'bold', 9, '#b91c1c');
    } else if (day.activities.length === 0) {
      at = write(L.nothing, x + 4, at, colWidth - 8, 'regular', 8, '#777777');
    }
    for (const a of day.activities) {
      if (at > bottom - 40) {
        doc.addPage({ size: 'A4', layout: 'landscape', margin });
        at = margin;
      }
      at = write(`${a.start_time} – ${a.end_time}`, x + 4, at, colWidth - 8, 'regular', 7.5, '#555555');
      at = write(a.title, x + 4, at, colWidth - 8, 'bold', 9, '#111111');
      if (a.unit) at = write(`${L.unit}: ${a.unit.name}`, x + 4, at, colWidth - 8, 'regular', 7.5, '#1d4ed8');
      if (a.areas.length)
        at = write(a.areas.map((area) => area.name).join(', '), x + 4, at, colWidth - 8, 'regular', 7, '#555555');
      at += 6;
    }
    await onProgress((i + 1) / days.length);
  }
  doc.end();
  return done;
}
