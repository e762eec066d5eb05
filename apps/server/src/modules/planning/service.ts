import type {
  LibraryUnit,
  libraryQuerySchema,
  libraryUnitRequestSchema,
  PlanningArea,
  PlanningFramework,
  PlanningResource,
  PlanningResourceRequest,
  resourceQuerySchema,
  Unit,
  UnitChange,
  UnitCreate,
  UnitListQuery,
  UnitMovePreview,
  UnitPage,
} from '@cue/contract';
import type { z } from 'zod';
import type { Scope } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events.js';
import type { UploadedFile } from '../../platform/http/upload.js';
import type { MediaStore } from '../../platform/storage.js';
import type { ExportService } from '../exports/service.js';
import type { SchoolService } from '../school/service.js';

type Page<T> = { items: T[]; total: number; page: number; page_size: number };
const todo = (): never => {
  throw new Error('not built yet');
};

/**
 * Planning (issue 22): units and projects of a school's classes with their framework's fields, the
 * week's activities in the class's day, term plans, the unit library (global and the organization's),
 * the resource library, and planning insights. A class's staff plan for their classes (`requireAccess`
 * 'class'), class managers for every class; the organization's library is edited by holders of
 * academic_setup.resource_management (the route's permission).
 */
export class PlanningService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly school: SchoolService,
    readonly storage: MediaStore,
    readonly events: EventBus,
    readonly exports: ExportService,
  ) {}
  listUnits(_scope: Scope, _query: UnitListQuery): Promise<UnitPage> {
    return todo();
  }
  createUnit(_scope: Scope, _input: UnitCreate): Promise<Unit> {
    return todo();
  }
  getUnit(_scope: Scope, _id: string): Promise<Unit> {
    return todo();
  }
  updateUnit(_scope: Scope, _id: string, _change: UnitChange): Promise<Unit> {
    return todo();
  }
  deleteUnit(_scope: Scope, _id: string): Promise<void> {
    return todo();
  }
  previewMove(_scope: Scope, _id: string, _startDate: string): Promise<UnitMovePreview> {
    return todo();
  }
  moveUnit(_scope: Scope, _id: string, _startDate: string): Promise<Unit> {
    return todo();
  }
  frameworks(_scope: Scope): Promise<{ _id: string; name: string; framework: PlanningFramework; areas: PlanningArea[] }[]> {
    return todo();
  }
  listLibrary(_scope: Scope, _query: z.infer<typeof libraryQuerySchema>): Promise<Page<LibraryUnit>> {
    return todo();
  }
  getLibraryUnit(_scope: Scope, _id: string): Promise<LibraryUnit> {
    return todo();
  }
  createLibraryUnit(_scope: Scope, _input: z.infer<typeof libraryUnitRequestSchema>): Promise<LibraryUnit> {
    return todo();
  }
  updateLibraryUnit(_scope: Scope, _id: string, _input: z.infer<typeof libraryUnitRequestSchema>): Promise<LibraryUnit> {
    return todo();
  }
  archiveLibraryUnit(_scope: Scope, _id: string): Promise<void> {
    return todo();
  }
  copyLibraryUnit(_scope: Scope, _id: string, _input: { class_ids: string[]; start_date: string }): Promise<Unit> {
    return todo();
  }
  publishUnit(_scope: Scope, _unitId: string): Promise<LibraryUnit> {
    return todo();
  }
  listResources(_scope: Scope, _query: z.infer<typeof resourceQuerySchema>): Promise<Page<PlanningResource>> {
    return todo();
  }
  getResource(_scope: Scope, _id: string): Promise<PlanningResource> {
    return todo();
  }
  createResource(_scope: Scope, _input: PlanningResourceRequest): Promise<PlanningResource> {
    return todo();
  }
  uploadResource(_scope: Scope, _file: UploadedFile): Promise<PlanningResource> {
    return todo();
  }
  updateResource(_scope: Scope, _id: string, _input: PlanningResourceRequest): Promise<PlanningResource> {
    return todo();
  }
  deleteResource(_scope: Scope, _id: string): Promise<void> {
    return todo();
  }
}
