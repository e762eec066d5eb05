import { Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { type KeyboardEvent, memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { showDay } from '../../planning/planFormat';
import type { AssessmentTask, Grade, Gradebook, GradeScale } from '../api-gradebook';
import { assessmentErrorText, assessmentMessage, GRADEBOOK_NS } from '../i18n';
import classes from './Gradebook.module.css';
import { averageText, type Cell, gradeLabel, nextCell, normaliseGrade } from './grid';

export type TaskAction = 'edit' | 'delete' | 'pending' | 'completed' | 'shared';
const STATUS_COLOR = { pending: 'gray', completed: 'blue', shared: 'teal' } as const;

/** Saves one cell (null clears it); answers when the server has it, throws its refusal. */
export type SaveCell = (taskId: string, studentId: string, value: string | null) => Promise<unknown>;

/** Words every cell shows, read once per render of the grid rather than once per cell. */
interface Words {
  cell: (child: string, task: string) => string;
  details: (child: string, task: string) => string;
  notANumber: string;
  outOfRange: string;
  notOnScale: string;
  saving: string;
  saved: string;
  failed: string;
}

type Status = 'idle' | 'saving' | 'saved' | 'error';

interface CellProps {
  row: number;
  col: number;
  taskId: string;
  studentId: string;
  label: string;
  detailsLabel: string;
  value: string;
  scale: GradeScale | undefined;
  readOnly: boolean;
  notes: boolean;
  words: Words;
  onSave: SaveCell;
  onMove: (from: Cell, key: string, shift: boolean) => boolean;
  onOpen: (studentId: string, taskId: string) => void;
}

/** Whether the caret sits at the input's edge a side arrow leaves by (or the whole text is selected). */
function atEdge(input: HTMLInputElement, key: string, rtl: boolean): boolean {
  const { selectionStart: start, selectionEnd: end, value } = input;
  if (start === null || end === null) return true;
  if (start === 0 && end === value.length) return true;
  const forward = (key === 'ArrowRight') !== rtl;
  return start === end && (forward ? end === value.length : start === 0);
}

/**
 * One grade: a plain input (a grid of 600 of them stays light), saved on leaving it or on Enter, its
 * state shown by a small mark; a refused value stays typed with the reason under it; Escape puts back
 * what was saved.
 */
const GradeCell = memo(function GradeCell({
  row,
  col,
  taskId,
  studentId,
  label,
  detailsLabel,
  value,
  scale,
  readOnly,
  notes,
  words,
  onSave,
  onMove,
  onOpen,
}: CellProps) {
  const [draft, setDraft] = useState(value);
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // What the server holds or was last sent: leaving a cell unchanged sends nothing.
  const sent = useRef(value);
  // A new value read from the server shows unless the cell is being typed in or holds a refused value.
  const seen = useRef(value);
  if (seen.current !== value) {
    seen.current = value;
    sent.current = value;
    if (document.activeElement !== input.current && status !== 'error') setDraft(value);
  }

  const commit = () => {
    if (readOnly || !scale) return;
    const normal = normaliseGrade(draft, scale);
    if (!normal.ok) {
      setStatus('error');
      setError(
        normal.reason === 'notANumber' ? words.notANumber : normal.reason === 'outOfRange' ? words.outOfRange : words.notOnScale,
      );
      return;
    }
    const next = normal.value ?? '';
    setDraft(next);
    if (next === sent.current) {
      if (status === 'error') setStatus('idle');
      setError(null);
      return;
    }
    const before = sent.current;
    sent.current = next;
    setStatus('saving');
    setError(null);
    onSave(taskId, studentId, normal.value).then(
      () => setStatus('saved'),
      (err: unknown) => {
        sent.current = before;
        setStatus('error');
        setError(assessmentErrorText(err));
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const { key, shiftKey } = event;
    if (key === 'Escape') {
      event.preventDefault();
      setDraft(sent.current);
      setStatus('idle');
      setError(null);
      return;
    }
    if ((key === 'Enter' && (event.altKey || event.ctrlKey || event.metaKey)) || key === 'F2') {
      event.preventDefault();
      onOpen(studentId, taskId);
      return;
    }
    if (!['Enter', 'Tab', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(key)) return;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    if ((key === 'ArrowLeft' || key === 'ArrowRight') && !atEdge(event.currentTarget, key, rtl)) return;
    if (key === 'Enter') commit();
    if (onMove({ row, col }, key, shiftKey)) event.preventDefault();
  };

  const hint = scale && status !== 'error' ? gradeLabel(draft, scale) : null;
  const errorId = `grade-error-${row}-${col}`;
  return (
    <td data-testid="grade-cell" data-status={status} data-student={studentId} data-task={taskId}>
      <div className={classes.cell}>
        <input
          ref={input}
          className={classes.input}
          data-cell={`${row}:${col}`}
          aria-label={label}
          aria-invalid={status === 'error'}
          aria-describedby={error ? errorId : undefined}
          value={draft}
          readOnly={readOnly}
          list={scale && scale.kind !== 'points' ? `scale-${scale._id}` : undefined}
          inputMode={scale?.kind === 'points' ? 'decimal' : 'text'}
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          onChange={(e) => {
            setDraft(e.currentTarget.value);
            if (status === 'saved') setStatus('idle');
          }}
          onFocus={(e) => e.currentTarget.select()}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
        {scale?.kind === 'points' && scale.max_points !== null && <span className={classes.suffix}>/{scale.max_points}</span>}
        {status === 'idle' ? (
          <span className={classes.mark} />
        ) : (
          <span
            className={classes.mark}
            data-status={status}
            title={status === 'saving' ? words.saving : status === 'saved' ? words.saved : words.failed}
            aria-hidden
          >
            {status === 'saving' ? '…' : status === 'saved' ? '✓' : '!'}
          </span>
        )}
        <button
          type="button"
          className={classes.more}
          tabIndex={-1}
          aria-label={detailsLabel}
          data-notes={notes}
          data-testid="grade-details"
          onClick={() => onOpen(studentId, taskId)}
        >
          ⋯
        </button>
      </div>
      {hint && <span className={classes.hint}>{hint}</span>}
      {error && (
        <span className={classes.error} id={errorId} data-testid="grade-error">
          {error}
        </span>
      )}
    </td>
  );
});

interface RowProps {
  row: number;
  student: Gradebook['students'][number];
  tasks: AssessmentTask[];
  grades: Map<string, Grade> | undefined;
  scales: Map<string, GradeScale>;
  average: string | null;
  readOnly: boolean;
  words: Words;
  onSave: SaveCell;
  onMove: CellProps['onMove'];
  onOpen: CellProps['onOpen'];
}

/** A child's row: the name, a cell per task, the average. */
const GradeRow = memo(function GradeRow({
  row,
  student,
  tasks,
  grades,
  scales,
  average,
  readOnly,
  words,
  onSave,
  onMove,
  onOpen,
}: RowProps) {
  return (
    <tr data-testid="grade-row" data-student={student._id}>
      <th scope="row" className={classes.name} dir="auto">
        {student.name}
      </th>
      {tasks.map((task, col) => {
        const grade = grades?.get(task._id);
        return (
          <GradeCell
            key={task._id}
            row={row}
            col={col}
            taskId={task._id}
            studentId={student._id}
            label={words.cell(student.name, task.title)}
            detailsLabel={words.details(student.name, task.title)}
            value={grade?.value ?? ''}
            scale={scales.get(task.scale_id)}
            readOnly={readOnly || !task.abilities.can_grade}
            notes={!!grade && (grade.comment !== '' || grade.evidence.length > 0)}
            words={words}
            onSave={onSave}
            onMove={onMove}
            onOpen={onOpen}
          />
        );
      })}
      <td className={classes.average} data-testid="grade-average">
        {average ?? '–'}
      </td>
    </tr>
  );
});

/** A task's column head: title (its menu when the task may be changed), subject, kind, due day, scale and status. */
function TaskHead({
  task,
  scale,
  readOnly,
  onAction,
}: {
  task: AssessmentTask;
  scale: GradeScale | undefined;
  readOnly: boolean;
  onAction: (task: AssessmentTask, action: TaskAction) => void;
}) {
  const { t, i18n } = useTranslation(GRADEBOOK_NS);
  const editable = !readOnly && (task.abilities.can_edit || task.abilities.can_delete);
  const meta = `${task.subject} · ${t(`kinds.${task.kind}`)} · ${showDay(task.due_date, i18n.language, { day: 'numeric', month: 'short' })}`;
  return (
    <th scope="col" data-testid="task-head" data-task={task._id}>
      {editable ? (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <button type="button" className={classes.taskTitle} aria-label={t('grid.taskMenu', { title: task.title })} dir="auto">
              {task.title} <IconDots size={12} aria-hidden style={{ verticalAlign: 'middle' }} />
            </button>
          </Menu.Target>
          <Menu.Dropdown>
            {task.abilities.can_edit && (
              <>
                <Menu.Item onClick={() => onAction(task, 'edit')}>{t('grid.editTask')}</Menu.Item>
                <Menu.Label>{t('grid.setStatus')}</Menu.Label>
                {(['pending', 'completed', 'shared'] as const).map((status) => (
                  <Menu.Item key={status} disabled={task.status === status} onClick={() => onAction(task, status)}>
                    {t(`statuses.${status}`)}
                  </Menu.Item>
                ))}
              </>
            )}
            {task.abilities.can_delete && (
              <Menu.Item color="red" onClick={() => onAction(task, 'delete')}>
                {t('grid.deleteTask')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      ) : (
        <span className={classes.taskTitle} dir="auto">
          {task.title}
        </span>
      )}
      <span className={classes.meta} dir="auto">
        {meta}
      </span>
      <span className={classes.meta} dir="auto">
        {scale?.name ?? ''}
      </span>
      <SoftBadge size="xs" color={STATUS_COLOR[task.status]} mt={4} data-testid="task-status" data-status={task.status}>
        {t(`statuses.${task.status}`)}
      </SoftBadge>
    </th>
  );
}

/**
 * The gradebook's grid: a row per child (the name stays in view), a column per task, the average last.
 * Keys move as in a spreadsheet (grid.ts's nextCell); each cell saves itself. Its render is measured
 * (`performance.measure('gradebook-grid')`) so the time a class's grid takes can be read in the browser.
 */
export function GradeGrid({
  book,
  readOnly,
  onSave,
  onOpen,
  onTaskAction,
}: {
  book: Gradebook;
  readOnly: boolean;
  onSave: SaveCell;
  onOpen: (studentId: string, taskId: string) => void;
  onTaskAction: (task: AssessmentTask, action: TaskAction) => void;
}) {
  const { t, i18n } = useTranslation(GRADEBOOK_NS);
  const table = useRef<HTMLTableElement>(null);
  const started = performance.now();
  useLayoutEffect(() => {
    performance.measure('gradebook-grid', { start: started, end: performance.now() });
  });

  // Kept while the scales read again are the same, so a refetch after a save re-renders no cell of an unchanged grade.
  const scalesText = JSON.stringify(book.scales);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scales' content, not the array read again, decides
  const scales = useMemo(() => new Map(book.scales.map((s) => [s._id, s])), [scalesText]);
  const byStudent = useMemo(() => {
    const map = new Map<string, Map<string, Grade>>();
    for (const grade of book.grades) {
      const row = map.get(grade.student_id) ?? new Map<string, Grade>();
      row.set(grade.task_id, grade);
      map.set(grade.student_id, row);
    }
    return map;
  }, [book.grades]);
  const averages = useMemo(
    () => new Map(book.averages.map((a) => [a.student_id, averageText(a.average, i18n.language)])),
    [book.averages, i18n.language],
  );
  const words = useMemo<Words>(
    () => ({
      cell: (child, task) => t('grid.cell', { child, task }),
      details: (child, task) => t('grid.details', { child, task }),
      notANumber: t('grid.notANumber'),
      outOfRange: assessmentMessage('gradeOutOfRange'),
      notOnScale: assessmentMessage('gradeNotOnScale'),
      saving: t('grid.saving'),
      saved: t('grid.saved'),
      failed: t('grid.failed'),
    }),
    [t],
  );

  const size = { rows: book.students.length, cols: book.tasks.length };
  const sizeRef = useRef(size);
  sizeRef.current = size;
  const onMove = useCallback((from: Cell, key: string, shift: boolean) => {
    const grid = table.current;
    if (!grid) return false;
    const rtl = getComputedStyle(grid).direction === 'rtl';
    const to = nextCell(key, from, sizeRef.current, { rtl, shift });
    if (!to) return false;
    const target = grid.querySelector<HTMLInputElement>(`input[data-cell="${to.row}:${to.col}"]`);
    if (!target) return false;
    target.focus();
    target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    return true;
  }, []);

  const usedScales = book.scales.filter((s) => s.kind !== 'points' && book.tasks.some((task) => task.scale_id === s._id));
  return (
    <div className={classes.scroller} data-testid="gradebook-grid">
      {usedScales.map((scale) => (
        <datalist key={scale._id} id={`scale-${scale._id}`}>
          {scale.levels.map((level) => (
            <option key={level.code} value={level.code}>
              {level.label}
            </option>
          ))}
        </datalist>
      ))}
      <table ref={table} className={classes.table} aria-label={t('grid.label', { name: book.class.name })}>
        <thead>
          <tr>
            <th scope="col" className={classes.name}>
              {t('grid.child')}
            </th>
            {book.tasks.map((task) => (
              <TaskHead
                key={task._id}
                task={task}
                scale={scales.get(task.scale_id)}
                readOnly={readOnly}
                onAction={onTaskAction}
              />
            ))}
            <th scope="col" className={classes.average}>
              {t('grid.average')}
            </th>
          </tr>
        </thead>
        <tbody>
          {book.students.map((student, row) => (
            <GradeRow
              key={student._id}
              row={row}
              student={student}
              tasks={book.tasks}
              grades={byStudent.get(student._id)}
              scales={scales}
              average={averages.get(student._id) ?? null}
              readOnly={readOnly}
              words={words}
              onSave={onSave}
              onMove={onMove}
              onOpen={onOpen}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
