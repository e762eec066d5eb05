import {
  EMAIL_PLACEHOLDERS,
  EMAIL_TEMPLATE_MESSAGES,
  type EmailPreview,
  type EmailTemplate,
  type EmailTemplateKey,
  type EmailTemplateRequest,
  type EmailTemplateSummary,
  ERROR_CODES,
  type Language,
  RTL_LANGUAGES,
  unknownPlaceholders,
} from '@cue/contract';
import { recordAudit } from '../../platform/audit.js';
import type { Scope } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { type EmailProvider, trustedHtml } from '../../platform/email.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { DEFAULT_TEMPLATES, type TemplateText } from './defaults.js';
import { presentSummaries, presentTemplate } from './presenter.js';
import { type EmailValues, renderEmail } from './render.js';
import * as repo from './repo.js';

export type { SenderScope, SystemScope } from './repo.js';

/** One email to send: which one, to whom, and its values (a function of the language when a value is worded). */
export interface TemplatedEmail {
  key: EmailTemplateKey;
  to: string;
  /** The recipient's account: their language is read from it when none is given. */
  userId?: string | null;
  language?: Language;
  values: EmailValues | ((language: Language) => EmailValues);
}

/** The preview's values: each placeholder's sample, the school's real name. */
const sampleValues = (key: EmailTemplateKey, schoolName: string): Record<string, string> =>
  Object.fromEntries(
    EMAIL_PLACEHOLDERS[key].map((p) => [p.name, p.name === 'school_name' && schoolName ? schoolName : p.sample]),
  );

/** Sample values with markup placeholders as markup (the product's own samples). */
const withMarkup = (key: EmailTemplateKey, values: Record<string, string>): EmailValues => {
  const html = new Set(EMAIL_PLACEHOLDERS[key].filter((p) => p.kind === 'html').map((p) => p.name));
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, html.has(name) ? trustedHtml(value) : value]));
};

const label = (key: EmailTemplateKey, language: Language) => `${key} (${language})`;

/**
 * Email templates (issue 25): the product's default wording of every email in en, ar and he, a
 * school's own wording, the preview and test send, and the one way the product sends an email
 * (rendered from the template in the recipient's language, values escaped, right to left for ar and
 * he). Every change is audited (platform/audit.ts).
 */
export class EmailTemplateService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly email: EmailProvider,
  ) {}

  /** The wording a school sends: its own when it changed it, else the product's. */
  private async wording(sender: repo.SenderScope, key: EmailTemplateKey, language: Language): Promise<TemplateText> {
    const row = await repo.findTemplate(sender, this.db, key, language);
    return row ? { subject: row.subject, body: row.body } : DEFAULT_TEMPLATES[key][language];
  }

  /**
   * Sends one email the product sends, from the sender's school's template in the recipient's
   * language (the one given, else their account's, else English), with {{school_name}} filled from
   * the school when the sender did not give it.
   */
  async send(sender: repo.SenderScope, message: TemplatedEmail): Promise<void> {
    const { key, ...recipient } = message;
    await this.sendEach(sender, key, [recipient]);
  }

  /**
   * The same email to many people (a batch job): the recipients' languages, the school's wordings of
   * the email and the school's name are read once for the batch, not once per email.
   */
  async sendEach(sender: repo.SenderScope, key: EmailTemplateKey, recipients: Omit<TemplatedEmail, 'key'>[]): Promise<void> {
    if (recipients.length === 0) return;
    const unknown = recipients.flatMap((r) => (r.language || !r.userId ? [] : [r.userId]));
    const needsName = recipients.some((r) => typeof r.values === 'function' || r.values.school_name === undefined);
    const [languages, own, schoolName] = await Promise.all([
      repo.languagesOf(sender, this.db, unknown),
      repo.templatesOfKey(sender, this.db, key),
      needsName ? repo.schoolName(sender, this.db) : Promise.resolve(''),
    ]);
    const wording = (language: Language): TemplateText => {
      const row = own.find((r) => r.language === language);
      return row ? { subject: row.subject, body: row.body } : DEFAULT_TEMPLATES[key][language];
    };
    for (const r of recipients) {
      const language = r.language ?? (r.userId ? languages.get(r.userId) : undefined) ?? 'en';
      const values = typeof r.values === 'function' ? r.values(language) : r.values;
      const rendered = renderEmail(wording(language), language, { ...values, school_name: values.school_name ?? schoolName });
      await this.email.send({ to: r.to, subject: rendered.subject, html: rendered.html, schoolId: repo.schoolOf(sender) });
    }
  }

  /**
   * A sign-in code by email, for a person whose text message could not be sent: worded by the first
   * school they work in, else by the product's default with the app's name for the school's.
   * Answers false when the person has no email address.
   */
  async sendSignInCode(person: { userId: string; code: string; minutes: number; appName: string }): Promise<boolean> {
    const who = await repo.person('sign-in', this.db, person.userId);
    if (!who?.email) return false;
    const language = who.language ?? 'en';
    const schoolId = await repo.firstSchoolOf('sign-in', this.db, person.userId);
    const values: EmailValues = {
      first_name: who.firstName,
      code: person.code,
      minutes: String(person.minutes),
      app_name: person.appName,
    };
    const sender: repo.SystemScope | null = schoolId ? { kind: 'system', schoolId } : null;
    const template = sender ? await this.wording(sender, 'sign_in_code', language) : DEFAULT_TEMPLATES.sign_in_code[language];
    const schoolName = sender ? await repo.schoolName(sender, this.db) : '';
    const rendered = renderEmail(template, language, { ...values, school_name: schoolName || person.appName });
    await this.email.send({ to: who.email, subject: rendered.subject, html: rendered.html, schoolId: schoolId ?? '' });
    return true;
  }

  // ------------------------------------------------------------------ the editor

  async list(scope: Scope): Promise<EmailTemplateSummary[]> {
    return presentSummaries(await repo.templatesOfSchool(scope, this.db));
  }

  async get(scope: Scope, key: EmailTemplateKey, language: Language): Promise<EmailTemplate> {
    return presentTemplate(key, language, await repo.findTemplateWithEditor(scope, this.db, key, language));
  }

  /** Refuses a placeholder the email does not have, naming it, on the field that uses it. */
  private checkPlaceholders(key: EmailTemplateKey, body: EmailTemplateRequest): void {
    const inSubject = unknownPlaceholders(key, body.subject);
    const inBody = unknownPlaceholders(key, body.body);
    if (inSubject.length === 0 && inBody.length === 0) return;
    const errors = [
      ...(inSubject.length
        ? [{ field: 'subject', message: `${EMAIL_TEMPLATE_MESSAGES.unknownPlaceholder}: ${inSubject.join(', ')}` }]
        : []),
      ...(inBody.length
        ? [{ field: 'body', message: `${EMAIL_TEMPLATE_MESSAGES.unknownPlaceholder}: ${inBody.join(', ')}` }]
        : []),
    ];
    const names = [...new Set([...inSubject, ...inBody])];
    throw new AppError(
      400,
      `${EMAIL_TEMPLATE_MESSAGES.unknownPlaceholder}: ${names.join(', ')}`,
      ERROR_CODES.unknownPlaceholder,
      errors,
    );
  }

  async update(scope: Scope, key: EmailTemplateKey, language: Language, body: EmailTemplateRequest): Promise<EmailTemplate> {
    this.checkPlaceholders(key, body);
    await this.db.transaction(async (tx) => {
      const before = await repo.findTemplate(scope, tx, key, language);
      const fallback = DEFAULT_TEMPLATES[key][language];
      await repo.saveTemplate(scope, tx, { key, language, subject: body.subject, body: body.body, at: this.clock.now() });
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'email_template',
        entityId: `${key}:${language}`,
        label: label(key, language),
        before: { subject: before?.subject ?? fallback.subject, body: before?.body ?? fallback.body },
        after: { subject: body.subject, body: body.body },
      });
    });
    return this.get(scope, key, language);
  }

  async reset(scope: Scope, key: EmailTemplateKey, language: Language): Promise<EmailTemplate> {
    await this.db.transaction(async (tx) => {
      const removed = await repo.deleteTemplate(scope, tx, key, language);
      const fallback = DEFAULT_TEMPLATES[key][language];
      await recordAudit(scope, tx, {
        action: 'reset',
        entityType: 'email_template',
        entityId: `${key}:${language}`,
        label: label(key, language),
        before: { subject: removed?.subject ?? fallback.subject, body: removed?.body ?? fallback.body },
        after: { subject: fallback.subject, body: fallback.body },
      });
    });
    return this.get(scope, key, language);
  }

  /** The draft's parts, else the saved (or default) template's. */
  private async draftOrSaved(
    scope: Scope,
    key: EmailTemplateKey,
    language: Language,
    draft: Partial<EmailTemplateRequest>,
  ): Promise<TemplateText> {
    const saved = draft.subject !== undefined && draft.body !== undefined ? null : await this.wording(scope, key, language);
    return { subject: draft.subject ?? saved?.subject ?? '', body: draft.body ?? saved?.body ?? '' };
  }

  /** The email as it would be sent with the sample values; never refused for an unknown placeholder (they are listed). */
  async preview(
    scope: Scope,
    key: EmailTemplateKey,
    language: Language,
    draft: Partial<EmailTemplateRequest>,
  ): Promise<EmailPreview> {
    const template = await this.draftOrSaved(scope, key, language, draft);
    const values = withMarkup(key, sampleValues(key, await repo.schoolName(scope, this.db)));
    const rendered = renderEmail(template, language, values);
    return {
      subject: rendered.subject,
      html: rendered.html.value,
      direction: RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr',
      unknown_placeholders: unknownPlaceholders(key, template.subject, template.body),
    };
  }

  /** Sends the draft (or saved) template with the sample values to the caller's own address, at once. */
  async test(scope: Scope, key: EmailTemplateKey, language: Language, draft: Partial<EmailTemplateRequest>): Promise<void> {
    const me = await repo.person(scope, this.db, scope.userId);
    if (!me?.email) throw badRequest(EMAIL_TEMPLATE_MESSAGES.noEmail, ERROR_CODES.noEmail);
    const template = await this.draftOrSaved(scope, key, language, draft);
    const values = withMarkup(key, sampleValues(key, await repo.schoolName(scope, this.db)));
    const rendered = renderEmail(template, language, values);
    await this.email.send({
      to: me.email,
      subject: `[Test] ${rendered.subject}`,
      html: rendered.html,
      schoolId: repo.schoolOf(scope),
    });
  }

  /** The signed-in person's language: the app's and their emails'. */
  async setUserLanguage(scope: Scope, language: Language): Promise<void> {
    await repo.setLanguage(scope, this.db, language);
  }
}
