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
      subject: '{{school_name}}: استلمنا بيانات {{child_name}}',
      body: 'مرحباً {{first_name}}،\n\nشكراً لاهتمامكم بـ{{school_name}}. استلمنا بيانات {{child_name}} (الرقم المرجعي {{reference}}) وسنتواصل معكم قريباً.\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: קיבלנו את הפרטים של {{child_name}}',
      body: 'שלום {{first_name}},\n\nתודה על התעניינותכם ב{{school_name}}. קיבלנו את הפרטים של {{child_name}} (מספר אסמכתה {{reference}}) וניצור אתכם קשר בקרוב.\n\n{{school_name}}',
    },
  },
  admission_visit: {
    en: {
      subject: '{{school_name}}: your visit on {{date}}',
      body: 'Dear {{first_name}},\n\nWe look forward to meeting you and {{child_name}} on {{date}} at {{time}}.\n\n{{note}}\n\nReference: {{reference}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: موعد زيارتكم في {{date}}',
      body: 'مرحباً {{first_name}}،\n\nيسعدنا لقاؤكم مع {{child_name}} يوم {{date}} الساعة {{time}}.\n\n{{note}}\n\nالرقم المرجعي: {{reference}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: הביקור שלכם ב-{{date}}',
      body: 'שלום {{first_name}},\n\nנשמח לפגוש אתכם ואת {{child_name}} ב-{{date}} בשעה {{time}}.\n\n{{note}}\n\nמספר אסמכתה: {{reference}}\n\n{{school_name}}',
    },
  },
  admission_offered: {
    en: {
      subject: '{{school_name}}: a place for {{child_name}}',
      body: 'Dear {{first_name}},\n\nWe are delighted to offer {{child_name}} a place in {{class_name}}.\n\n{{note}}\n\nPlease let us know whether you accept the place. Reference: {{reference}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: مقعد لـ{{child_name}}',
      body: 'مرحباً {{first_name}}،\n\nيسعدنا أن نعرض على {{child_name}} مقعداً في {{class_name}}.\n\n{{note}}\n\nنرجو إعلامنا بقبولكم المقعد. الرقم المرجعي: {{reference}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: מקום עבור {{child_name}}',
      body: 'שלום {{first_name}},\n\nאנו שמחים להציע ל{{child_name}} מקום ב{{class_name}}.\n\n{{note}}\n\nנא להודיע לנו אם אתם מקבלים את המקום. מספר אסמכתה: {{reference}}\n\n{{school_name}}',
    },
  },
  admission_waiting_list: {
    en: {
      subject: '{{school_name}}: {{child_name}} is on our waiting list',
      body: 'Dear {{first_name}},\n\nThere is no place for {{child_name}} at the moment, so we have added {{child_name}} to our waiting list. We will write to you as soon as a place opens.\n\n{{note}}\n\nReference: {{reference}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: {{child_name}} على قائمة الانتظار',
      body: 'مرحباً {{first_name}}،\n\nلا يتوفر مقعد لـ{{child_name}} حالياً، لذلك أضفنا {{child_name}} إلى قائمة الانتظار. سنراسلكم فور توفر مقعد.\n\n{{note}}\n\nالرقم المرجعي: {{reference}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: {{child_name}} ברשימת ההמתנה',
      body: 'שלום {{first_name}},\n\nכרגע אין מקום פנוי עבור {{child_name}}, ולכן הוספנו את {{child_name}} לרשימת ההמתנה. נכתוב לכם ברגע שיתפנה מקום.\n\n{{note}}\n\nמספר אסמכתה: {{reference}}\n\n{{school_name}}',
    },
  },
  admission_rejected: {
    en: {
      subject: '{{school_name}}: your application for {{child_name}}',
      body: 'Dear {{first_name}},\n\nThank you for applying to {{school_name}}. We are sorry that we cannot offer {{child_name}} a place.\n\n{{note}}\n\nReference: {{reference}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: طلبكم لـ{{child_name}}',
      body: 'مرحباً {{first_name}}،\n\nشكراً لتقديمكم إلى {{school_name}}. نأسف لعدم تمكّننا من تقديم مقعد لـ{{child_name}}.\n\n{{note}}\n\nالرقم المرجعي: {{reference}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: הבקשה שלכם עבור {{child_name}}',
      body: 'שלום {{first_name}},\n\nתודה שפניתם ל{{school_name}}. אנו מצטערים שלא נוכל להציע מקום ל{{child_name}}.\n\n{{note}}\n\nמספר אסמכתה: {{reference}}\n\n{{school_name}}',
    },
  },
  admission_enrolled: {
    en: {
      subject: 'Welcome to {{school_name}}',
      body: "Dear {{first_name}},\n\n{{child_name}} is now enrolled in {{class_name}} from {{start_date}}. Welcome to {{school_name}}!\n\nSign in to {{app_name}} to follow {{child_name}}'s days: {{link}}\n\n{{school_name}}",
    },
    ar: {
      subject: 'أهلاً بكم في {{school_name}}',
      body: 'مرحباً {{first_name}}،\n\nأصبح {{child_name}} مسجّلاً في {{class_name}} ابتداءً من {{start_date}}. أهلاً بكم في {{school_name}}!\n\nسجّلوا الدخول إلى {{app_name}} لمتابعة أيام {{child_name}}: {{link}}\n\n{{school_name}}',
    },
    he: {
      subject: 'ברוכים הבאים ל{{school_name}}',
      body: 'שלום {{first_name}},\n\n{{child_name}} רשום/ה עכשיו ב{{class_name}} החל מ-{{start_date}}. ברוכים הבאים ל{{school_name}}!\n\nהתחברו ל{{app_name}} כדי לעקוב אחרי הימים של {{child_name}}: {{link}}\n\n{{school_name}}',
    },
  },
  job_application_received: {
    en: {
      subject: '{{school_name}}: your application for {{job_title}}',
      body: 'Dear {{first_name}},\n\nThank you for applying for the {{job_title}} position at {{school_name}}. We have received your application (reference {{reference}}) and will be in touch.\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: طلبك لوظيفة {{job_title}}',
      body: 'مرحباً {{first_name}}،\n\nشكراً لتقدّمك لوظيفة {{job_title}} في {{school_name}}. استلمنا طلبك (الرقم المرجعي {{reference}}) وسنتواصل معك.\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: המועמדות שלך למשרת {{job_title}}',
      body: 'שלום {{first_name}},\n\nתודה על הגשת המועמדות למשרת {{job_title}} ב{{school_name}}. קיבלנו את המועמדות שלך (מספר אסמכתה {{reference}}) וניצור איתך קשר.\n\n{{school_name}}',
    },
  },
  job_interview: {
    en: {
      subject: '{{school_name}}: interview for {{job_title}} on {{date}}',
      body: 'Dear {{first_name}},\n\nWe would like to meet you for the {{job_title}} position on {{date}} at {{time}}.\n\nWhere: {{location}}\n\n{{note}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: مقابلة لوظيفة {{job_title}} في {{date}}',
      body: 'مرحباً {{first_name}}،\n\nنودّ لقاءك بخصوص وظيفة {{job_title}} يوم {{date}} الساعة {{time}}.\n\nالمكان: {{location}}\n\n{{note}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: ראיון למשרת {{job_title}} ב-{{date}}',
      body: 'שלום {{first_name}},\n\nנשמח לפגוש אותך בנוגע למשרת {{job_title}} ב-{{date}} בשעה {{time}}.\n\nמקום: {{location}}\n\n{{note}}\n\n{{school_name}}',
    },
  },
  job_offer: {
    en: {
      subject: '{{school_name}}: an offer for {{job_title}}',
      body: 'Dear {{first_name}},\n\nWe are pleased to offer you the {{job_title}} position at {{school_name}}.\n\n{{note}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: عرض لوظيفة {{job_title}}',
      body: 'مرحباً {{first_name}}،\n\nيسعدنا أن نعرض عليك وظيفة {{job_title}} في {{school_name}}.\n\n{{note}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: הצעה למשרת {{job_title}}',
      body: 'שלום {{first_name}},\n\nאנו שמחים להציע לך את משרת {{job_title}} ב{{school_name}}.\n\n{{note}}\n\n{{school_name}}',
    },
  },
  job_rejected: {
    en: {
      subject: '{{school_name}}: your application for {{job_title}}',
      body: 'Dear {{first_name}},\n\nThank you for your interest in the {{job_title}} position. After careful thought we will not be taking your application further.\n\n{{note}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: طلبك لوظيفة {{job_title}}',
      body: 'مرحباً {{first_name}}،\n\nشكراً لاهتمامك بوظيفة {{job_title}}. بعد دراسة متأنية، قررنا عدم المضي في طلبك.\n\n{{note}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: המועמדות שלך למשרת {{job_title}}',
      body: 'שלום {{first_name}},\n\nתודה על התעניינותך במשרת {{job_title}}. לאחר שיקול דעת החלטנו שלא להמשיך בתהליך עם מועמדותך.\n\n{{note}}\n\n{{school_name}}',
    },
  },
  invoice_issued: {
    en: {
      subject: '{{school_name}}: invoice {{invoice_number}} for {{child_name}}',
      body: 'Dear {{first_name}},\n\nInvoice {{invoice_number}} for {{child_name}} ({{period}}) is {{amount}}, due on {{due_date}}.\n\nSee it and your balance: {{link}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: الفاتورة {{invoice_number}} لـ{{child_name}}',
      body: 'مرحباً {{first_name}}،\n\nقيمة الفاتورة {{invoice_number}} لـ{{child_name}} ({{period}}) هي {{amount}}، وتستحق في {{due_date}}.\n\nللاطلاع عليها وعلى رصيدكم: {{link}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: חשבונית {{invoice_number}} עבור {{child_name}}',
      body: 'שלום {{first_name}},\n\nסכום חשבונית {{invoice_number}} עבור {{child_name}} ({{period}}) הוא {{amount}}, לתשלום עד {{due_date}}.\n\nלצפייה בחשבונית וביתרה שלכם: {{link}}\n\n{{school_name}}',
    },
  },
  payment_receipt: {
    en: {
      subject: '{{school_name}}: receipt {{receipt_number}}',
      body: 'Dear {{first_name}},\n\nThank you. We received {{amount}} on {{date}} (receipt {{receipt_number}}). Your balance is now {{balance}}.\n\nYour receipts and invoices: {{link}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: الإيصال {{receipt_number}}',
      body: 'مرحباً {{first_name}}،\n\nشكراً لكم. استلمنا {{amount}} بتاريخ {{date}} (الإيصال {{receipt_number}}). رصيدكم الآن {{balance}}.\n\nإيصالاتكم وفواتيركم: {{link}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: קבלה {{receipt_number}}',
      body: 'שלום {{first_name}},\n\nתודה. קיבלנו {{amount}} בתאריך {{date}} (קבלה {{receipt_number}}). היתרה שלכם עכשיו {{balance}}.\n\nהקבלות והחשבוניות שלכם: {{link}}\n\n{{school_name}}',
    },
  },
  invoice_reminder: {
    en: {
      subject: '{{school_name}}: invoice {{invoice_number}} is due on {{due_date}}',
      body: 'Dear {{first_name}},\n\nA reminder that {{amount}} of invoice {{invoice_number}} for {{child_name}} is due on {{due_date}}.\n\nSee it: {{link}}\n\nIf you have paid already, thank you, and please ignore this email.\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: تستحق الفاتورة {{invoice_number}} في {{due_date}}',
      body: 'مرحباً {{first_name}}،\n\nنذكّركم بأن مبلغ {{amount}} من الفاتورة {{invoice_number}} لـ{{child_name}} يستحق في {{due_date}}.\n\nللاطلاع عليها: {{link}}\n\nإن كنتم قد دفعتم، فشكراً لكم ويرجى تجاهل هذه الرسالة.\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: חשבונית {{invoice_number}} לתשלום עד {{due_date}}',
      body: 'שלום {{first_name}},\n\nתזכורת: {{amount}} מחשבונית {{invoice_number}} עבור {{child_name}} לתשלום עד {{due_date}}.\n\nלצפייה: {{link}}\n\nאם כבר שילמתם, תודה, ואפשר להתעלם מהודעה זו.\n\n{{school_name}}',
    },
  },
  invoice_overdue: {
    en: {
      subject: '{{school_name}}: invoice {{invoice_number}} is overdue',
      body: 'Dear {{first_name}},\n\n{{amount}} of invoice {{invoice_number}} for {{child_name}} was due on {{due_date}}, {{days}} days ago.\n\nSee it: {{link}}\n\nIf you have paid already, thank you, and please ignore this email.\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: تأخر سداد الفاتورة {{invoice_number}}',
      body: 'مرحباً {{first_name}}،\n\nكان مبلغ {{amount}} من الفاتورة {{invoice_number}} لـ{{child_name}} مستحقاً في {{due_date}}، أي قبل {{days}} يوماً.\n\nللاطلاع عليها: {{link}}\n\nإن كنتم قد دفعتم، فشكراً لكم ويرجى تجاهل هذه الرسالة.\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: חשבונית {{invoice_number}} באיחור',
      body: 'שלום {{first_name}},\n\n{{amount}} מחשבונית {{invoice_number}} עבור {{child_name}} היה לתשלום עד {{due_date}}, לפני {{days}} ימים.\n\nלצפייה: {{link}}\n\nאם כבר שילמתם, תודה, ואפשר להתעלם מהודעה זו.\n\n{{school_name}}',
    },
  },
  leave_requested: {
    en: {
      subject: '{{school_name}}: {{staff_name}} asks for {{leave_type}}',
      body: 'Dear {{first_name}},\n\n{{staff_name}} asks for {{leave_type}} from {{start_date}} to {{end_date}} ({{days}} days).\n\n{{reason}}\n\nDecide it: {{link}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: {{staff_name}} يطلب {{leave_type}}',
      body: 'مرحباً {{first_name}}،\n\nيطلب {{staff_name}} {{leave_type}} من {{start_date}} إلى {{end_date}} ({{days}} أيام).\n\n{{reason}}\n\nللبت في الطلب: {{link}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: {{staff_name}} מבקש/ת {{leave_type}}',
      body: 'שלום {{first_name}},\n\n{{staff_name}} מבקש/ת {{leave_type}} מ־{{start_date}} עד {{end_date}} ({{days}} ימים).\n\n{{reason}}\n\nלהחלטה: {{link}}\n\n{{school_name}}',
    },
  },
  leave_approved: {
    en: {
      subject: '{{school_name}}: your {{leave_type}} is approved',
      body: 'Dear {{first_name}},\n\nYour {{leave_type}} from {{start_date}} to {{end_date}} was approved by {{decided_by}}.\n\n{{note}}\n\nSee it: {{link}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: تمت الموافقة على {{leave_type}}',
      body: 'مرحباً {{first_name}}،\n\nوافق {{decided_by}} على {{leave_type}} من {{start_date}} إلى {{end_date}}.\n\n{{note}}\n\nللاطلاع: {{link}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: ה{{leave_type}} שלך אושרה',
      body: 'שלום {{first_name}},\n\n{{decided_by}} אישר/ה את ה{{leave_type}} שלך מ־{{start_date}} עד {{end_date}}.\n\n{{note}}\n\nלצפייה: {{link}}\n\n{{school_name}}',
    },
  },
  leave_declined: {
    en: {
      subject: '{{school_name}}: your {{leave_type}} was declined',
      body: 'Dear {{first_name}},\n\nYour {{leave_type}} from {{start_date}} to {{end_date}} was declined by {{decided_by}}.\n\n{{note}}\n\nSee it: {{link}}\n\n{{school_name}}',
    },
    ar: {
      subject: '{{school_name}}: تم رفض {{leave_type}}',
      body: 'مرحباً {{first_name}}،\n\nرفض {{decided_by}} {{leave_type}} من {{start_date}} إلى {{end_date}}.\n\n{{note}}\n\nللاطلاع: {{link}}\n\n{{school_name}}',
    },
    he: {
      subject: '{{school_name}}: ה{{leave_type}} שלך נדחתה',
      body: 'שלום {{first_name}},\n\n{{decided_by}} דחה/תה את ה{{leave_type}} שלך מ־{{start_date}} עד {{end_date}}.\n\n{{note}}\n\nלצפייה: {{link}}\n\n{{school_name}}',
    },
  },
};

/** Words some senders put in a value, in the recipient's language (an incident's kind). */
export const INCIDENT_WORDS: Record<Language, { accident: string; incident: string }> = {
  en: { accident: 'an accident', incident: 'an incident' },
  ar: { accident: 'حادث', incident: 'واقعة' },
  he: { accident: 'תאונה', incident: 'אירוע' },
};
