import {
  type AttendanceStatus,
  type ClassAttendance,
  type ClassDetail,
  type Communication,
  type DashboardAttendanceState,
  type DashboardChild,
  type DashboardClass,
  ddmmyyyyFromIso,
  type Excusal,
  isoFromDdmmyyyy,
  type ParentDashboard,
  type StaffDashboard,
  type TaskLog,
  weekdayOf,
} from '@cue/contract';

/** One class's part of the staff dashboard, as the service gathered it from the modules. */
export interface ClassToday {
  detail: ClassDetail;
  /** Today's marks; null when the school has attendance switched off. */
  day: ClassAttendance | null;
  pending: Excusal[];
  /** Observations this week per child (children with none are missing). */
  observed: Map<string, number>;
}

function attendanceOf(detail: ClassDetail, day: ClassAttendance, todayIso: string): NonNullable<DashboardClass['attendance']> {
  const count = (status: AttendanceStatus) => day.student_attendance_list.filter((e) => e.attendance_status === status).length;
  const marked = day.student_attendance_list.filter((e) => e.attendance_status !== 'NA').length;
  let state: DashboardAttendanceState = 'not_taken';
  if (day.is_saved) state = 'complete';
  else if (marked > 0) state = 'taken';
  else if (day.holiday) state = 'holiday';
  else if (!detail.classes_days.includes(weekdayOf(todayIso))) state = 'no_class';
  return {
    state,
    marked,
    present: count('present'),
    late: count('late'),
    absent: count('absent'),
    excused: count('excused'),
    holiday: day.holiday?.title ?? null,
  };
}

const communicationItem = (c: Communication) => ({
  id: c.id,
  type: c.type,
  title: c.title,
  date: c.status === 'scheduled' ? c.date : null,
  time: c.status === 'scheduled' ? c.time : null,
});

export function presentStaffDashboard(input: {
  todayIso: string;
  weekFromIso: string;
  classes: ClassToday[];
  drafts: Communication[];
  scheduled: Communication[];
  tasks: TaskLog[];
  limit: number;
}): StaffDashboard {
  const names = new Map(input.classes.map((c) => [c.detail.id, c.detail.class_name]));
  const excusals = input.classes
    .flatMap((c) => c.pending)
    .sort(
      (a, b) =>
        (isoFromDdmmyyyy(a.from_date) ?? '').localeCompare(isoFromDdmmyyyy(b.from_date) ?? '') ||
        a.created_at.localeCompare(b.created_at),
    );
  return {
    side: 'staff',
    date: ddmmyyyyFromIso(input.todayIso),
    week_from: ddmmyyyyFromIso(input.weekFromIso),
    classes: input.classes.map(({ detail, day, pending, observed }) => ({
      id: detail.id,
      class_name: detail.class_name,
      color: detail.color,
      student_count: detail.student_list.length,
      attendance: day ? attendanceOf(detail, day, input.todayIso) : null,
      excusals_pending: pending.length,
      observations_this_week: [...observed.values()].reduce((sum, n) => sum + n, 0),
      without_observation: detail.student_list
        .filter((s) => !observed.has(s.id))
        .map((s) => ({ id: s.id, first_name: s.first_name, last_name: s.last_name })),
    })),
    excusals: excusals.slice(0, input.limit).map((e) => ({
      id: e.id,
      class_id: e.class_id,
      class_name: names.get(e.class_id) ?? '',
      student: e.student,
      from_date: e.from_date,
      to_date: e.to_date,
      reason: e.reason,
    })),
    drafts: input.drafts.map(communicationItem),
    scheduled: input.scheduled.map(communicationItem),
    cue_tasks: input.tasks.map((task) => ({
      task_id: task.task_id,
      command: task.command,
      current_stage: task.currentStage,
      progress_level: task.progressLevel,
      class_id: task.class_id,
    })),
  };
}

export function presentChild(input: {
  child: { id: string; first_name: string; last_name: string };
  todayIso: string;
  attendance: AttendanceStatus | null;
  unread: { announcement: number; homework: number };
  portfolio: number;
}): DashboardChild {
  return {
    id: input.child.id,
    first_name: input.child.first_name,
    last_name: input.child.last_name,
    date: ddmmyyyyFromIso(input.todayIso),
    attendance: input.attendance,
    new_announcements: input.unread.announcement,
    new_homework: input.unread.homework,
    new_portfolio_items: input.portfolio,
  };
}

export const presentParentDashboard = (children: DashboardChild[]): ParentDashboard => ({ side: 'parent', children });

/** The school dashboard: its counts and today's attendance over the classes that meet today. */
export function presentSchoolDashboard(
  counts: { classes: number; students: number; staff: number; parents: number },
  today: {
    present: number;
    marked: number;
    rate: number | null;
    classes: { id: string; class_name: string; state: 'complete' | 'taken' | 'unmarked' }[];
  } | null,
) {
  return {
    ...counts,
    attendance_today: {
      present: today?.present ?? 0,
      marked: today?.marked ?? 0,
      rate: today?.rate ?? null,
      classes: today?.classes.length ?? 0,
      complete: today?.classes.filter((c) => c.state === 'complete').length ?? 0,
      unmarked_classes: (today?.classes ?? [])
        .filter((c) => c.state === 'unmarked')
        .map((c) => ({ id: c.id, class_name: c.class_name })),
    },
  };
}
