import {
  EMAIL_AUDIENCE,
  EMAIL_PLACEHOLDERS,
  EMAIL_TEMPLATE_KEYS,
  type EmailTemplate,
  type EmailTemplateKey,
  type EmailTemplateSummary,
  LANGUAGES,
  type Language,
} from '@cue/contract';
import { DEFAULT_TEMPLATES } from './defaults.js';
import type { TemplateRow } from './repo.js';

/** Every email with, per language, whether the school changed it and the subject that is sent. */
export function presentSummaries(rows: TemplateRow[]): EmailTemplateSummary[] {
  const own = new Map(rows.map((r) => [`${r.key}:${r.language}`, r]));
  return EMAIL_TEMPLATE_KEYS.map((key) => ({
    key,
    audience: EMAIL_AUDIENCE[key],
    languages: LANGUAGES.map((language) => {
      const row = own.get(`${key}:${language}`);
      return {
        language,
        customised: !!row,
        subject: row?.subject ?? DEFAULT_TEMPLATES[key][language].subject,
        updated_at: row?.updatedAt.toISOString() ?? null,
      };
    }),
  }));
}

/** One email in one language: the school's wording when it has one, else the product's, and the default beside it. */
export function presentTemplate(
  key: EmailTemplateKey,
  language: Language,
  found: { row: TemplateRow; editorName: string | null } | null,
): EmailTemplate {
  const fallback = DEFAULT_TEMPLATES[key][language];
  const row = found?.row;
  return {
    key,
    language,
    subject: row?.subject ?? fallback.subject,
    body: row?.body ?? fallback.body,
    customised: !!row,
    default_subject: fallback.subject,
    default_body: fallback.body,
    placeholders: EMAIL_PLACEHOLDERS[key].map((p) => ({ name: p.name, kind: p.kind, sample: p.sample })),
    updated_at: row?.updatedAt.toISOString() ?? null,
    updated_by: row?.updatedBy ? { _id: row.updatedBy, name: found?.editorName ?? '' } : null,
  };
}
