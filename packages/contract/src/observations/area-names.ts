/**
 * The product's learning areas (EYFS and the PYP-style themes, inserted by migration 0007) in every
 * language, by code: for what the server writes in a reader's language (a report card's PDF) and for
 * pages that receive an area by its stored English name. The web's observations catalogs say the same
 * (a test keeps them equal). A school's own areas keep the names the school gave them.
 */
export const LEARNING_AREA_NAMES: Record<string, { en: string; ar: string; he: string }> = {
  CL: { en: 'Communication and Language', ar: 'التواصل واللغة', he: 'תקשורת ושפה' },
  PSED: {
    en: 'Personal, Social and Emotional Development',
    ar: 'النمو الشخصي والاجتماعي والعاطفي',
    he: 'התפתחות אישית, חברתית ורגשית',
  },
  PD: { en: 'Physical Development', ar: 'النمو البدني', he: 'התפתחות גופנית' },
  L: { en: 'Literacy', ar: 'القراءة والكتابة', he: 'אוריינות' },
  M: { en: 'Mathematics', ar: 'الرياضيات', he: 'מתמטיקה' },
  UW: { en: 'Understanding the World', ar: 'فهم العالم', he: 'הבנת העולם' },
  EAD: { en: 'Expressive Arts and Design', ar: 'الفنون التعبيرية والتصميم', he: 'אמנויות הבעה ועיצוב' },
  'COEL-PE': { en: 'Playing and Exploring', ar: 'اللعب والاستكشاف', he: 'משחק וחקירה' },
  'COEL-AL': { en: 'Active Learning', ar: 'التعلّم النشط', he: 'למידה פעילה' },
  'COEL-CT': { en: 'Creating and Thinking Critically', ar: 'الإبداع والتفكير الناقد', he: 'יצירה וחשיבה ביקורתית' },
  WWA: { en: 'Who we are', ar: 'من نحن', he: 'מי אנחנו' },
  WWAPT: { en: 'Where we are in place and time', ar: 'أين نحن في المكان والزمان', he: 'היכן אנחנו במקום ובזמן' },
  HWEO: { en: 'How we express ourselves', ar: 'كيف نعبّر عن أنفسنا', he: 'איך אנחנו מבטאים את עצמנו' },
  HTWW: { en: 'How the world works', ar: 'كيف يعمل العالم', he: 'איך העולם פועל' },
  HWOO: { en: 'How we organize ourselves', ar: 'كيف ننظّم أنفسنا', he: 'איך אנחנו מארגנים את עצמנו' },
  STP: { en: 'Sharing the planet', ar: 'مشاركة الكوكب', he: 'שיתוף כדור הארץ' },
};

const BY_ENGLISH = new Map(Object.values(LEARNING_AREA_NAMES).map((names) => [names.en, names]));

/** A learning area's stored name in a language: the product's areas translated, any other as stored. */
export function learningAreaName(name: string, language: string): string {
  const names = BY_ENGLISH.get(name);
  return names && (language === 'ar' || language === 'he' || language === 'en') ? names[language] : name;
}
