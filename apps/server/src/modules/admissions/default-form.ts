import type { AdmissionFormKind, FormField, FormSection, LocalizedText } from '@cue/contract';

/*
 * The product's default forms: what a school's public page shows until the school saves its own in
 * the form builder. Both hold the reserved fields (the child and the parent); the enquiry asks how the
 * family heard of the school and their questions, the application asks for the documents.
 */

const t = (en: string, ar: string, he: string): LocalizedText => ({ en, ar, he });

const field = (
  key: string,
  type: FormField['type'],
  label: LocalizedText,
  required: boolean,
  extra: Partial<FormField> = {},
): FormField => ({
  key,
  type,
  label,
  required,
  options: [],
  ...extra,
});

const childSection = (): FormSection => ({
  id: 'child',
  title: t('About your child', 'عن طفلك', 'על הילד/ה'),
  fields: [
    field('child_first_name', 'text', t("Child's first name", 'الاسم الأول للطفل', 'השם הפרטי של הילד/ה'), true),
    field('child_last_name', 'text', t("Child's last name", 'اسم عائلة الطفل', 'שם המשפחה של הילד/ה'), true),
    field('child_date_of_birth', 'date', t('Date of birth', 'تاريخ الميلاد', 'תאריך לידה'), true),
  ],
});

const parentSection = (): FormSection => ({
  id: 'parent',
  title: t('About you', 'عنك', 'עליך'),
  fields: [
    field('parent_first_name', 'text', t('Your first name', 'اسمك الأول', 'השם הפרטי שלך'), true),
    field('parent_last_name', 'text', t('Your last name', 'اسم عائلتك', 'שם המשפחה שלך'), false),
    field('parent_email', 'email', t('Email', 'البريد الإلكتروني', 'דוא"ל'), true),
    field('parent_phone', 'phone', t('Phone number', 'رقم الهاتف', 'מספר טלפון'), true),
  ],
});

const option = (value: string, label: LocalizedText) => ({ value, label });

const enquirySection = (): FormSection => ({
  id: 'more',
  title: t('A little more', 'المزيد', 'עוד קצת'),
  fields: [
    field('heard_about', 'select', t('How did you hear about us?', 'كيف سمعت عنا؟', 'איך שמעת עלינו?'), false, {
      options: [
        option('website', t('Our website', 'موقعنا الإلكتروني', 'אתר האינטרנט שלנו')),
        option('friend', t('A friend or family', 'صديق أو أحد أفراد العائلة', 'חבר/ה או בן/בת משפחה')),
        option('social', t('Social media', 'وسائل التواصل الاجتماعي', 'רשתות חברתיות')),
        option('event', t('An event or open day', 'فعالية أو يوم مفتوح', 'אירוע או יום פתוח')),
        option('other', t('Other', 'أخرى', 'אחר')),
      ],
    }),
    field('questions', 'textarea', t('Questions', 'أسئلة', 'שאלות'), false),
  ],
});

const documentsSection = (): FormSection => ({
  id: 'documents',
  title: t('Documents', 'المستندات', 'מסמכים'),
  fields: [
    field('birth_certificate', 'file', t('Birth certificate', 'شهادة الميلاد', 'תעודת לידה'), true),
    field('immunisation_record', 'file', t('Immunisation record', 'سجل التطعيمات', 'פנקס חיסונים'), false),
  ],
});

/** The default form of this kind, as a school that saved none shows it. */
export function defaultForm(kind: AdmissionFormKind): {
  title: LocalizedText;
  intro: LocalizedText;
  open: boolean;
  sections: FormSection[];
} {
  if (kind === 'enquiry')
    return {
      title: t('Enquiry', 'استفسار', 'פנייה'),
      intro: t(
        'Tell us about your child and we will get in touch.',
        'أخبرنا عن طفلك وسنتواصل معك.',
        'ספרו לנו על הילד/ה וניצור קשר.',
      ),
      open: true,
      sections: [childSection(), parentSection(), enquirySection()],
    };
  return {
    title: t('Application', 'طلب التسجيل', 'בקשת הרשמה'),
    intro: t(
      'Apply for a place for your child. Fields marked * are required.',
      'قدّم طلبًا لحجز مكان لطفلك. الحقول المعلّمة بـ * مطلوبة.',
      'הגישו בקשה למקום עבור הילד/ה. שדות המסומנים ב-* הם חובה.',
    ),
    open: true,
    sections: [childSection(), parentSection(), documentsSection()],
  };
}
