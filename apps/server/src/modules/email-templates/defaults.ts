import type { EmailTemplateKey, Language } from '@cue/contract';

/** A template's wording: the subject (plain text) and the body (plain text, blank line = paragraph). */
export interface TemplateText {
  subject: string;
  body: string;
}

/**
 * The product's own wording of every email, in each language. The English texts are the ones the
 * product sent before emails had templates. Each uses only its email's placeholders (EMAIL_PLACEHOLDERS)
 * and the same ones in every language; a line whose placeholders are all empty is left out when sent
 * (an incident without an injury has no "Injury:" line).
 */
export const DEFAULT_TEMPLATES: Record<EmailTemplateKey, Record<Language, TemplateText>> = {
  sign_in_code: {
    en: {
      subject: '{{code}} is your {{app_name}} sign-in code',
      body: 'Hello {{first_name}},\n\n{{code}} is your {{app_name}} sign-in code. It expires in {{minutes}} minutes.\n\nIf you did not ask for it, you can ignore this email.\n\n{{school_name}}',
    },
    ar: {
      subject: 'رمز الدخول إلى {{app_name}}: {{code}}',
      body: 'مرحباً {{first_name}}،\n\nرمز الدخول إلى {{app_name}} هو {{code}}، وتنتهي صلاحيته خلال {{minutes}} دقائق.\n\nإذا لم تطلب هذا الرمز، فيمكنك تجاهل هذه الرسالة.\n\n{{school_name}}',
    },
    he: {
      subject: 'קוד הכניסה שלך ל-{{app_name}}: {{code}}',
      body: 'שלום {{first_name}},\n\nקוד הכניסה שלך ל-{{app_name}} הוא {{code}}. הקוד בתוקף למשך {{minutes}} דקות.\n\nאם לא ביקשת את הקוד, אפשר להתעלם מההודעה הזו.\n\n{{school_name}}',
    },
  },
  staff_added: {
    en: {
      subject: '{{school_name}}: your invitation to {{app_name}}',
      body: 'Hello {{first_name}},\n\n{{school_name}} added you to its staff on {{app_name}}.\n\nSign in with this email address (Google or Microsoft): {{link}}',
    },
    ar: {
      subject: '{{school_name}}: دعوتك إلى {{app_name}}',
      body: 'مرحباً {{first_name}}،\n\nتمت إضافتك إلى طاقم {{school_name}} على {{app_name}}.\n\nيمكنك تسجيل الدخول بعنوان البريد الإلكتروني هذا (عبر Google أو Microsoft): {{link}}',
    },
    he: {
      subject: '{{school_name}}: ההזמנה שלך ל-{{app_name}}',
      body: 'שלום {{first_name}},\n\nצורפת לצוות של {{school_name}} ב-{{app_name}}.\n\nאפשר להתחבר עם כתובת הדוא״ל הזו (דרך Google או Microsoft): {{link}}',
    },
  },
  staff_invitation: {
    en: {
      subject: '{{school_name}}: your invitation to {{app_name}}',
      body: 'Hello {{first_name}},\n\n{{school_name}} invited you to join its staff on {{app_name}}.\n\nSign in with this email address (Google or Microsoft) to accept: {{link}}',
    },
    ar: {
      subject: '{{school_name}}: دعوتك إلى {{app_name}}',
      body: 'مرحباً {{first_name}}،\n\nوصلتك دعوة للانضمام إلى طاقم {{school_name}} على {{app_name}}.\n\nلقبول الدعوة، يمكنك تسجيل الدخول بعنوان البريد الإلكتروني هذا (عبر Google أو Microsoft): {{link}}',
    },
    he: {
      subject: '{{school_name}}: ההזמנה שלך ל-{{app_name}}',
      body: 'שלום {{first_name}},\n\nהוזמנת להצטרף לצוות של {{school_name}} ב-{{app_name}}.\n\nכדי לקבל את ההזמנה, אפשר להתחבר עם כתובת הדוא״ל הזו (דרך Google או Microsoft): {{link}}',
    },
  },
  parent_added: {
    en: {
      subject: '{{school_name}}: your invitation to {{app_name}}',
      body: 'Hello {{first_name}},\n\n{{school_name}} added you as a parent of {{child_name}} on {{app_name}}.\n\nSign in with this email address (Google or Microsoft): {{link}}',
    },
    ar: {
      subject: '{{school_name}}: دعوتك إلى {{app_name}}',
      body: 'مرحباً {{first_name}}،\n\nأضافتك {{school_name}} على {{app_name}} بصفتك وليّ أمر {{child_name}}.\n\nيمكنك تسجيل الدخول بعنوان البريد الإلكتروني هذا (عبر Google أو Microsoft): {{link}}',
    },
    he: {
      subject: '{{school_name}}: ההזמנה שלך ל-{{app_name}}',
      body: 'שלום {{first_name}},\n\nצורפת ב-{{app_name}} כהורה של {{child_name}} ב-{{school_name}}.\n\nאפשר להתחבר עם כתובת הדוא״ל הזו (דרך Google או Microsoft): {{link}}',
    },
  },
  announcement: {
    en: { subject: '{{school_name}}: {{title}}', body: 'Dear {{first_name}},\n\n{{message}}\n\n— {{school_name}}' },
    ar: { subject: '{{school_name}}: {{title}}', body: 'مرحباً {{first_name}}،\n\n{{message}}\n\n— {{school_name}}' },
    he: { subject: '{{school_name}}: {{title}}', body: 'שלום {{first_name}},\n\n{{message}}\n\n— {{school_name}}' },
  },
  homework: {
    en: { subject: '{{school_name}}: {{title}}', body: 'Dear {{first_name}},\n\n{{message}}\n\n— {{school_name}}' },
    ar: {
      subject: '{{school_name}}: واجب منزلي — {{title}}',
      body: 'مرحباً {{first_name}}،\n\n{{message}}\n\n— {{school_name}}',
    },
    he: {
      subject: '{{school_name}}: שיעורי בית — {{title}}',
      body: 'שלום {{first_name}},\n\n{{message}}\n\n— {{school_name}}',
    },
  },
  absence_reported: {
    en: {
      subject: '{{school_name}}: {{child_name}} will be absent ({{class_name}})',
      body: 'Dear {{first_name}},\n\n{{parent_name}} reported that {{child_name}} ({{class_name}}) will be absent from {{from_date}} to {{to_date}}.\nReason: {{reason}}\n\nPlease approve or decline it in the app.\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: بلاغ غياب — {{child_name}} ({{class_name}})',
      body: 'مرحباً {{first_name}}،\n\nوصل بلاغ من {{parent_name}} بغياب {{child_name}} ({{class_name}}) من {{from_date}} إلى {{to_date}}.\nالسبب: {{reason}}\n\nيُرجى قبول البلاغ أو رفضه من التطبيق.\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: דיווח על היעדרות — {{child_name}} ({{class_name}})',
      body: 'שלום {{first_name}},\n\nהתקבל דיווח מאת {{parent_name}} על היעדרות של {{child_name}} ({{class_name}}) מ-{{from_date}} עד {{to_date}}.\nסיבה: {{reason}}\n\nאפשר לאשר או לדחות את הדיווח באפליקציה.\n\n{{school_name}}',
    },
  },
  report_card_shared: {
    en: {
      subject: "{{school_name}}: {{child_name}}'s report card for {{period_name}}",
      body: "Dear {{first_name}},\n\n{{child_name}}'s report card for {{period_name}} is ready. Open the app to read it and download the PDF.\n\n{{school_name}}",
    },
    ar: {
      subject: '{{school_name}}: تقرير {{child_name}} عن {{period_name}}',
      body: 'مرحباً {{first_name}}،\n\nأصبح تقرير {{child_name}} عن {{period_name}} جاهزاً. يمكنك قراءته وتنزيله بصيغة PDF من التطبيق.\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: תעודת ההערכה של {{child_name}} עבור {{period_name}}',
      body: 'שלום {{first_name}},\n\nתעודת ההערכה של {{child_name}} עבור {{period_name}} מוכנה. אפשר לקרוא אותה ולהוריד אותה כקובץ PDF באפליקציה.\n\n{{school_name}}',
    },
  },
  care_dose: {
    en: {
      subject: '{{school_name}}: {{child_name}} was given {{medicine}}',
      body: 'Dear {{first_name}},\n\n{{child_name}} was given {{medicine}} ({{dose}}) at {{time}} on {{date}} by {{given_by}}.\nWitnessed by {{witness}}.\n\n{{note}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: جرعة {{medicine}} — {{child_name}}',
      body: 'مرحباً {{first_name}}،\n\nنودّ إعلامك بإعطاء {{child_name}} دواء {{medicine}} ({{dose}}) الساعة {{time}} بتاريخ {{date}}.\nقدّم الدواء: {{given_by}}\nالشاهد: {{witness}}\n\n{{note}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: מתן {{medicine}} — {{child_name}}',
      body: 'שלום {{first_name}},\n\nרצינו לעדכן על מתן תרופה ל-{{child_name}}: {{medicine}} ({{dose}}), בשעה {{time}} בתאריך {{date}}.\nהתרופה ניתנה על ידי: {{given_by}}\nבנוכחות: {{witness}}\n\n{{note}}\n\n{{school_name}}',
    },
  },
  care_incident: {
    en: {
      subject: '{{school_name}}: {{child_name}} had {{what}} on {{date}}',
      body: 'Dear {{first_name}},\n\n{{child_name}} had {{what}} at {{time}} on {{date}} ({{location}}).\n\n{{description}}\n\nInjury: {{injury}}\nFirst aid: {{first_aid}}\n\nPlease read the report in the app and acknowledge it.\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: تقرير {{what}} — {{child_name}} ({{date}})',
      body: 'مرحباً {{first_name}}،\n\nنودّ إعلامك بتسجيل {{what}} لـ{{child_name}} الساعة {{time}} بتاريخ {{date}} ({{location}}).\n\n{{description}}\n\nالإصابة: {{injury}}\nالإسعافات الأولية: {{first_aid}}\n\nيُرجى قراءة التقرير في التطبيق وتأكيد الاطلاع عليه.\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: דיווח על {{what}} — {{child_name}} ({{date}})',
      body: 'שלום {{first_name}},\n\nרצינו לעדכן על {{what}} של {{child_name}} בשעה {{time}} בתאריך {{date}} ({{location}}).\n\n{{description}}\n\nפציעה: {{injury}}\nעזרה ראשונה: {{first_aid}}\n\nנא לקרוא את הדיווח באפליקציה ולאשר את קבלתו.\n\n{{school_name}}',
    },
  },
  care_daily_summary: {
    en: {
      subject: "{{school_name}}: {{child_name}}'s day",
      body: "Dear {{first_name}},\n\n{{child_name}}'s day on {{date}}:\n\n{{day_summary}}\n\n{{school_name}}",
    },
    ar: {
      subject: '{{school_name}}: يوم {{child_name}}',
      body: 'مرحباً {{first_name}}،\n\nهذا ملخّص يوم {{child_name}} بتاريخ {{date}}:\n\n{{day_summary}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: היום של {{child_name}}',
      body: 'שלום {{first_name}},\n\nסיכום היום של {{child_name}} בתאריך {{date}}:\n\n{{day_summary}}\n\n{{school_name}}',
    },
  },
  library_overdue: {
    en: {
      subject: '{{school_name}}: library books to bring back',
      body: 'Dear {{first_name}},\n\nThese library books are past their due date. Please help your child bring them back to school.\n\n{{book_list}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: كتب مكتبة يجب إعادتها',
      body: 'مرحباً {{first_name}}،\n\nتجاوزت كتب المكتبة التالية موعد إعادتها. نرجو مساعدة طفلك على إعادتها إلى المدرسة.\n\n{{book_list}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: ספרי ספרייה להחזרה',
      body: 'שלום {{first_name}},\n\nמועד ההחזרה של ספרי הספרייה האלה עבר. נשמח אם תעזרו לילדכם להחזיר אותם לבית הספר.\n\n{{book_list}}\n\n{{school_name}}',
    },
  },
  dispersal_checked_in: {
    en: {
      subject: '{{school_name}}: {{child_name}} was checked in',
      body: 'Dear {{first_name}},\n\n{{child_name}} was checked in at {{time}} by {{adult_name}}.\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: تسجيل وصول {{child_name}}',
      body: 'مرحباً {{first_name}}،\n\nتم تسجيل وصول {{child_name}} الساعة {{time}} برفقة {{adult_name}}.\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: רישום הגעה — {{child_name}}',
      body: 'שלום {{first_name}},\n\nנרשמה הגעה של {{child_name}} בשעה {{time}} בליווי {{adult_name}}.\n\n{{school_name}}',
    },
  },
  dispersal_checked_out: {
    en: {
      subject: '{{school_name}}: {{child_name}} was checked out',
      body: 'Dear {{first_name}},\n\n{{child_name}} was checked out at {{time}} by {{adult_name}}.\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: تسجيل انصراف {{child_name}}',
      body: 'مرحباً {{first_name}}،\n\nتم تسجيل انصراف {{child_name}} الساعة {{time}} برفقة {{adult_name}}.\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: רישום יציאה — {{child_name}}',
      body: 'שלום {{first_name}},\n\nנרשמה יציאה של {{child_name}} בשעה {{time}} בליווי {{adult_name}}.\n\n{{school_name}}',
    },
  },
  admission_received: {
    en: {
      subject: '{{school_name}}: we received your details for {{child_name}}',
      body: 'Dear {{first_name}},\n\nThank you for your interest in {{school_name}}. We have received your details for {{child_name}} (reference {{reference}}) and will be in touch soon.\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: we received your details for {{child_name}}',
      body: 'Dear {{first_name}},\n\nThank you for your interest in {{school_name}}. We have received your details for {{child_name}} (reference {{reference}}) and will be in touch soon.\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: we received your details for {{child_name}}',
      body: 'Dear {{first_name}},\n\nThank you for your interest in {{school_name}}. We have received your details for {{child_name}} (reference {{reference}}) and will be in touch soon.\n\n{{school_name}}',
    },
  },
  admission_visit: {
    en: {
      subject: '{{school_name}}: your visit on {{date}}',
      body: 'Dear {{first_name}},\n\nWe look forward to meeting you and {{child_name}} on {{date}} at {{time}}.\n\n{{note}}\n\nReference: {{reference}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: your visit on {{date}}',
      body: 'Dear {{first_name}},\n\nWe look forward to meeting you and {{child_name}} on {{date}} at {{time}}.\n\n{{note}}\n\nReference: {{reference}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: your visit on {{date}}',
      body: 'Dear {{first_name}},\n\nWe look forward to meeting you and {{child_name}} on {{date}} at {{time}}.\n\n{{note}}\n\nReference: {{reference}}\n\n{{school_name}}',
    },
  },
  admission_offered: {
    en: {
      subject: '{{school_name}}: a place for {{child_name}}',
      body: 'Dear {{first_name}},\n\nWe are delighted to offer {{child_name}} a place in {{class_name}}.\n\n{{note}}\n\nPlease let us know whether you accept the place. Reference: {{reference}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: a place for {{child_name}}',
      body: 'Dear {{first_name}},\n\nWe are delighted to offer {{child_name}} a place in {{class_name}}.\n\n{{note}}\n\nPlease let us know whether you accept the place. Reference: {{reference}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: a place for {{child_name}}',
      body: 'Dear {{first_name}},\n\nWe are delighted to offer {{child_name}} a place in {{class_name}}.\n\n{{note}}\n\nPlease let us know whether you accept the place. Reference: {{reference}}\n\n{{school_name}}',
    },
  },
  admission_waiting_list: {
    en: {
      subject: '{{school_name}}: {{child_name}} is on our waiting list',
      body: 'Dear {{first_name}},\n\nThere is no place for {{child_name}} at the moment, so we have added {{child_name}} to our waiting list. We will write to you as soon as a place opens.\n\n{{note}}\n\nReference: {{reference}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: {{child_name}} is on our waiting list',
      body: 'Dear {{first_name}},\n\nThere is no place for {{child_name}} at the moment, so we have added {{child_name}} to our waiting list. We will write to you as soon as a place opens.\n\n{{note}}\n\nReference: {{reference}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: {{child_name}} is on our waiting list',
      body: 'Dear {{first_name}},\n\nThere is no place for {{child_name}} at the moment, so we have added {{child_name}} to our waiting list. We will write to you as soon as a place opens.\n\n{{note}}\n\nReference: {{reference}}\n\n{{school_name}}',
    },
  },
  admission_rejected: {
    en: {
      subject: '{{school_name}}: your application for {{child_name}}',
      body: 'Dear {{first_name}},\n\nThank you for applying to {{school_name}}. We are sorry that we cannot offer {{child_name}} a place.\n\n{{note}}\n\nReference: {{reference}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: your application for {{child_name}}',
      body: 'Dear {{first_name}},\n\nThank you for applying to {{school_name}}. We are sorry that we cannot offer {{child_name}} a place.\n\n{{note}}\n\nReference: {{reference}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: your application for {{child_name}}',
      body: 'Dear {{first_name}},\n\nThank you for applying to {{school_name}}. We are sorry that we cannot offer {{child_name}} a place.\n\n{{note}}\n\nReference: {{reference}}\n\n{{school_name}}',
    },
  },
  admission_enrolled: {
    en: {
      subject: 'Welcome to {{school_name}}',
      body: "Dear {{first_name}},\n\n{{child_name}} is now enrolled in {{class_name}} from {{start_date}}. Welcome to {{school_name}}!\n\nSign in to {{app_name}} to follow {{child_name}}'s days: {{link}}\n\n{{school_name}}",
    },
    ar: {
      subject: 'Welcome to {{school_name}}',
      body: "Dear {{first_name}},\n\n{{child_name}} is now enrolled in {{class_name}} from {{start_date}}. Welcome to {{school_name}}!\n\nSign in to {{app_name}} to follow {{child_name}}'s days: {{link}}\n\n{{school_name}}",
    },
    he: {
      subject: 'Welcome to {{school_name}}',
      body: "Dear {{first_name}},\n\n{{child_name}} is now enrolled in {{class_name}} from {{start_date}}. Welcome to {{school_name}}!\n\nSign in to {{app_name}} to follow {{child_name}}'s days: {{link}}\n\n{{school_name}}",
    },
  },
  job_application_received: {
    en: {
      subject: '{{school_name}}: your application for {{job_title}}',
      body: 'Dear {{first_name}},\n\nThank you for applying for the {{job_title}} position at {{school_name}}. We have received your application (reference {{reference}}) and will be in touch.\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: your application for {{job_title}}',
      body: 'Dear {{first_name}},\n\nThank you for applying for the {{job_title}} position at {{school_name}}. We have received your application (reference {{reference}}) and will be in touch.\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: your application for {{job_title}}',
      body: 'Dear {{first_name}},\n\nThank you for applying for the {{job_title}} position at {{school_name}}. We have received your application (reference {{reference}}) and will be in touch.\n\n{{school_name}}',
    },
  },
  job_interview: {
    en: {
      subject: '{{school_name}}: interview for {{job_title}} on {{date}}',
      body: 'Dear {{first_name}},\n\nWe would like to meet you for the {{job_title}} position on {{date}} at {{time}}.\n\nWhere: {{location}}\n\n{{note}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: interview for {{job_title}} on {{date}}',
      body: 'Dear {{first_name}},\n\nWe would like to meet you for the {{job_title}} position on {{date}} at {{time}}.\n\nWhere: {{location}}\n\n{{note}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: interview for {{job_title}} on {{date}}',
      body: 'Dear {{first_name}},\n\nWe would like to meet you for the {{job_title}} position on {{date}} at {{time}}.\n\nWhere: {{location}}\n\n{{note}}\n\n{{school_name}}',
    },
  },
  job_offer: {
    en: {
      subject: '{{school_name}}: an offer for {{job_title}}',
      body: 'Dear {{first_name}},\n\nWe are pleased to offer you the {{job_title}} position at {{school_name}}.\n\n{{note}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: an offer for {{job_title}}',
      body: 'Dear {{first_name}},\n\nWe are pleased to offer you the {{job_title}} position at {{school_name}}.\n\n{{note}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: an offer for {{job_title}}',
      body: 'Dear {{first_name}},\n\nWe are pleased to offer you the {{job_title}} position at {{school_name}}.\n\n{{note}}\n\n{{school_name}}',
    },
  },
  job_rejected: {
    en: {
      subject: '{{school_name}}: your application for {{job_title}}',
      body: 'Dear {{first_name}},\n\nThank you for your interest in the {{job_title}} position. After careful thought we will not be taking your application further.\n\n{{note}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: your application for {{job_title}}',
      body: 'Dear {{first_name}},\n\nThank you for your interest in the {{job_title}} position. After careful thought we will not be taking your application further.\n\n{{note}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: your application for {{job_title}}',
      body: 'Dear {{first_name}},\n\nThank you for your interest in the {{job_title}} position. After careful thought we will not be taking your application further.\n\n{{note}}\n\n{{school_name}}',
    },
  },
  invoice_issued: {
    en: {
      subject: '{{school_name}}: invoice {{invoice_number}} for {{child_name}}',
      body: 'Dear {{first_name}},\n\nInvoice {{invoice_number}} for {{child_name}} ({{period}}) is {{amount}}, due on {{due_date}}.\n\nSee it and your balance: {{link}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: invoice {{invoice_number}} for {{child_name}}',
      body: 'Dear {{first_name}},\n\nInvoice {{invoice_number}} for {{child_name}} ({{period}}) is {{amount}}, due on {{due_date}}.\n\nSee it and your balance: {{link}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: invoice {{invoice_number}} for {{child_name}}',
      body: 'Dear {{first_name}},\n\nInvoice {{invoice_number}} for {{child_name}} ({{period}}) is {{amount}}, due on {{due_date}}.\n\nSee it and your balance: {{link}}\n\n{{school_name}}',
    },
  },
  payment_receipt: {
    en: {
      subject: '{{school_name}}: receipt {{receipt_number}}',
      body: 'Dear {{first_name}},\n\nThank you. We received {{amount}} on {{date}} (receipt {{receipt_number}}). Your balance is now {{balance}}.\n\nYour receipts and invoices: {{link}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: receipt {{receipt_number}}',
      body: 'Dear {{first_name}},\n\nThank you. We received {{amount}} on {{date}} (receipt {{receipt_number}}). Your balance is now {{balance}}.\n\nYour receipts and invoices: {{link}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: receipt {{receipt_number}}',
      body: 'Dear {{first_name}},\n\nThank you. We received {{amount}} on {{date}} (receipt {{receipt_number}}). Your balance is now {{balance}}.\n\nYour receipts and invoices: {{link}}\n\n{{school_name}}',
    },
  },
  invoice_reminder: {
    en: {
      subject: '{{school_name}}: invoice {{invoice_number}} is due on {{due_date}}',
      body: 'Dear {{first_name}},\n\nA reminder that {{amount}} of invoice {{invoice_number}} for {{child_name}} is due on {{due_date}}.\n\nSee it: {{link}}\n\nIf you have paid already, thank you, and please ignore this email.\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: invoice {{invoice_number}} is due on {{due_date}}',
      body: 'Dear {{first_name}},\n\nA reminder that {{amount}} of invoice {{invoice_number}} for {{child_name}} is due on {{due_date}}.\n\nSee it: {{link}}\n\nIf you have paid already, thank you, and please ignore this email.\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: invoice {{invoice_number}} is due on {{due_date}}',
      body: 'Dear {{first_name}},\n\nA reminder that {{amount}} of invoice {{invoice_number}} for {{child_name}} is due on {{due_date}}.\n\nSee it: {{link}}\n\nIf you have paid already, thank you, and please ignore this email.\n\n{{school_name}}',
    },
  },
  invoice_overdue: {
    en: {
      subject: '{{school_name}}: invoice {{invoice_number}} is overdue',
      body: 'Dear {{first_name}},\n\n{{amount}} of invoice {{invoice_number}} for {{child_name}} was due on {{due_date}}, {{days}} days ago.\n\nSee it: {{link}}\n\nIf you have paid already, thank you, and please ignore this email.\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: invoice {{invoice_number}} is overdue',
      body: 'Dear {{first_name}},\n\n{{amount}} of invoice {{invoice_number}} for {{child_name}} was due on {{due_date}}, {{days}} days ago.\n\nSee it: {{link}}\n\nIf you have paid already, thank you, and please ignore this email.\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: invoice {{invoice_number}} is overdue',
      body: 'Dear {{first_name}},\n\n{{amount}} of invoice {{invoice_number}} for {{child_name}} was due on {{due_date}}, {{days}} days ago.\n\nSee it: {{link}}\n\nIf you have paid already, thank you, and please ignore this email.\n\n{{school_name}}',
    },
  },
};

/** Words some senders put in a value, in the recipient's language (an incident's kind). */
export const INCIDENT_WORDS: Record<Language, { accident: string; incident: string }> = {
  en: { accident: 'an accident', incident: 'an incident' },
  ar: { accident: 'حادث', incident: 'واقعة' },
  he: { accident: 'תאונה', incident: 'אירוע' },
};
