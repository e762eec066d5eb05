import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconCategory, IconDownload, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/FormModal';
import { withReaderDates } from '../../../components/ReaderDates';
import { useAddressParam } from '../../../lib/addressParam';
import { formatClassName } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { usePlanClass } from '../../planning/components/PlanClass';
import { Gate } from '../../shell/pages/Gate';
import {
  type AssessmentTask,
  downloadGradebook,
  type Gradebook,
  gradebookKeys,
  saveGrades,
  useDeleteTask,
  useGradebook,
  useUpdateTask,
  withSavedGrades,
} from '../api-gradebook';
import { PeriodPicker, usePeriodParam } from '../components/PeriodPicker';
import { assessmentErrorText, assessmentMessage, GRADEBOOK_NS } from '../i18n';
import { CategoriesModal } from './CategoriesModal';
import { type DrawerSave, GradeDrawer } from './GradeDrawer';
import { GradeGrid, type TaskAction } from './GradeGrid';
import { SetupLink } from './SetupLink';
import { TaskModal } from './TaskModal';

/** After cells are saved, the averages (the server's, weighted by category) are read again once typing pauses. */
const AVERAGES_AFTER_MS = 1500;

function Book() {
  const { t } = useTranslation(GRADEBOOK_NS);
  const client = useQueryClient();
  const { classId, name, loading } = usePlanClass();
  const periods = usePeriodParam();
  const [subject, setSubject] = useAddressParam('subject');
  // Asked at once: without a period in the address the server answers the current one.
  const book = useGradebook(classId, periods.requestId, subject);
  const data = book.data;
  const key = gradebookKeys.book(classId ?? '', periods.requestId, subject);
  const readOnly = !!data?.period.locked;

  const [editing, setEditing] = useState<AssessmentTask | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AssessmentTask | null>(null);
  const [categories, setCategories] = useState(false);
  const [open, setOpen] = useState<{ studentId: string; taskId: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const updateTask = useUpdateTask();
  const deleteTask = useDeleteTask();

  // The averages come from the server: read the gradebook again once the saves pause.
  const later = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(later.current), []);
  const keyRef = useRef(key);
  keyRef.current = key;

  const sendCells = useCallback(
    async (
      taskId: string,
      cells: { student_id: string; value: string | null; comment?: string; evidence?: DrawerSave['evidence'] }[],
    ) => {
      const started = performance.now();
      const saved = await saveGrades(taskId, cells);
      performance.measure('gradebook-cell-save', { start: started, end: performance.now() });
      client.setQueryData<Gradebook>(keyRef.current, (current) =>
        current ? withSavedGrades(current, { taskId, studentIds: cells.map((c) => c.student_id) }, saved) : current,
      );
      clearTimeout(later.current);
      later.current = setTimeout(() => client.invalidateQueries({ queryKey: keyRef.current }), AVERAGES_AFTER_MS);
      return saved;
    },
    [client],
  );
  // A cell's save keeps the grade's comment and evidence (the server writes a cell whole).
  const saveCell = useCallback(
    (taskId: string, studentId: string, value: string | null) => {
      const grade = client
        .getQueryData<Gradebook>(keyRef.current)
        ?.grades.find((g) => g.task_id === taskId && g.student_id === studentId);
      return sendCells(taskId, [
        { student_id: studentId, value, ...(grade ? { comment: grade.comment, evidence: grade.evidence } : {}) },
      ]);
    },
    [client, sendCells],
  );
  const openCell = useCallback((studentId: string, taskId: string) => setOpen({ studentId, taskId }), []);
  const onTaskAction = useCallback(
    (task: AssessmentTask, action: TaskAction) => {
      if (action === 'edit') setEditing(task);
      else if (action === 'delete') setDeleting(task);
      else
        updateTask.mutate(
          { id: task._id, body: { status: action } },
          {
            onSuccess: () => toast.success(assessmentMessage('taskSaved')),
            onError: (err) => toast.error(assessmentErrorText(err)),
          },
        );
    },
    [updateTask.mutate],
  );

  const exportCsv = async () => {
    if (!classId) return;
    setExporting(true);
    try {
      await downloadGradebook(classId, periods.periodId, subject);
    } catch (err) {
      toast.error(assessmentErrorText(err));
    } finally {
      setExporting(false);
    }
  };

  const className = name ? formatClassName(name).text : null;
  const openStudent = open && data?.students.find((s) => s._id === open.studentId);
  const openTask = open && data?.tasks.find((task) => task._id === open.taskId);
  const canAdd = !!data?.abilities.can_add_task && !readOnly;

  return (
    <Page
      title={t('page.title')}
      description={className ? t('page.forClass', { name: className }) : undefined}
      width={1400}
      actions={
        <>
          <SetupLink />
          {data?.abilities.can_manage_categories && !readOnly && (
            <Button variant="default" leftSection={<IconCategory size={16} aria-hidden />} onClick={() => setCategories(true)}>
              {t('page.categories')}
            </Button>
          )}
          {data && data.tasks.length > 0 && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={exporting}
              onClick={exportCsv}
            >
              {t('page.export')}
            </Button>
          )}
          {canAdd && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              {t('page.addTask')}
            </Button>
          )}
        </>
      }
    >
      {!classId ? (
        loading ? (
          <Skeleton h={240} radius="lg" />
        ) : (
          <Alert color="gray" variant="light" title={t('page.noClassTitle')} data-testid="gradebook-no-class">
            {t('page.noClass')}
          </Alert>
        )
      ) : (
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <PeriodPicker state={periods} />
            <Select
              aria-label={t('page.subject')}
              placeholder={t('page.allSubjects')}
              data={data?.subjects ?? (subject ? [subject] : [])}
              value={subject}
              onChange={setSubject}
              clearable
              w={{ base: '100%', xs: 200 }}
              data-testid="subject-filter"
            />
          </Group>
          {readOnly && (
            <Text fz="sm" c="dimmed" data-testid="gradebook-read-only">
              {t('page.lockedHint')}
            </Text>
          )}
          {book.isError && !data ? (
            <Alert color="red" variant="light" title={t('page.loadFailed')} data-testid="gradebook-error">
              <Stack gap="xs" align="flex-start">
                <Text fz="sm">{assessmentErrorText(book.error)}</Text>
                <Button size="xs" variant="default" onClick={() => book.refetch()}>
                  {t('page.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : !data ? (
            <Skeleton h={320} radius="lg" />
          ) : data.tasks.length === 0 ? (
            <Paper withBorder radius="lg" p="xl" data-testid="gradebook-empty">
              <Stack align="center" gap="sm">
                <Text fw={600}>{t('page.empty')}</Text>
                <Text fz="sm" c="dimmed" ta="center" maw={460}>
                  {readOnly ? t('page.lockedHint') : t('page.emptyHint')}
                </Text>
                {canAdd && (
                  <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
                    {t('page.addTask')}
                  </Button>
                )}
              </Stack>
            </Paper>
          ) : data.students.length === 0 ? (
            <Paper withBorder radius="lg" p="xl" data-testid="gradebook-no-children">
              <Text ta="center">{t('page.noChildren')}</Text>
            </Paper>
          ) : (
            <>
              {!readOnly && (
                <Text fz="xs" c="dimmed" id="gradebook-keys">
                  {t('page.keys')}
                </Text>
              )}
              <GradeGrid book={data} readOnly={readOnly} onSave={saveCell} onOpen={openCell} onTaskAction={onTaskAction} />
            </>
          )}
        </Stack>
      )}
      {data && editing && <TaskModal book={data} task={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {data && categories && (
        <CategoriesModal classId={data.class._id} categories={data.categories} onClose={() => setCategories(false)} />
      )}
      {deleting && (
        <ConfirmModal
          opened
          onClose={() => setDeleting(null)}
          title={t('grid.deleteTitle')}
          message={t('grid.deleteMessage', { title: deleting.title, count: deleting.graded_count })}
          confirmLabel={t('grid.deleteTask')}
          pending={deleteTask.isPending}
          onConfirm={() =>
            deleteTask.mutate(deleting._id, {
              onSuccess: () => {
                toast.success(assessmentMessage('taskDeleted'));
                setDeleting(null);
              },
              onError: (err) => toast.error(assessmentErrorText(err)),
            })
          }
        />
      )}
      {data && openStudent && openTask && (
        <GradeDrawer
          key={`${openStudent._id}:${openTask._id}`}
          student={openStudent}
          task={openTask}
          grade={data.grades.find((g) => g.student_id === openStudent._id && g.task_id === openTask._id)}
          period={data.period}
          readOnly={readOnly || !openTask.abilities.can_grade}
          onSave={(change) => {
            const grade = data.grades.find((g) => g.student_id === openStudent._id && g.task_id === openTask._id);
            return sendCells(openTask._id, [{ student_id: openStudent._id, value: grade?.value ?? null, ...change }]);
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </Page>
  );
}

/** /assessment/gradebook: the class's assessment tasks of a period and each child's grades, typed in a grid. */
function GradebookPage() {
  return (
    <Gate need={{ feature: 'grade_book' }}>
      <Book />
    </Gate>
  );
}

export default withReaderDates(GradebookPage);
