import type {
  FileExport,
  PlanActivity,
  PlanActivityRequest,
  PlanningInsights,
  PlanningInsightsQuery,
  TermPlan,
  WeekCopyResult,
  WeeklyPlan,
} from '@cue/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { ExportService } from '../exports/service.js';
import type { SchoolService } from '../school/service.js';
import type { PlanningService } from './service.js';

const todo = (): never => {
  throw new Error('not built yet');
};

/**
 * The week's activities of a class (the weekly plan), term plans and planning insights (issue 22). A
 * class's staff plan for their classes, class managers for every class (`requireAccess` 'class'); units
 * are reached through PlanningService.
 */
export class WeekPlanService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly school: SchoolService,
    readonly exports: ExportService,
    readonly planning: PlanningService,
  ) {}

  weeklyPlan(_scope: Scope, _classId: string, _week: string | undefined): Promise<WeeklyPlan> {
    return todo();
  }

  copyWeek(_scope: Scope, _classId: string, _input: { from_week: string; to_week: string }): Promise<WeekCopyResult> {
    return todo();
  }

  weekPdf(_scope: Scope, _classId: string, _input: { week: string; language: 'en' | 'ar' | 'he' }): Promise<FileExport> {
    return todo();
  }

  createActivity(_scope: Scope, _input: PlanActivityRequest): Promise<PlanActivity> {
    return todo();
  }

  updateActivity(_scope: Scope, _id: string, _input: PlanActivityRequest): Promise<PlanActivity> {
    return todo();
  }

  deleteActivity(_scope: Scope, _id: string): Promise<void> {
    return todo();
  }

  termPlan(_scope: Scope, _classId: string, _date: string | undefined): Promise<TermPlan> {
    return todo();
  }

  insights(_scope: Scope, _query: PlanningInsightsQuery): Promise<PlanningInsights> {
    return todo();
  }

  insightsCsv(_scope: Scope, _query: PlanningInsightsQuery): Promise<string> {
    return todo();
  }
}
