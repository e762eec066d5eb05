import { z } from 'zod';
import { WEEKDAYS } from '../classes/schemas.js';
import { abilitiesSchema, cursorSchema, ddmmyyyySchema, idSchema, pageOf, requiredText } from '../common.js';

/*
 * The leave portal (issue 27): the school's leave policy (leave types with quota, accrual, carry-over,
 * approval and half days; line managers; working days; the staff-to-child ratio), a member's own leave
 * (balances, apply, cancel), approvals in one or two steps, and the staff calendar of who is away.
 *
 * Days on the wire are numbers in steps of half a day (1.5); inside they are integer half-days.
 */

export const LEAVE_MESSAGES = {
  typeCreated: 'Leave type added',
  typeSaved: 'Leave type saved',
  settingsSaved: 'Leave policy saved',
  managersSaved: 'Line managers saved',
  applied: 'Leave requested',
  approved: 'Leave approved',
  declined: 'Leave declined',
  cancelled: 'Leave cancelled',
  noWorkingDays: 'These dates have no working days',
  endBeforeStart: 'The last day is before the first day',
  halfDaysNotAllowed: 'This leave type cannot be taken in half days',
  notEnoughBalance: 'Not enough leave left of this type',
  overlaps: 'You already have leave on some of these days',
  tooLong: 'A request can cover at most 366 days',
  cannotCancel: 'Leave that has started cannot be cancelled',
  notPending: 'This request has already been decided',
  notYourTeam: 'Only the line manager or a leave manager can decide this request',
  ownRequest: 'You cannot decide your own leave request',
  managerLoop: 'A member of staff cannot be their own line manager, directly or through others',
  typeArchived: 'This leave type is no longer offered',
  typeTaken: 'A leave type with this name already exists',
  coverSaved: 'Cover saved',
  documentAttached: 'Document attached',
  coverBusy: 'This member of staff is away or covering another class that day',
  noCoverNeeded: 'This class does not need cover that day',
} as const;

export const LEAVE_ACCRUALS = ['upfront', 'monthly'] as const;
export type LeaveAccrual = (typeof LEAVE_ACCRUALS)[number];
/** pending: waiting for the line manager; pending_admin: approved by them, waiting for a leave manager. */
export const LEAVE_STATUSES = ['pending', 'pending_admin', 'approved', 'declined', 'cancelled'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
/** A day taken whole, or its morning or afternoon only. */
export const DAY_PORTIONS = ['full', 'am', 'pm'] as const;
export type DayPortion = (typeof DAY_PORTIONS)[number];

const person = z.object({ _id: idSchema, name: z.string() });
/** Days in steps of half a day. */
export const leaveDaysSchema = z.number().multipleOf(0.5);

// ------------------------------------------------------------------ policy

export const leaveSettingsSchema = z.object({
  /** The school's working days (leave counts only these, less the calendar's holidays). */
  working_days: z.array(z.enum(WEEKDAYS)),
  /** The month a leave year starts (1 = January). */
  year_start_month: z.number().int().min(1).max(12),
  /** The most children one adult may look after; a request leaving a class below it is flagged. */
  children_per_adult: z.number().int().min(1).max(50),
});
export type LeaveSettings = z.infer<typeof leaveSettingsSchema>;
export const leaveSettingsRequestSchema = leaveSettingsSchema.partial();

export const leaveTypeSchema = z.object({
  _id: idSchema,
  name: z.string(),
  /** A short code for the calendar ("AL", "SL"). */
  code: z.string(),
  color: z.string(),
  /** Days a year. */
  yearly_quota: leaveDaysSchema,
  accrual: z.enum(LEAVE_ACCRUALS),
  /** Most days carried into the next leave year (0: none). */
  carry_over_limit: leaveDaysSchema,
  requires_approval: z.boolean(),
  /** After the line manager, a holder of management.leave decides too. */
  admin_approval: z.boolean(),
  half_days: z.boolean(),
  /** Whether a balance may go below zero (unpaid leave, for instance). */
  allow_negative: z.boolean(),
  position: z.number().int(),
  archived: z.boolean(),
  abilities: abilitiesSchema('edit'),
});
export type LeaveType = z.infer<typeof leaveTypeSchema>;
export const leaveTypeRequestSchema = z.object({
  name: requiredText(80),
  code: z.string().trim().min(1).max(6),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #4c6ef5')
    .default('#4c6ef5'),
  yearly_quota: leaveDaysSchema.min(0).max(366),
  accrual: z.enum(LEAVE_ACCRUALS).default('upfront'),
  carry_over_limit: leaveDaysSchema.min(0).max(366).default(0),
  requires_approval: z.boolean().default(true),
  admin_approval: z.boolean().default(false),
  half_days: z.boolean().default(true),
  allow_negative: z.boolean().default(false),
  position: z.number().int().min(0).max(1000).default(0),
});
export type LeaveTypeRequest = z.infer<typeof leaveTypeRequestSchema>;

/** Each member of staff with their line manager (who approves their leave first). */
export const lineManagerSchema = z.object({
  staff: person,
  manager: person.nullable(),
  /** The staff member's classes, to help choosing. */
  classes: z.array(person),
});
export const lineManagersSchema = z.array(lineManagerSchema);
export const lineManagersRequestSchema = z.object({
  managers: z
    .array(z.object({ staff_id: idSchema, manager_id: idSchema.nullable() }))
    .min(1)
    .max(2000),
});

// ------------------------------------------------------------------ balances

export const leaveBalanceSchema = z.object({
  leave_type: z.object({ _id: idSchema, name: z.string(), code: z.string(), color: z.string() }),
  /** The leave year this balance is of (its first and last day). */
  year_start: ddmmyyyySchema,
  year_end: ddmmyyyySchema,
  /** Accrued so far this year (the whole quota when given up front). */
  entitled: leaveDaysSchema,
  carried_over: leaveDaysSchema,
  /** Approved days this leave year. */
  taken: leaveDaysSchema,
  /** Days of requests still waiting for a decision. */
  pending: leaveDaysSchema,
  /** entitled + carried_over − taken − pending. */
  available: leaveDaysSchema,
  allow_negative: z.boolean(),
});
export type LeaveBalance = z.infer<typeof leaveBalanceSchema>;
export const leaveBalancesQuerySchema = z.object({
  /** Another member's balances (their approvers and leave managers only). */
  staff_id: idSchema.optional(),
  /** Any day of the leave year asked about (default today). */
  on: ddmmyyyySchema.optional(),
});

// ------------------------------------------------------------------ requests

export const leaveDecisionSchema = z.object({
  step: z.enum(['manager', 'admin']),
  decision: z.enum(['approved', 'declined']),
  by: person,
  note: z.string(),
  at: z.string(),
});

/** A day of a class that the request would leave with fewer adults than the ratio asks for. */
export const ratioWarningSchema = z.object({
  date: ddmmyyyySchema,
  class: person,
  children: z.number().int(),
  /** Adults of the class still there that day if this request is approved. */
  adults_left: z.number().int(),
  /** Adults the ratio asks for. */
  adults_needed: z.number().int(),
  /** "1:8". */
  ratio: z.string(),
});
export type RatioWarning = z.infer<typeof ratioWarningSchema>;

/** Someone of the applicant's classes or team away on some of the same days. */
export const overlapSchema = z.object({
  staff: person,
  leave_type: z.string(),
  start_date: ddmmyyyySchema,
  end_date: ddmmyyyySchema,
  status: z.enum(LEAVE_STATUSES),
  /** What they share with the applicant. */
  shares: z.array(z.string()),
});

export const leaveRequestSchema = z.object({
  _id: idSchema,
  staff: person,
  leave_type: z.object({ _id: idSchema, name: z.string(), code: z.string(), color: z.string() }),
  start_date: ddmmyyyySchema,
  end_date: ddmmyyyySchema,
  start_portion: z.enum(DAY_PORTIONS),
  end_portion: z.enum(DAY_PORTIONS),
  /** Working days counted (weekends and holidays skipped). */
  days: leaveDaysSchema,
  reason: z.string(),
  status: z.enum(LEAVE_STATUSES),
  /** Who decides next (null once decided). */
  waiting_for: z.enum(['manager', 'admin']).nullable(),
  decisions: z.array(leaveDecisionSchema),
  /** A document the applicant attached (a medical certificate, an invitation), downloaded from its own route. */
  document: z.object({ name: z.string(), size: z.number().int() }).nullable(),
  created_at: z.string(),
  abilities: abilitiesSchema('approve', 'decline', 'cancel', 'attach'),
});
export type LeaveRequest = z.infer<typeof leaveRequestSchema>;

/** A request with what an approver weighs: the applicant's balance, who else is away, the ratio. */
export const leaveRequestDetailSchema = leaveRequestSchema.extend({
  balance: leaveBalanceSchema.nullable(),
  overlaps: z.array(overlapSchema),
  ratio_warnings: z.array(ratioWarningSchema),
});
export type LeaveRequestDetail = z.infer<typeof leaveRequestDetailSchema>;

export const leaveApplySchema = z
  .object({
    leave_type_id: idSchema,
    start_date: ddmmyyyySchema,
    end_date: ddmmyyyySchema,
    /** The first day whole or its afternoon only ("pm"); on a one-day request "am" is the morning only. */
    start_portion: z.enum(DAY_PORTIONS).default('full'),
    /** The last day whole or its morning only ("am"). */
    end_portion: z.enum(DAY_PORTIONS).default('full'),
    reason: z.string().trim().max(1000).default(''),
  })
  .refine((r) => r.start_portion !== 'am' || r.start_date === r.end_date, {
    message: 'Only a one-day request can be the morning of its first day',
    path: ['start_portion'],
  })
  .refine((r) => r.end_portion !== 'pm' || r.start_date === r.end_date, {
    message: 'Only a one-day request can be the afternoon of its last day',
    path: ['end_portion'],
  });
export type LeaveApply = z.infer<typeof leaveApplySchema>;

/** What a request would count and leave, before it is sent (the apply form shows it as one types). */
export const leavePreviewSchema = z.object({
  days: leaveDaysSchema,
  /** The working days counted, each whole or half. */
  dates: z.array(z.object({ date: ddmmyyyySchema, portion: z.enum(DAY_PORTIONS) })),
  /** Days skipped: weekends (non-working days) and holidays, with the holiday's name. */
  skipped: z.array(z.object({ date: ddmmyyyySchema, reason: z.enum(['weekend', 'holiday']), name: z.string() })),
  balance: leaveBalanceSchema.nullable(),
  /** available − days. */
  balance_after: leaveDaysSchema.nullable(),
  ratio_warnings: z.array(ratioWarningSchema),
});
export type LeavePreview = z.infer<typeof leavePreviewSchema>;

export const leaveDecisionRequestSchema = z.object({ note: z.string().trim().max(1000).default('') });

export const LEAVE_LIST_SCOPES = ['mine', 'team', 'all'] as const;
export const leaveListQuerySchema = z.object({
  /** mine: my requests; team: those I approve as line manager; all: every request (leave managers). */
  scope: z.enum(LEAVE_LIST_SCOPES).default('mine'),
  status: z.enum(LEAVE_STATUSES).optional(),
  /** Requests waiting for my decision. */
  waiting: z.enum(['true', 'false']).optional(),
  staff_id: idSchema.optional(),
  from: ddmmyyyySchema.optional(),
  to: ddmmyyyySchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  cursor: cursorSchema.optional(),
});
export const leaveRequestPageSchema = pageOf(leaveRequestSchema);

/** A member's own leave page: balances and requests. */
export const myLeaveSchema = z.object({
  balances: z.array(leaveBalanceSchema),
  requests: z.array(leaveRequestSchema),
  /** The leave types offered, for the apply form. */
  leave_types: z.array(leaveTypeSchema),
  /** Who decides my requests first. */
  manager: person.nullable(),
});
export type MyLeave = z.infer<typeof myLeaveSchema>;

// ------------------------------------------------------------------ staff calendar

export const staffCalendarQuerySchema = z.object({
  from: ddmmyyyySchema,
  to: ddmmyyyySchema,
  class_id: idSchema.optional(),
  division_id: idSchema.optional(),
  /** Include requests still waiting (shown apart from approved leave). */
  include_pending: z.enum(['true', 'false']).optional(),
});
export const staffAbsenceSchema = z.object({
  request_id: idSchema,
  staff: person,
  leave_type: z.object({ _id: idSchema, name: z.string(), code: z.string(), color: z.string() }),
  portion: z.enum(DAY_PORTIONS),
  status: z.enum(LEAVE_STATUSES),
  classes: z.array(person),
});
export const staffCalendarSchema = z.object({
  from: ddmmyyyySchema,
  to: ddmmyyyySchema,
  days: z.array(
    z.object({
      date: ddmmyyyySchema,
      working: z.boolean(),
      holiday: z.string().nullable(),
      absences: z.array(staffAbsenceSchema),
    }),
  ),
});
export type StaffCalendar = z.infer<typeof staffCalendarSchema>;

// ------------------------------------------------------------------ cover

export const coverQuerySchema = z.object({ from: ddmmyyyySchema, to: ddmmyyyySchema });
export const classCoverQuerySchema = z.object({ date: ddmmyyyySchema });
/** A class's day whose teacher is on approved leave: who is away, and who covers (null: needs cover). */
export const coverDaySchema = z.object({
  date: ddmmyyyySchema,
  class: person,
  absent: person,
  portion: z.enum(DAY_PORTIONS),
  leave_type: z.object({ name: z.string(), code: z.string(), color: z.string() }),
  request_id: idSchema,
  substitute: person.nullable(),
  /** Members free that day: not away, not covering elsewhere, with no class of their own meeting that day. */
  candidates: z.array(person),
});
export type CoverDay = z.infer<typeof coverDaySchema>;
export const coverListSchema = z.object({ from: ddmmyyyySchema, to: ddmmyyyySchema, days: z.array(coverDaySchema) });
export const coverAssignSchema = z.object({
  class_id: idSchema,
  date: ddmmyyyySchema,
  absent_id: idSchema,
  /** null takes the substitute off. */
  substitute_id: idSchema.nullable(),
});
