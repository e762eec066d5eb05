import type { Guard } from './guards.js';

/** The languages of the interface; the assistant's own sentences are said in the teacher's. */
export type Locale = 'en' | 'ar' | 'he';
export const LOCALES: readonly Locale[] = ['en', 'ar', 'he'];

type Params = Record<string, string | number>;
type Say = (p: Params) => string;

export type ReplyKey =
  | 'clarifyChild'
  | 'clarifyDate'
  | 'clarifyIntent'
  | 'attendance'
  | 'observationOne'
  | 'observationMany'
  | 'announcement'
  | 'announcementLater'
  | 'mentioned'
  | 'notFound'
  | 'notFoundAttendance'
  | 'help'
  | 'nothingFound'
  | 'careOne'
  | 'careMany'
  | 'noCare'
  | Guard;

const list = (names: string, lang: Locale) => names.split('\u0000').join(lang === 'ar' ? '، ' : ', ');

/**
 * The assistant's fixed sentences (questions, summaries of its drafts, names not found, what it can
 * do), in English, Arabic and Hebrew. The teacher's words and the children's names are quoted as given.
 */
const REPLIES: Record<Locale, Record<ReplyKey, Say>> = {
  en: {
    clarifyChild: (p) => `Which ${p.word} do you mean?`,
    clarifyDate: () => 'Which day do you mean?',
    clarifyIntent: () => 'What would you like me to do with this?',
    attendance: (p) => `Here is the attendance for ${p.date}. Check it and mark it complete.`,
    observationOne: () => 'I drafted an observation. Check and save.',
    observationMany: (p) => `I drafted ${p.count} observations. Check and save.`,
    announcement: () => 'I drafted an announcement. Check it, then save it as a draft or send it.',
    announcementLater: (p) => `I drafted an announcement to send on ${p.date} at ${p.time}.`,
    mentioned: () => 'These are the children you mentioned.',
    notFound: (p) =>
      `I could not find ${list(String(p.names), 'en')} in this class, so I drafted nothing for ${Number(p.count) === 1 ? 'that child' : 'those children'}.`,
    notFoundAttendance: (p) =>
      `I could not find ${list(String(p.names), 'en')} in this class, so I drafted no attendance. Please check the ${Number(p.count) === 1 ? 'name' : 'names'} and send it again.`,
    help: () =>
      'I can mark attendance, note observations, draft announcements and answer questions about your class. Try "Mark everyone present except Kabir".',
    nothingFound: () => 'I could not find anything for that.',
    careOne: () => 'I drafted the care for one child. Check the time and details, then save.',
    careMany: (p) => `I drafted the care for ${p.count} children. Check the times and details, then save.`,
    noCare: () => 'I cannot log care here: the carelog is not switched on for your school.',
    unfinished: (p) => `Your message stops at "${p.start}". Please finish it and send it again.`,
    attendanceWhat: () =>
      'Who is absent or late? For example: "Everyone is present except Kabir, Meera is late". I will draft the attendance for you to check.',
    announcementWhat: () =>
      'What would you like to tell the parents? Write the message, for example: "Tell parents that sports day is on Friday".',
    observationWhat: () =>
      'Stories are not in Cue yet, but I can note an observation. Which child, and what happened? For example: "Meera built a tall tower with blocks today".',
    noPlanning: () =>
      'I do not write lesson plans into the chat. Plans are made in Planning (units, weekly plans and the unit library), or ask Cue: "Plan a unit about minibeasts" creates a unit draft for your class, and "Analyse this week’s plan" suggests what to observe from your class’s observations.',
    progress: () =>
      'I cannot analyse progress yet. I can answer questions over your class’s records: who was absent this week, a child’s attendance rate this month, or which children have no observation in an area. Try "Who was absent this week?".',
  },
  ar: {
    clarifyChild: (p) => `أي ${p.word} تقصدين؟`,
    clarifyDate: () => 'أي يوم تقصدين؟',
    clarifyIntent: () => 'ماذا تريدين أن أفعل بهذا؟',
    attendance: (p) => `هذا حضور يوم ${p.date}. راجعيه ثم علّميه مكتملًا.`,
    observationOne: () => 'كتبت مسودة ملاحظة. راجعيها واحفظيها.',
    observationMany: (p) => `كتبت ${p.count} مسودات ملاحظات. راجعيها واحفظيها.`,
    announcement: () => 'كتبت مسودة إعلان. راجعيه، ثم احفظيه مسودة أو أرسليه.',
    announcementLater: (p) => `كتبت مسودة إعلان يُرسل يوم ${p.date} الساعة ${p.time}.`,
    mentioned: () => 'هؤلاء هم الأطفال الذين ذكرتِهم.',
    notFound: (p) =>
      `لم أجد ${list(String(p.names), 'ar')} في هذا الصف، فلم أكتب شيئًا ${Number(p.count) === 1 ? 'لهذا الطفل' : 'لهؤلاء الأطفال'}.`,
    notFoundAttendance: (p) =>
      `لم أجد ${list(String(p.names), 'ar')} في هذا الصف، فلم أكتب أي حضور. تحققي من ${Number(p.count) === 1 ? 'الاسم' : 'الأسماء'} وأرسلي الرسالة مرة أخرى.`,
    help: () =>
      'أستطيع تسجيل الحضور، وكتابة الملاحظات، وكتابة مسودات الإعلانات، والإجابة عن أسئلة حول صفك. جرّبي: "الكل حاضر ما عدا كبير".',
    nothingFound: () => 'لم أجد شيئًا لذلك.',
    careOne: () => 'كتبت مسودة الرعاية لطفل واحد. راجعي الوقت والتفاصيل ثم احفظي.',
    careMany: (p) => `كتبت مسودة الرعاية لـ ${p.count} أطفال. راجعي الأوقات والتفاصيل ثم احفظي.`,
    noCare: () => 'لا أستطيع تسجيل الرعاية هنا: سجل الرعاية غير مفعّل في مدرستك.',
    unfinished: (p) => `رسالتك تتوقف عند "${p.start}". أكمليها ثم أرسليها مرة أخرى.`,
    attendanceWhat: () => 'من الغائب أو المتأخر؟ مثلًا: "الكل حاضر ما عدا كبير، وميرا متأخرة". سأكتب الحضور لتراجعيه.',
    announcementWhat: () => 'ماذا تريدين أن تقولي للأهالي؟ اكتبي الرسالة، مثلًا: "أخبري الأهالي أن اليوم الرياضي يوم الجمعة".',
    observationWhat: () =>
      'القصص غير موجودة في Cue بعد، لكن يمكنني كتابة ملاحظة. أي طفل، وماذا حدث؟ مثلًا: "ميرا بنت برجًا عاليًا من المكعبات اليوم".',
    noPlanning: () =>
      'لا أكتب خطط الدروس في المحادثة. تُعدّ الخطط في قسم التخطيط (الوحدات والخطط الأسبوعية ومكتبة الوحدات)، أو اطلبي من Cue: "Plan a unit about minibeasts" فيُنشئ مسودة وحدة لصفك، و"Analyse this week’s plan" فيقترح ما تلاحظينه من ملاحظات صفك.',
    progress: () =>
      'لا أستطيع تحليل التقدم بعد. أستطيع الإجابة عن أسئلة من سجلات صفك: من غاب هذا الأسبوع، ونسبة حضور طفل هذا الشهر، وأي الأطفال بلا ملاحظة في مجال ما. جرّبي: "من غاب هذا الأسبوع؟".',
  },
  he: {
    clarifyChild: (p) => `לאיזה ${p.word} הכוונה?`,
    clarifyDate: () => 'לאיזה יום הכוונה?',
    clarifyIntent: () => 'מה לעשות עם זה?',
    attendance: (p) => `זו הנוכחות של ${p.date}. כדאי לבדוק ולסמן שהיום הושלם.`,
    observationOne: () => 'ניסחתי תצפית. כדאי לבדוק ולשמור.',
    observationMany: (p) => `ניסחתי ${p.count} תצפיות. כדאי לבדוק ולשמור.`,
    announcement: () => 'ניסחתי הודעה. כדאי לבדוק, ואז לשמור כטיוטה או לשלוח.',
    announcementLater: (p) => `ניסחתי הודעה שתישלח ב-${p.date} בשעה ${p.time}.`,
    mentioned: () => 'אלה הילדים שהוזכרו.',
    notFound: (p) =>
      `לא מצאתי את ${list(String(p.names), 'he')} בכיתה הזו, ולכן לא ניסחתי דבר ${Number(p.count) === 1 ? 'עבור הילד הזה' : 'עבור הילדים האלה'}.`,
    notFoundAttendance: (p) =>
      `לא מצאתי את ${list(String(p.names), 'he')} בכיתה הזו, ולכן לא ניסחתי נוכחות. כדאי לבדוק את ${Number(p.count) === 1 ? 'השם' : 'השמות'} ולשלוח שוב.`,
    help: () => 'אפשר לסמן נוכחות, לרשום תצפיות, לנסח הודעות ולשאול שאלות על הכיתה. נסו: "כולם פה חוץ מכביר".',
    nothingFound: () => 'לא מצאתי דבר לגבי זה.',
    careOne: () => 'ניסחתי את רישום הטיפול לילד אחד. כדאי לבדוק את השעה והפרטים ולשמור.',
    careMany: (p) => `ניסחתי את רישום הטיפול ל-${p.count} ילדים. כדאי לבדוק את השעות והפרטים ולשמור.`,
    noCare: () => 'אין לי אפשרות לרשום טיפול כאן: יומן הטיפול לא מופעל בבית הספר שלך.',
    unfinished: (p) => `ההודעה נעצרת ב-"${p.start}". כדאי להשלים אותה ולשלוח שוב.`,
    attendanceWhat: () => 'מי נעדר או איחר? למשל: "כולם פה חוץ מכביר, מירה איחרה". אנסח את הנוכחות לבדיקה.',
    announcementWhat: () => 'מה תרצו לומר להורים? כתבו את ההודעה, למשל: "תגידי להורים שיום הספורט ביום שישי".',
    observationWhat: () =>
      'סיפורים עדיין לא קיימים ב-Cue, אבל אפשר לרשום תצפית. איזה ילד, ומה קרה? למשל: "מירה בנתה היום מגדל גבוה מקוביות".',
    noPlanning: () =>
      'אני לא כותב מערכי שיעור בצ׳אט. התכנון נעשה באזור התכנון (יחידות, תוכניות שבועיות ומאגר היחידות), או בבקשה מ-Cue: "Plan a unit about minibeasts" יוצר טיוטת יחידה לכיתה, ו-"Analyse this week’s plan" מציע את מי כדאי לצפות לפי התצפיות של הכיתה.',
    progress: () =>
      'עדיין אין לי אפשרות לנתח התקדמות. אפשר לשאול על רשומות הכיתה: מי נעדר השבוע, אחוז הנוכחות של ילד החודש, או לאילו ילדים אין תצפית בתחום מסוים. נסו: "מי נעדר השבוע?".',
  },
};

/** The interface language a request names, English otherwise. */
export const localeOf = (v: unknown): Locale => ((LOCALES as readonly unknown[]).includes(v) ? (v as Locale) : 'en');

/** One of the assistant's sentences in the teacher's language; `names` is a list joined in that language. */
export function reply(locale: Locale, key: ReplyKey, params: Record<string, string | number | string[]> = {}): string {
  const { names, ...rest } = params as Params & { names?: string[] };
  return REPLIES[locale][key]({ ...rest, ...(names ? { names: names.join('\u0000'), count: names.length } : {}) });
}

/** Every key in every language (for the tests: no language misses a sentence). */
export const replyKeys = (locale: Locale) => Object.keys(REPLIES[locale]) as ReplyKey[];
