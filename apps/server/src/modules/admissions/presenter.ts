import {
  ADMISSION_NEXT,
  type Admission,
  type AdmissionDocument,
  type AdmissionForm,
  type AdmissionFormKind,
  type AdmissionStage,
  type AdmissionSummary,
  ddmmyyyyFromIso,
  type FormSection,
  type Language,
  type LocalizedText,
  pagePath,
} from '@cue/contract';
import { instantToZoned } from '../../platform/zoned.js';
import { fieldsOf } from './answers.js';
import type * as repo from './repo.js';

/* Rows of the admissions' tables → the contract's shapes (DD-MM-YYYY, hh:mm A in the school's zone). */

const wireDate = (iso: string | null) => (iso ? ddmmyyyyFromIso(iso) : null);
const trimName = (first: string, last: string) => `${first} ${last}`.trim();
const localized = (v: Record<string, string> | undefined): LocalizedText => ({
  en: v?.en ?? '',
  ar: v?.ar ?? '',
  he: v?.he ?? '',
});
const inLanguage = (v: Partial<LocalizedText> | undefined, language: Language) => (v?.[language] || v?.en || '').trim();

export interface FormValues {
  title: LocalizedText;
  intro: LocalizedText;
  open: boolean;
  sections: FormSection[];
  updatedAt: Date | null;
}

export const formValuesOf = (row: repo.FormRow): FormValues => ({
  title: localized(row.title),
  intro: localized(row.intro),
  open: row.open,
  sections: row.sections as FormSection[],
  updatedAt: row.updatedAt,
});

export function presentForm(schoolId: string, kind: AdmissionFormKind, form: FormValues): AdmissionForm {
  return {
    kind,
    title: form.title,
    intro: form.intro,
    open: form.open,
    sections: form.sections,
    public_path: pagePath.publicAdmissions(schoolId, kind),
    updated_at: form.updatedAt ? form.updatedAt.toISOString() : null,
  };
}

export function presentSummary(row: repo.ApplicationListed, zone: string): AdmissionSummary {
  const visit = row.visitAt ? instantToZoned(row.visitAt, zone) : null;
  return {
    _id: row.id,
    reference: row.reference,
    kind: row.kind as AdmissionSummary['kind'],
    stage: row.stage as AdmissionStage,
    source: row.source as AdmissionSummary['source'],
    child_name: trimName(row.childFirstName, row.childLastName),
    child_date_of_birth: wireDate(row.childDateOfBirth),
    parent_name: trimName(row.parentFirstName, row.parentLastName),
    parent_email: row.parentEmail,
    parent_phone: row.parentPhone,
    desired_class: row.desiredClassId ? { _id: row.desiredClassId, name: row.desiredClassName ?? '' } : null,
    desired_start: wireDate(row.desiredStart),
    visit_date: visit?.date ?? null,
    visit_time: visit?.time ?? null,
    documents: row.documentCount,
    notes: row.noteCount,
    created_at: row.createdAt.toISOString(),
    stage_changed_at: row.stageChangedAt.toISOString(),
  };
}

export function presentDocument(
  d: repo.DocumentRow,
  addedByName: string | null,
  sections: readonly FormSection[],
  language: Language,
): AdmissionDocument {
  const field = d.fieldKey ? fieldsOf(sections).find((f) => f.key === d.fieldKey) : undefined;
  return {
    _id: d.id,
    field_key: d.fieldKey,
    label: field ? inLanguage(field.label, language) : d.name,
    name: d.name,
    mime: d.mime,
    size: d.size,
    received_at: d.createdAt.toISOString(),
    added_by: d.addedBy ? { _id: d.addedBy, name: addedByName ?? '' } : null,
  };
}

/** The answers as staff read them: each field of the form as it was submitted, worded in the family's language. */
export function presentAnswers(row: repo.ApplicationRow, documents: readonly repo.DocumentRow[]): Admission['answers'] {
  const language = row.language as Language;
  const sections = row.formSnapshot as FormSection[];
  const docNames = new Map(documents.map((d) => [d.id, d.name]));
  const answers = row.answers as Record<string, unknown>;
  return sections.flatMap((section) =>
    section.fields.flatMap((f) => {
      const raw = answers[f.key];
      if (raw === undefined || raw === null) return [];
      let value: string;
      if (f.type === 'select') value = inLanguage(f.options.find((o) => o.value === raw)?.label, language) || String(raw);
      else if (f.type === 'multiselect')
        value = (Array.isArray(raw) ? raw : [raw])
          .map((v) => inLanguage(f.options.find((o) => o.value === v)?.label, language) || String(v))
          .join(', ');
      else if (f.type === 'checkbox') value = raw === true ? 'Yes' : 'No';
      else if (f.type === 'file')
        value = (Array.isArray(raw) ? raw : [raw]).map((id) => docNames.get(String(id)) ?? String(id)).join(', ');
      else value = String(raw);
      return [
        { key: f.key, section: inLanguage(section.title, language), label: inLanguage(f.label, language), type: f.type, value },
      ];
    }),
  );
}

export interface AdmissionDetail {
  row: repo.ApplicationListed;
  documents: Awaited<ReturnType<typeof repo.documentsOf>>;
  notes: Awaited<ReturnType<typeof repo.notesOf>>;
  history: Awaited<ReturnType<typeof repo.stageChangesOf>>;
  zone: string;
}

export function presentAdmission(d: AdmissionDetail): Admission {
  const { row } = d;
  const stage = row.stage as AdmissionStage;
  const language = row.language as Language;
  const sections = row.formSnapshot as FormSection[];
  const enrolled = stage === 'enrolled' || row.studentId !== null;
  return {
    ...presentSummary(row, d.zone),
    language,
    answers: presentAnswers(
      row,
      d.documents.map((x) => x.d),
    ),
    documents_list: d.documents.map((x) => presentDocument(x.d, x.addedByName, sections, language)),
    notes_list: d.notes.map((n) => ({
      _id: n.n.id,
      body: n.n.body,
      author: { _id: n.n.authorId, name: n.authorName },
      created_at: n.n.createdAt.toISOString(),
    })),
    history: d.history.map((h) => ({
      from: h.c.fromStage as AdmissionStage | null,
      to: h.c.toStage as AdmissionStage,
      note: h.c.note,
      by: h.c.byUserId ? { _id: h.c.byUserId, name: h.byName } : null,
      at: h.c.at.toISOString(),
      email_sent: h.c.emailSent,
    })),
    student: row.studentId ? { _id: row.studentId, name: row.studentName ?? '' } : null,
    next_stages: enrolled ? [] : [...ADMISSION_NEXT[stage]],
    abilities: {
      edit: !enrolled,
      enrol: !enrolled && (stage === 'offered' || stage === 'accepted'),
    },
  };
}
