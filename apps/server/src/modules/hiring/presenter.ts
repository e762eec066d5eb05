import {
  ddmmyyyyFromIso,
  HIRING_NEXT,
  HIRING_STAGES,
  type HiringStage,
  type JobApplication,
  type JobApplicationSummary,
  type JobInterview,
  type JobOpening,
  type Language,
  type PublicJob,
  pagePath,
} from '@cue/contract';
import { instantToZoned } from '../../platform/zoned.js';
import type { ApplicationListed, FileRow, InterviewListed, Named, OpeningListed, OpeningRow } from './repo.js';

type EmploymentType = JobOpening['employment_type'];
type OpeningStatus = JobOpening['status'];

const person = (p: Named) => ({ _id: p.id, name: p.name });
const nameOf = (first: string, last: string) => `${first} ${last}`.trim();
const isoOf = (d: Date | string) => new Date(d).toISOString();

/** A staff's view of an opening: its role and classes by name, applications per stage, its public page. */
export function presentOpening(
  row: OpeningListed,
  names: { roles: Map<string, string>; classes: Map<string, string> },
  canEdit: boolean,
): JobOpening {
  const stageCounts = Object.fromEntries(HIRING_STAGES.map((s) => [s, row.stageCounts[s] ?? 0])) as Record<HiringStage, number>;
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    employment_type: row.employmentType as EmploymentType,
    location: row.location,
    role: row.roleId ? { _id: row.roleId, name: names.roles.get(row.roleId) ?? '' } : null,
    classes: row.classIds.flatMap((id) => {
      const name = names.classes.get(id);
      return name === undefined ? [] : [{ _id: id, name }];
    }),
    closes_on: row.closesOn ? ddmmyyyyFromIso(row.closesOn) : null,
    status: row.status as OpeningStatus,
    applications: Object.values(stageCounts).reduce((a, b) => a + b, 0),
    stage_counts: stageCounts,
    public_path: pagePath.publicJob(row.schoolId, row.id),
    created_at: isoOf(row.createdAt),
    abilities: { edit: canEdit },
  };
}

/** What the public job page shows of an opening: nothing about its role, classes or applications. */
export const presentPublicJob = (row: OpeningRow): PublicJob => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  employment_type: row.employmentType as EmploymentType,
  location: row.location,
  closes_on: row.closesOn ? ddmmyyyyFromIso(row.closesOn) : null,
});

export function presentSummary(row: ApplicationListed, zone: string): JobApplicationSummary {
  const next = row.nextInterviewAt ? instantToZoned(row.nextInterviewAt, zone) : null;
  return {
    _id: row.id,
    opening: { _id: row.openingId, name: row.openingTitle },
    name: nameOf(row.firstName, row.lastName),
    email: row.email,
    phone: row.phone,
    stage: row.stage as HiringStage,
    next_interview: next ? { date: next.date, time: next.time } : null,
    created_at: isoOf(row.createdAt),
    stage_changed_at: isoOf(row.stageChangedAt),
  };
}

export function presentInterview(
  row: InterviewListed,
  zone: string,
  people: Map<string, string>,
  canEdit: boolean,
): JobInterview {
  const start = instantToZoned(row.startsAt, zone);
  const end = instantToZoned(row.endsAt, zone);
  return {
    _id: row.id,
    application: {
      _id: row.applicationId,
      name: nameOf(row.applicantFirstName, row.applicantLastName),
      opening: row.openingTitle,
    },
    date: start.date,
    start: start.time,
    end: end.time,
    interviewers: row.interviewerIds.map((id) => ({ _id: id, name: people.get(id) ?? '' })),
    location: row.location,
    note: row.note,
    cancelled: row.cancelledAt !== null,
    abilities: { edit: canEdit && row.cancelledAt === null },
  };
}

export interface ApplicationDetail {
  row: ApplicationListed;
  cv: FileRow | null;
  notes: { id: string; body: string; authorId: string; createdAt: Date }[];
  history: { fromStage: string | null; toStage: string; note: string; byUserId: string | null; at: Date; emailSent: boolean }[];
  interviews: InterviewListed[];
  people: Map<string, string>;
  zone: string;
}

/** The whole application: answers, CV, notes, stage history, interviews and, once hired, the member of staff. */
export function presentApplication(d: ApplicationDetail): JobApplication {
  const stage = d.row.stage as HiringStage;
  const who = (id: string | null) => (id ? { _id: id, name: d.people.get(id) ?? '' } : null);
  return {
    ...presentSummary(d.row, d.zone),
    first_name: d.row.firstName,
    last_name: d.row.lastName,
    cover_letter: d.row.coverLetter,
    language: d.row.language as Language,
    cv: d.cv ? { _id: d.cv.id, name: d.cv.name, mime: d.cv.mime, size: d.cv.size } : null,
    notes: d.notes.map((n) => ({
      _id: n.id,
      body: n.body,
      author: who(n.authorId) ?? { _id: n.authorId, name: '' },
      created_at: isoOf(n.createdAt),
    })),
    history: d.history.map((h) => ({
      from: (h.fromStage as HiringStage | null) ?? null,
      to: h.toStage as HiringStage,
      note: h.note,
      by: who(h.byUserId),
      at: isoOf(h.at),
      email_sent: h.emailSent,
    })),
    interviews: d.interviews.map((i) => presentInterview(i, d.zone, d.people, true)),
    staff: who(d.row.staffUserId),
    next_stages: [...HIRING_NEXT[stage]],
    abilities: { edit: stage !== 'hired', hire: stage === 'offer' && !d.row.staffUserId },
  };
}

export { person };
