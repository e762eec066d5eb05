import type { ReportComment, ReportSection, ReportSet, ReportSetStatus, ReportTemplate } from '@cue/contract';
import type { ReportCommentRow } from '../../platform/db/schema.js';
import type { EntryWithStudent, SetRow, TemplateRow } from './report-cards-repo.js';

/** A stored sentence: its words, its evidence, and (a grade's sentence) the graded task. */
export type StoredSentence = ReportCommentRow['sentences'][number] & { task_id?: string };

export const fullName = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();

export function presentTemplate(row: TemplateRow, canEdit: boolean): ReportTemplate {
  return {
    _id: row.id,
    name: row.name,
    sections: row.sections.map((s) => ({ kind: s.kind as ReportSection['kind'], title: s.title, text: s.text })),
    show_logo: row.showLogo,
    head_name: row.headName,
    archived: row.archivedAt !== null,
    abilities: { can_edit: canEdit && row.archivedAt === null },
  };
}

export function presentComment(c: ReportCommentRow, areaName: string): ReportComment {
  return {
    area_id: c.area_id,
    area_name: areaName,
    text: c.text,
    sentences: (c.sentences as StoredSentence[]).map((s) => ({
      text: s.text,
      evidence: s.evidence.map((e) => ({ kind: e.kind, id: e.id })),
      ...(s.task_id ? { task_id: s.task_id } : {}),
    })),
    drafted: c.drafted,
    signed_off_by: c.signed_off_by,
    signed_off_at: c.signed_off_at,
  };
}

export interface SetNames {
  className: string;
  periodName: string;
  templateName: string;
}

export interface SetAbilities {
  can_edit: boolean;
  can_lock: boolean;
  can_unlock: boolean;
  can_share: boolean;
}

export function presentSetHead(row: SetRow, names: SetNames, abilities: SetAbilities): Omit<ReportSet, 'entries'> {
  return {
    _id: row.id,
    class_id: row.classId,
    class_name: names.className,
    period_id: row.periodId,
    period_name: names.periodName,
    template_id: row.templateId,
    template_name: names.templateName,
    language: row.language as ReportSet['language'],
    status: row.status as ReportSetStatus,
    export_id: row.exportId,
    locked_at: row.lockedAt ? row.lockedAt.toISOString() : null,
    shared_at: row.sharedAt ? row.sharedAt.toISOString() : null,
    abilities,
  };
}

export function presentEntryRow(e: EntryWithStudent): ReportSet['entries'][number] {
  return {
    _id: e.id,
    student_id: e.studentId,
    student_name: fullName(e),
    comments_written: e.comments.filter((c) => c.text.trim() !== '').length,
    comments_signed: e.comments.filter((c) => c.text.trim() !== '' && c.signed_off_at !== null).length,
    areas: e.comments.length,
    pdf_ready: e.pdfKey !== null,
  };
}
