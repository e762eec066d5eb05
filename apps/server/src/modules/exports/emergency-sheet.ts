import { type PdfLanguage, startPdf, wrapLines } from './pdf-kit.js';
import { visual } from './rtl-text.js';

/** One child on a class's emergency sheet. */
export interface SheetChild {
  name: string;
  age: string | null;
  photo: Buffer | null;
  allergies: { name: string; severity: string | null; action_plan: string; epipen: boolean }[];
  medical: { name: string; action_plan: string }[];
  dietary: string[];
  contacts: { name: string; relationship: string; phone: string | null }[];
  collectors: { name: string; relationship: string }[];
}

export type SheetLanguage = PdfLanguage;

const EN = {
  title: 'Emergency sheet',
  printed: 'Printed',
  children: 'children',
  age: 'Age',
  allergies: 'Allergies',
  epipen: 'EpiPen',
  medical: 'Medical',
  dietary: 'Dietary',
  contacts: 'Emergency contacts',
  collectors: 'May collect',
  none: 'None recorded',
  mild: 'mild',
  moderate: 'moderate',
  severe: 'SEVERE',
  confidential: 'Confidential: for staff on outings and drills. Keep it safe and destroy it after use.',
};
const LABELS: Record<SheetLanguage, Record<keyof typeof EN, string>> = {
  en: EN,
  ar: {
    title: 'ورقة الطوارئ',
    printed: 'طُبعت في',
    children: 'أطفال',
    age: 'العمر',
    allergies: 'الحساسية',
    epipen: 'حقنة إبينفرين',
    medical: 'حالات طبية',
    dietary: 'النظام الغذائي',
    contacts: 'جهات الاتصال في الطوارئ',
    collectors: 'يُسمح لهم باستلام الطفل',
    none: 'لا شيء مسجل',
    mild: 'خفيفة',
    moderate: 'متوسطة',
    severe: 'شديدة',
    confidential: 'سري: للموظفين في الرحلات والتدريبات. احفظوها بأمان وأتلفوها بعد الاستخدام.',
  },
  he: {
    title: 'דף חירום',
    printed: 'הודפס',
    children: 'ילדים',
    age: 'גיל',
    allergies: 'אלרגיות',
    epipen: 'מזרק אפיפן',
    medical: 'מצבים רפואיים',
    dietary: 'תזונה',
    contacts: 'אנשי קשר לחירום',
    collectors: 'רשאים לאסוף',
    none: 'לא נרשם דבר',
    mild: 'קלה',
    moderate: 'בינונית',
    severe: 'חמורה',
    confidential: 'חסוי: לצוות בטיולים ובתרגילים. יש לשמור בבטחה ולהשמיד לאחר השימוש.',
  },
};

/**
 * A class's emergency sheet: one block per child with photo, allergies (severe ones in red), medical
 * needs, diet, emergency contacts in order and who may collect. Right to left in Arabic and Hebrew.
 * `onProgress` is told each child done (0 to 1).
 */
export async function emergencySheetPdf(
  input: { school: string; className: string; printedAt: string; language: SheetLanguage; children: SheetChild[] },
  onProgress: (share: number) => Promise<void> = async () => undefined,
): Promise<Buffer> {
  const rtl = input.language !== 'en';
  const dir = rtl ? 'rtl' : 'ltr';
  const L = LABELS[input.language];
  const { doc, done } = startPdf({ size: 'A4', margin: 40, info: { Title: `${L.title} ${input.className}` } });
  const width = doc.page.width - 80;
  const align = rtl ? 'right' : 'left';
  const wrap = (text: string, w: number) => wrapLines(doc, text, w, dir);
  const line = (
    text: string,
    opts: { font?: 'regular' | 'bold'; size?: number; color?: string; x?: number; w?: number } = {},
  ) => {
    doc
      .font(opts.font ?? 'regular')
      .fontSize(opts.size ?? 9)
      .fillColor(opts.color ?? '#111111');
    const w = opts.w ?? width;
    for (const part of wrap(text, w)) doc.text(visual(part, dir), opts.x ?? 40, undefined, { width: w, align, lineBreak: false });
  };

  line(`${L.title} · ${input.className}`, { font: 'bold', size: 18 });
  line(`${input.school} · ${L.printed} ${input.printedAt} · ${input.children.length} ${L.children}`, {
    size: 9,
    color: '#555555',
  });
  line(L.confidential, { size: 8, color: '#a61e4d' });
  doc.moveDown(0.6);

  const PHOTO = 56;
  for (const [i, child] of input.children.entries()) {
    if (doc.y > doc.page.height - 170) doc.addPage();
    const top = doc.y;
    const photoX = rtl ? 40 + width - PHOTO : 40;
    const textX = rtl ? 40 : 40 + PHOTO + 10;
    const textW = width - PHOTO - 10;
    if (child.photo) {
      try {
        doc.image(child.photo, photoX, top, { fit: [PHOTO, PHOTO] });
      } catch {
        doc.rect(photoX, top, PHOTO, PHOTO).stroke('#cccccc');
      }
    } else doc.rect(photoX, top, PHOTO, PHOTO).stroke('#cccccc');
    doc.y = top;
    const severe = child.allergies.some((a) => a.severity === 'severe') || child.allergies.some((a) => a.epipen);
    line(child.name + (child.age ? ` · ${L.age} ${child.age}` : ''), {
      font: 'bold',
      size: 11,
      x: textX,
      w: textW,
      color: severe ? '#c92a2a' : '#111111',
    });
    const allergies = child.allergies.length
      ? child.allergies
          .map(
            (a) =>
              `${a.name} (${a.severity === 'mild' || a.severity === 'moderate' || a.severity === 'severe' ? L[a.severity] : ''}${a.epipen ? `, ${L.epipen}` : ''})${a.action_plan ? `: ${a.action_plan}` : ''}`,
          )
          .join('; ')
      : L.none;
    line(`${L.allergies}: ${allergies}`, {
      x: textX,
      w: textW,
      color: severe ? '#c92a2a' : '#111111',
      font: severe ? 'bold' : 'regular',
    });
    if (child.medical.length)
      line(`${L.medical}: ${child.medical.map((m) => (m.action_plan ? `${m.name}: ${m.action_plan}` : m.name)).join('; ')}`, {
        x: textX,
        w: textW,
      });
    if (child.dietary.length) line(`${L.dietary}: ${child.dietary.join(', ')}`, { x: textX, w: textW });
    line(
      `${L.contacts}: ${child.contacts.length ? child.contacts.map((c, n) => `${n + 1}. ${c.name} (${c.relationship}) ${c.phone ?? ''}`.trim()).join('   ') : L.none}`,
      { x: textX, w: textW },
    );
    if (child.collectors.length)
      line(`${L.collectors}: ${child.collectors.map((c) => `${c.name} (${c.relationship})`).join(', ')}`, { x: textX, w: textW });
    doc.y = Math.max(doc.y, top + PHOTO) + 8;
    doc
      .moveTo(40, doc.y - 4)
      .lineTo(40 + width, doc.y - 4)
      .stroke('#e9ecef');
    await onProgress((i + 1) / Math.max(1, input.children.length));
  }
  doc.end();
  return done;
}
