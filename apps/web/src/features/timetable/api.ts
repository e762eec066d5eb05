import {
  ROUTES,
  type SubjectMappingRequest,
  type TeacherConstraintsRequest,
  type TimetableLessonUpdate,
  type TimetableOutlineRequest,
  type TimetableRun,
  type TimetableRunRequest,
  type TimetableSubjectRequest,
} from '@cue/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, apiUpload } from '../../lib/api';
import type { Side } from '../../lib/session';
import { downloadFile } from '../admin/download';

/*
 * The timetable's calls (issue 28): subjects and the subject mapping, the teachers' constraints, the
 * outline, the builder's board with its runs and moves, the exports, and the read-only weeks.
 */

const staff = { side: 'staff' } as const;

export const timetableKeys = {
  all: ['timetable'] as const,
  subjects: ['timetable', 'subjects'] as const,
  mappings: (classId: string | null) => ['timetable', 'mappings', classId] as const,
  teachers: ['timetable', 'teachers'] as const,
  outline: ['timetable', 'outline'] as const,
  board: ['timetable', 'board'] as const,
  run: (id: string) => ['timetable', 'run', id] as const,
  me: ['timetable', 'me'] as const,
  classWeek: (id: string, side: Side) => ['timetable', 'class', id, side] as const,
  schedules: ['timetable', 'schedules'] as const,
};

/** A write that changes what every timetable page shows: all of them read again. */
function useTimetableMutation<A, R>(call: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: timetableKeys.all }) });
}

// ------------------------------------------------------------------ subjects and mapping

export const useSubjects = () =>
  useQuery({
    queryKey: timetableKeys.subjects,
    queryFn: ({ signal }) => apiResult(ROUTES.timetableSubjects, { ...staff, signal }),
  });

export const useSaveSubject = () =>
  useTimetableMutation(({ id, body }: { id?: string; body: TimetableSubjectRequest }) =>
    id
      ? apiRequest(ROUTES.timetableSubjectUpdate, { ...staff, params: { id }, body })
      : apiRequest(ROUTES.timetableSubjectCreate, { ...staff, body }),
  );

export const useDeleteSubject = () =>
  useTimetableMutation((id: string) => apiRequest(ROUTES.timetableSubjectDelete, { ...staff, params: { id } }));

export const useMappings = (classId: string | null) =>
  useQuery({
    queryKey: timetableKeys.mappings(classId),
    queryFn: ({ signal }) => apiResult(ROUTES.subjectMappings, { ...staff, signal, query: classId ? { class_id: classId } : {} }),
    placeholderData: keepPreviousData,
  });

export const useSaveMapping = () =>
  useTimetableMutation(({ id, body }: { id?: string; body: SubjectMappingRequest }) =>
    id
      ? apiRequest(ROUTES.subjectMappingUpdate, { ...staff, params: { id }, body })
      : apiRequest(ROUTES.subjectMappingCreate, { ...staff, body }),
  );

export const useDeleteMapping = () =>
  useTimetableMutation((id: string) => apiRequest(ROUTES.subjectMappingDelete, { ...staff, params: { id } }));

// ------------------------------------------------------------------ teachers

export const useTeacherConstraints = () =>
  useQuery({
    queryKey: timetableKeys.teachers,
    queryFn: ({ signal }) => apiResult(ROUTES.teacherConstraints, { ...staff, signal }),
  });

export const useSaveTeacherConstraints = () =>
  useTimetableMutation(({ id, body }: { id: string; body: TeacherConstraintsRequest }) =>
    apiRequest(ROUTES.teacherConstraintsUpdate, { ...staff, params: { id }, body }),
  );

// ------------------------------------------------------------------ outline

export const useOutline = () =>
  useQuery({
    queryKey: timetableKeys.outline,
    queryFn: ({ signal }) => apiResult(ROUTES.timetableOutline, { ...staff, signal }),
  });

export const useSaveOutline = () =>
  useTimetableMutation((body: TimetableOutlineRequest) => apiRequest(ROUTES.timetableOutlineUpdate, { ...staff, body }));

/** The school's day schedules, to choose the one whose periods make the week. */
export const useDaySchedules = () =>
  useQuery({
    queryKey: timetableKeys.schedules,
    queryFn: ({ signal }) => apiResult(ROUTES.dayScheduleList, { ...staff, signal }),
  });

// ------------------------------------------------------------------ the board

export const useBoard = (enabled = true) =>
  useQuery({
    queryKey: timetableKeys.board,
    queryFn: ({ signal }) => apiResult(ROUTES.timetableBoard, { ...staff, signal }),
    enabled,
  });

export const useMoveLesson = () =>
  useTimetableMutation(({ id, body }: { id: string; body: TimetableLessonUpdate }) =>
    apiRequest(ROUTES.timetableLessonUpdate, { ...staff, params: { id }, body }),
  );

/** A run is at work while it is queued or running: it is asked again every second. */
export const runIsActive = (run: Pick<TimetableRun, 'status'> | null | undefined): boolean =>
  run?.status === 'queued' || run?.status === 'running';

export const useStartRun = () =>
  useTimetableMutation((body: TimetableRunRequest) => apiRequest(ROUTES.timetableRunStart, { ...staff, body }));

export const useRun = (id: string | null) =>
  useQuery({
    queryKey: timetableKeys.run(id ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.timetableRun, { ...staff, signal, params: { id: id ?? '' } }),
    enabled: id !== null,
    // Asked again every second while the run is at work (and while its first answer is awaited).
    refetchInterval: (query) =>
      query.state.status === 'error' || (query.state.data && !runIsActive(query.state.data)) ? false : 1000,
  });

export const useStopRun = () =>
  useTimetableMutation((id: string) => apiRequest(ROUTES.timetableRunStop, { ...staff, params: { id } }));

/** Imports a CSV in the export's columns (all or nothing). */
export const useImportTimetable = () =>
  useTimetableMutation((file: File) => {
    const form = new FormData();
    form.append(ROUTES.timetableImport.upload, file, file.name);
    return apiUpload(ROUTES.timetableImport, form, staff);
  });

export const downloadTimetableCsv = () => downloadFile(ROUTES.timetableCsv, 'timetable.csv');
export const downloadTimetableXml = () => downloadFile(ROUTES.timetableXhstt, 'timetable.xml');

// ------------------------------------------------------------------ the weeks

export const useMyWeek = (enabled = true) =>
  useQuery({
    queryKey: timetableKeys.me,
    queryFn: ({ signal }) => apiResult(ROUTES.myTimetable, { ...staff, signal }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });

/** A class's week as its staff (staff side) or its families (parent side) read it. */
export const useClassWeek = (classId: string | null, side: Side, enabled = true) =>
  useQuery({
    queryKey: timetableKeys.classWeek(classId ?? '', side),
    queryFn: ({ signal }) => apiResult(ROUTES.classTimetable, { side, signal, params: { id: classId ?? '' } }),
    enabled: enabled && classId !== null,
    retry: false,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
