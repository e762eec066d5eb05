import { HPC_DOMAINS, HPC_SELF_PROMPTS, type HpcLevel, learningAreaName, type ReportSection, SELF_ANSWERS } from '@cue/contract';
import { type PdfLanguage, startPdf, wrapLines } from '../exports/pdf-kit.js';
import { visual } from '../exports/rtl-text.js';

/** What one child's report card prints, gathered by the service. */
export interface ReportPdfData {
  school: { name: string; logo: Buffer | null };
  studentName: string;
  className: string;
  periodName: string;
  /** DD-MM-YYYY – DD-MM-YYYY. */
  periodDates: string;
  sections: ReportSection[];
  attendance: { present: number; absent: number; late: number };
  comments: { area: string; text: string }[];
  grades: { task: string; subject: string; grade: string }[];
  hpc: {
    ratings: Record<string, HpcLevel | null>;
    self: Record<string, string>;
    narrative: string;
  } | null;
  teacherNote: string;
  teacherNames: string;
  headName: string;
}

type SectionKind = ReportSection['kind'];
type DomainKey = (typeof HPC_DOMAINS)[number]['key'];
type DescriptorKey = (typeof HPC_DOMAINS)[number]['descriptors'][number]['key'];

/** The English titles of the default template's sections (printed translated in Arabic and Hebrew). */
export const DEFAULT_TITLES: Record<SectionKind, string> = {
  attendance: 'Attendance',
  comments: 'Learning and development',
  grades: 'Grades',
  hpc: 'Holistic progress card',
  text: 'Next steps at home',
  signatures: 'Signatures',
};

const EN = {
  ...DEFAULT_TITLES,
  reportCard: 'Report card',
  class: 'Class',
  period: 'Period',
  present: 'Present',
  absent: 'Absent',
  late: 'Late',
  task: 'Task',
  subject: 'Subject',
  grade: 'Grade',
  noGrades: 'No grades recorded in this period.',
  noComment: 'No comment written.',
  notRated: 'Not yet rated',
  narrative: "Teacher's narrative",
  self: 'Self-assessment',
  teacherNote: "Teacher's note",
  teacher: 'Class teacher',
  head: 'Head of school',
  beginner: 'Stream',
  progressing: 'Mountain',
  proficient: 'Sky',
  yes: 'Yes',
  sometimes: 'Sometimes',
  not_yet: 'Not yet',
  enjoy_school: 'I enjoy coming to school',
  play_with_friends: 'I play with my friends',
  try_new_things: 'I try new things',
  help_others: 'I help others',
  draw_and_write: 'I like to draw and write',
  count_things: 'I like to count things',
};
type Label = keyof typeof EN;

const LABELS: Record<PdfLanguage, Record<Label, string>> = {
  en: EN,
  ar: {
    attendance: 'الحضور',
    comments: 'التعلم والنمو',
    grades: 'الدرجات',
    hpc: 'بطاقة التقدم الشامل',
    text: 'الخطوات التالية في المنزل',
    signatures: 'التوقيعات',
    reportCard: 'بطاقة التقرير',
    class: 'الصف',
    period: 'الفترة',
    present: 'حاضر',
    absent: 'غائب',
    late: 'متأخر',
    task: 'المهمة',
    subject: 'المادة',
    grade: 'الدرجة',
    noGrades: 'لا توجد درجات مسجلة في هذه الفترة.',
    noComment: 'لم يكتب تعليق.',
    notRated: 'لم يقيم بعد',
    narrative: 'وصف المعلم',
    self: 'التقييم الذاتي',
    teacherNote: 'ملاحظة المعلم',
    teacher: 'معلم الصف',
    head: 'مدير المدرسة',
    beginner: 'جدول',
    progressing: 'جبل',
    proficient: 'سماء',
    yes: 'نعم',
    sometimes: 'أحيانا',
    not_yet: 'ليس بعد',
    enjoy_school: 'أحب المجيء إلى المدرسة',
    play_with_friends: 'ألعب مع أصدقائي',
    try_new_things: 'أجرب أشياء جديدة',
    help_others: 'أساعد الآخرين',
    draw_and_write: 'أحب الرسم والكتابة',
    count_things: 'أحب عد الأشياء',
  },
  he: {
    attendance: 'נוכחות',
    comments: 'למידה והתפתחות',
    grades: 'ציונים',
    hpc: 'כרטיס התקדמות הוליסטי',
    text: 'הצעדים הבאים בבית',
    signatures: 'חתימות',
    reportCard: 'תעודה',
    class: 'כיתה',
    period: 'תקופה',
    present: 'נוכח',
    absent: 'נעדר',
    late: 'איחור',
    task: 'משימה',
    subject: 'מקצוע',
    grade: 'ציון',
    noGrades: 'לא נרשמו ציונים בתקופה זו.',
    noComment: 'לא נכתבה הערה.',
    notRated: 'טרם דורג',
    narrative: 'דברי המורה',
    self: 'הערכה עצמית',
    teacherNote: 'הערת המורה',
    teacher: 'מחנכת הכיתה',
    head: 'מנהלת בית הספר',
    beginner: 'נחל',
    progressing: 'הר',
    proficient: 'שמיים',
    yes: 'כן',
    sometimes: 'לפעמים',
    not_yet: 'עדיין לא',
    enjoy_school: 'אני אוהב לבוא לבית הספר',
    play_with_friends: 'אני משחק עם החברים שלי',
    try_new_things: 'אני מנסה דברים חדשים',
    help_others: 'אני עוזר לאחרים',
    draw_and_write: 'אני אוהב לצייר ולכתוב',
    count_things: 'אני אוהב לספור דברים',
  },
};

/** The progress card's domains and descriptors in Arabic and Hebrew (the English is the contract's). */
const DOMAIN_NAMES: Record<'ar' | 'he', Record<DomainKey, string>> = {
  ar: {
    physical: 'النمو البدني',
    socio_emotional: 'النمو الاجتماعي والعاطفي والأخلاقي',
    cognitive: 'النمو المعرفي',
    language: 'اللغة والتواصل',
    aesthetic: 'النمو الجمالي والثقافي',
    learning_habits: 'عادات التعلم',
  },
  he: {
    physical: 'התפתחות גופנית',
    socio_emotional: 'התפתחות חברתית, רגשית ומוסרית',
    cognitive: 'התפתחות קוגניטיבית',
    language: 'שפה ותקשורת',
    aesthetic: 'התפתחות אסתטית ותרבותית',
    learning_habits: 'הרגלי למידה',
  },
};
const DESCRIPTORS: Record<'ar' | 'he', Record<DescriptorKey, string>> = {
  ar: {
    gross_motor: 'يتحرك بتوازن وتناسق وتحكم',
    fine_motor: 'يستخدم يديه وأصابعه بتحكم',
    health_habits: 'يحافظ على عادات صحية وآمنة',
    self_awareness: 'يعرف نفسه ويعبر عن مشاعره',
    relationships: 'يكوّن علاقات طيبة مع الآخرين',
    care_respect: 'يهتم بالآخرين وبالبيئة ويحترمهم',
    inquiry: 'يلاحظ ويستكشف العالم من حوله',
    numeracy: 'يستخدم الأعداد والأشكال والقياس',
    problem_solving: 'يفكر ويحل المشكلات',
    listening_speaking: 'يستمع ويتحدث بفهم',
    reading: 'يستمتع بالكتب ويبدأ القراءة',
    writing: 'يبدأ الكتابة للتعبير',
    creative_expression: 'يعبر بالفن والموسيقى والحركة',
    appreciation: 'يقدّر الجمال والثقافة',
    attention: 'ينتبه ويثابر',
    curiosity: 'فضولي ويطرح الأسئلة',
    independence: 'يعمل باستقلالية',
  },
  he: {
    gross_motor: 'נע באיזון, בתיאום ובשליטה',
    fine_motor: 'משתמש בידיים ובאצבעות בשליטה',
    health_habits: 'שומר על הרגלים בריאים ובטוחים',
    self_awareness: 'מכיר את עצמו ומביע רגשות',
    relationships: 'יוצר קשרים טובים עם אחרים',
    care_respect: 'דואג לאחרים ולסביבה ומכבד אותם',
    inquiry: 'מתבונן וחוקר את העולם סביבו',
    numeracy: 'משתמש במספרים, צורות ומדידה',
    problem_solving: 'חושב ופותר בעיות',
    listening_speaking: 'מקשיב ומדבר בהבנה',
    reading: 'נהנה מספרים ומתחיל לקרוא',
    writing: 'מתחיל לכתוב כדי להביע',
    creative_expression: 'מביע את עצמו באמנות, מוזיקה ותנועה',
    appreciation: 'מעריך יופי ותרבות',
    attention: 'מקשיב ומתמיד',
    curiosity: 'סקרן ושואל שאלות',
    independence: 'פועל בעצמאות',
  },
};

/** A section's printed title: the template's own words, else (or where it kept the English default) the label in the language. */
export function sectionTitle(section: ReportSection, language: PdfLanguage): string {
  const own = section.title.trim();
  if (language === 'en') return own || EN[section.kind];
  return own && own !== DEFAULT_TITLES[section.kind] ? own : LABELS[language][section.kind];
}

const MARGIN = 40;
const PAGE = { size: 'A4', margin: MARGIN } as const;

/**
 * Draws one child's report card into `doc`, starting on the current (empty) page: the header with the
 * school's name and logo, then the template's sections in order; the progress card takes a page of its
 * own. In Arabic and Hebrew every line runs right to left, shaped and put in visual order, and the
 * grades table's columns run from the right.
 */
export function drawReport(doc: PDFKit.PDFDocument, data: ReportPdfData, language: PdfLanguage): void {
  const rtl = language !== 'en';
  const dir = rtl ? 'rtl' : 'ltr';
  const L = LABELS[language];
  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN;
  const align = rtl ? 'right' : 'left';
  // A date's hyphens would turn its numbers around in a right-to-left line; slashes keep the day first.
  const shown = (text: string) => (rtl ? text.replaceAll('-', '/').replaceAll(' / ', ' - ') : text);
  let y = MARGIN;
  const need = (h: number) => {
    if (y + h > bottom()) {
      doc.addPage(PAGE);
      y = MARGIN;
    }
  };
  const write = (
    text: string,
    opts: { x?: number; w?: number; font?: 'regular' | 'bold'; size?: number; color?: string; at?: number } = {},
  ) => {
    const x = opts.x ?? MARGIN;
    const w = opts.w ?? width;
    doc
      .font(opts.font ?? 'regular')
      .fontSize(opts.size ?? 10)
      .fillColor(opts.color ?? '#111111');
    let at = opts.at ?? y;
    for (const part of wrapLines(doc, text, w, dir)) {
      if (opts.at === undefined && at + doc.currentLineHeight(true) > bottom()) {
        doc.addPage(PAGE);
        at = MARGIN;
      }
      doc.text(visual(part, dir), x, at, { width: w, align, lineBreak: false });
      at += doc.currentLineHeight(true) + 1;
    }
    if (opts.at === undefined) y = at;
    return at;
  };
  const heading = (text: string) => {
    need(40);
    y += 10;
    write(text, { font: 'bold', size: 13, color: '#1d4ed8' });
    doc
      .moveTo(MARGIN, y + 1)
      .lineTo(MARGIN + width, y + 1)
      .lineWidth(0.5)
      .stroke('#c7d2fe');
    y += 6;
  };

  // Header: the logo on the reading side's start, the school's name beside it.
  const LOGO = 48;
  let textX = MARGIN;
  let textW = width;
  if (data.school.logo) {
    try {
      doc.image(data.school.logo, rtl ? MARGIN + width - LOGO : MARGIN, y, { fit: [LOGO, LOGO] });
      textW = width - LOGO - 12;
      textX = rtl ? MARGIN : MARGIN + LOGO + 12;
    } catch {
      // A logo pdfkit cannot read is left out rather than failing the whole set.
    }
  }
  const top = y;
  y = write(data.school.name, { x: textX, w: textW, font: 'bold', size: 16 });
  y = write(`${L.reportCard} · ${data.studentName}`, { x: textX, w: textW, font: 'bold', size: 14, color: '#333333' });
  y = write(`${L.class}: ${data.className} · ${L.period}: ${data.periodName} (${shown(data.periodDates)})`, {
    x: textX,
    w: textW,
    size: 9,
    color: '#555555',
  });
  y = Math.max(y, top + (data.school.logo ? LOGO : 0)) + 6;

  for (const section of data.sections) {
    const title = sectionTitle(section, language);
    if (section.kind === 'hpc') {
      drawHpc(title);
      continue;
    }
    heading(title);
    if (section.kind === 'attendance') {
      write(
        `${L.present}: ${data.attendance.present} · ${L.absent}: ${data.attendance.absent} · ${L.late}: ${data.attendance.late}`,
      );
    } else if (section.kind === 'comments') {
      for (const c of data.comments) {
        need(30);
        write(learningAreaName(c.area, language), { font: 'bold', size: 10.5 });
        write(c.text.trim() || L.noComment, { size: 10, color: c.text.trim() ? '#111111' : '#777777' });
        y += 4;
      }
      if (data.teacherNote.trim()) {
        need(30);
        write(L.teacherNote, { font: 'bold', size: 10.5 });
        write(data.teacherNote, { size: 10 });
      }
    } else if (section.kind === 'grades') {
      drawGrades();
    } else if (section.kind === 'text') {
      if (section.text.trim()) write(section.text, { size: 10 });
    } else if (section.kind === 'signatures') {
      need(70);
      y += 24;
      const half = (width - 30) / 2;
      const columns = [
        { label: L.teacher, name: data.teacherNames },
        { label: L.head, name: data.headName },
      ];
      const lineY = y;
      for (const [i, col] of columns.entries()) {
        const x = MARGIN + (rtl ? 1 - i : i) * (half + 30);
        doc
          .moveTo(x, lineY)
          .lineTo(x + half, lineY)
          .lineWidth(0.7)
          .stroke('#111111');
        write(col.name, { x, w: half, size: 10, at: lineY + 4 });
        write(col.label, { x, w: half, size: 8.5, color: '#555555', at: lineY + 18 });
      }
      y = lineY + 34;
    }
  }

  function drawGrades(): void {
    if (data.grades.length === 0) {
      write(L.noGrades, { size: 10, color: '#777777' });
      return;
    }
    const cols = [
      { label: L.task, w: width * 0.5, key: 'task' as const },
      { label: L.subject, w: width * 0.3, key: 'subject' as const },
      { label: L.grade, w: width * 0.2, key: 'grade' as const },
    ];
    // Right to left, the first column is the rightmost.
    const xs: number[] = [];
    let run = 0;
    for (const c of cols) {
      xs.push(rtl ? MARGIN + width - run - c.w : MARGIN + run);
      run += c.w;
    }
    const row = (values: string[], font: 'regular' | 'bold') => {
      need(20);
      let next = y;
      for (const [i, c] of cols.entries())
        next = Math.max(next, write(values[i] ?? '', { x: (xs[i] ?? MARGIN) + 3, w: c.w - 6, font, size: 9.5, at: y + 3 }));
      y = next + 3;
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + width, y)
        .lineWidth(0.3)
        .stroke('#dddddd');
    };
    row(
      cols.map((c) => c.label),
      'bold',
    );
    for (const g of data.grades)
      row(
        cols.map((c) => g[c.key]),
        'regular',
      );
  }

  function drawHpc(title: string): void {
    doc.addPage(PAGE);
    y = MARGIN;
    write(title, { font: 'bold', size: 15, color: '#1d4ed8' });
    write(`${data.studentName} · ${data.periodName}`, { size: 9.5, color: '#555555' });
    y += 6;
    const level = (l: HpcLevel | null) => (l ? L[l] : L.notRated);
    for (const domain of HPC_DOMAINS) {
      need(40);
      write(language === 'en' ? domain.name : DOMAIN_NAMES[language][domain.key], { font: 'bold', size: 11 });
      for (const d of domain.descriptors) {
        const text = language === 'en' ? d.text : DESCRIPTORS[language][d.key];
        const rated = data.hpc?.ratings[d.key] ?? null;
        write(`${text}: ${level(rated)}`, { size: 9.5, color: rated ? '#111111' : '#777777' });
      }
      y += 4;
    }
    need(40);
    y += 4;
    write(L.narrative, { font: 'bold', size: 11 });
    write(data.hpc?.narrative.trim() || '—', { size: 10 });
    y += 6;
    need(40);
    write(L.self, { font: 'bold', size: 11 });
    for (const prompt of HPC_SELF_PROMPTS) {
      const answer = data.hpc?.self[prompt];
      const said = answer && (SELF_ANSWERS as readonly string[]).includes(answer) ? L[answer as Label] : '—';
      write(`${L[prompt]}: ${said}`, { size: 9.5 });
    }
    // The sections after the card start on a page of their own too (the next heading turns the page).
    y = doc.page.height;
  }
}

/** One child's report card as a PDF. */
export async function reportPdf(data: ReportPdfData, language: PdfLanguage): Promise<Buffer> {
  const { doc, done } = startPdf({ ...PAGE, info: { Title: `${LABELS[language].reportCard} ${data.studentName}` } });
  drawReport(doc, data, language);
  doc.end();
  return done;
}

/**
 * The class's report cards one after another (for printing), each starting on a new page; `add` draws
 * the next child's report, `finish` answers the file.
 */
export function classReportPdf(title: string): {
  add(data: ReportPdfData, language: PdfLanguage): void;
  finish(): Promise<Buffer>;
} {
  const { doc, done } = startPdf({ ...PAGE, info: { Title: title } });
  let first = true;
  return {
    add(data, language) {
      if (!first) doc.addPage(PAGE);
      first = false;
      drawReport(doc, data, language);
    },
    finish() {
      doc.end();
      return done;
    },
  };
}
