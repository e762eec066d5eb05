import {
  type AttendanceStatus,
  addDays,
  DASHBOARD_LIST_LIMIT,
  type Dashboard,
  type DashboardChild,
  isoFromDdmmyyyy,
  todayIn,
  weekStart,
} from '@cue/contract';
import type { CueTaskService } from '../../ai/tasks/service.js';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { ExcusalService } from '../attendance/excusal-service.js';
import type { AttendanceService } from '../attendance/service.js';
import type { ClassService } from '../classes/service.js';
import type { CommunicationService } from '../communication/service.js';
import type { ObservationService } from '../observations/service.js';
import type { SchoolService } from '../school/service.js';
import type { UserService } from '../users/service.js';
import {
  type ClassToday,
  presentChild,
  presentParentDashboard,
  presentSchoolDashboard,
  presentStaffDashboard,
} from './presenter.js';

export interface DashboardDeps {
  clock: Clock;
  users: UserService;
  school: SchoolService;
  classes: ClassService;
  attendance: AttendanceService;
  excusals: ExcusalService;
  communication: CommunicationService;
  observations: ObservationService;
  cueTasks: CueTaskService;
}

/**
 * The first page after sign-in, and the school's dashboard, gathered from the modules' services (each
 * applies its own checks: the classes a person works with, their own children, their own drafts and tasks).
 */
export class DashboardService {
  constructor(private readonly deps: DashboardDeps) {}

  async forCaller(auth: Scope): Promise<Dashboard> {
    return auth.kind === 'staff' ? this.staff(auth) : this.parent(auth);
  }

  /**
   * The school at a glance (admin): its counts, and today's attendance over every class that meets
   * today: children present of those marked, classes complete, and the classes not marked yet.
   */
  async school(auth: Scope) {
    const { school, classes, attendance } = this.deps;
    const schoolId = staffSchool(auth);
    const [counts, features] = await Promise.all([school.counts(auth), school.schoolPermissions(schoolId)]);
    const today = features.has('attendance.enabled')
      ? await attendance.todayOverClasses(auth, await classes.allOfSchool(auth))
      : null;
    return presentSchoolDashboard(counts, today);
  }

  /**
   * Staff: every class they work with (their own; every class of the school for holders of
   * admin_portal.classes), what waits for them, and Cue's tasks still running.
   */
  private async staff(auth: Scope): Promise<Dashboard> {
    const { attendance, classes, excusals, observations, communication, cueTasks, school } = this.deps;
    const schoolId = staffSchool(auth);
    const [todayIso, features, mine] = await Promise.all([
      attendance.today(auth),
      school.schoolPermissions(schoolId),
      classes.classesUsers(auth),
    ]);
    const weekFromIso = weekStart(todayIso);
    const withAttendance = features.has('attendance.enabled');
    // Each part for every class at once: the statements do not grow with the classes.
    const [days, pending, observed] = await Promise.all([
      withAttendance ? attendance.forDays(auth, mine, todayIso) : Promise.resolve(null),
      excusals.forClasses(auth, mine, 'pending'),
      observations.countsByChild(auth, mine, weekFromIso, todayIso),
    ]);
    const perClass: ClassToday[] = mine.map((detail) => ({
      detail,
      day: days?.get(detail.id) ?? null,
      pending: pending.get(detail.id) ?? [],
      observed: observed.get(detail.id) ?? new Map(),
    }));
    const [drafts, scheduled, tasks] = await Promise.all([
      communication.ownPending(auth, 'draft', DASHBOARD_LIST_LIMIT),
      communication.ownPending(auth, 'scheduled', DASHBOARD_LIST_LIMIT),
      cueTasks.replay(auth),
    ]);
    return presentStaffDashboard({
      todayIso,
      weekFromIso,
      classes: perClass,
      drafts,
      scheduled,
      tasks: tasks.filter((task) => !task.finished),
      limit: DASHBOARD_LIST_LIMIT,
    });
  }

  /** Parents: today for each of their children (attendance, unread announcements and homework, new portfolio items). */
  private async parent(auth: Scope): Promise<Dashboard> {
    const { users, attendance, communication, observations, clock } = this.deps;
    const details = await users.current(auth);
    if (details.logined_as !== 'parent') return presentParentDashboard([]);
    const children: DashboardChild[] = await Promise.all(
      details.user_detials.child_list.map(async (child) => {
        const schoolId = child.student_class[0]?.school_details.id;
        const classIds = child.student_class.map((c) => c.class_id);
        const todayIso = schoolId ? await attendance.today(auth, schoolId) : todayIn('UTC', clock.now());
        const [week, unread, portfolio] = await Promise.all([
          classIds.length ? attendance.studentReport(auth, child.id, 'week', {}) : Promise.resolve(null),
          communication.unreadCounts(auth, classIds),
          observations.sharedSince(auth, child.id, addDays(todayIso, -6)),
        ]);
        // The week's days are the child's school days up to today: today is missing when it is none.
        const today = week?.days.find((d) => isoFromDdmmyyyy(d.date) === todayIso);
        const status: AttendanceStatus | null = today ? today.attendance_status : null;
        return presentChild({ child, todayIso, attendance: status, unread, portfolio });
      }),
    );
    return presentParentDashboard(children);
  }
}
