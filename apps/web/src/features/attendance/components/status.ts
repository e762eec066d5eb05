import { ATTENDANCE_STATUSES, type AttendanceStatus } from '@cue/contract';

/** The statuses a person picks; NA ("Unassigned") is what choosing the selected one again returns to. */
export const PICKABLE: Exclude<AttendanceStatus, 'NA'>[] = ['present', 'absent', 'late', 'excused'];
export const ALL_STATUSES: readonly AttendanceStatus[] = ATTENDANCE_STATUSES;

export const STATUS_COLOR: Record<AttendanceStatus, string> = {
  present: 'teal',
  absent: 'red',
  late: 'orange',
  excused: 'blue',
  NA: 'gray',
};

/** A chosen status's button: shades dark enough for white text (late keeps dark text on orange). */
export const STATUS_FILLED: Record<AttendanceStatus, string> = {
  present: 'teal.9',
  absent: 'red.9',
  late: 'orange.6',
  excused: 'blue.8',
  NA: 'gray.7',
};

/** Catalog key of a status: NA is shown as Unassigned. */
export const statusKey = (status: AttendanceStatus): string => `status.${status === 'NA' ? 'unassigned' : status}`;

/** The picker's rule: choosing the status already selected resets it to NA. */
export const nextStatus = (current: AttendanceStatus, chosen: AttendanceStatus): AttendanceStatus =>
  current === chosen ? 'NA' : chosen;

export const countStatuses = (list: { attendance_status: AttendanceStatus }[]): Record<AttendanceStatus, number> => {
  const counts = Object.fromEntries(ALL_STATUSES.map((s) => [s, 0])) as Record<AttendanceStatus, number>;
  for (const entry of list) counts[entry.attendance_status] += 1;
  return counts;
};

export { inkOf } from '../../../components/SoftBadge';
