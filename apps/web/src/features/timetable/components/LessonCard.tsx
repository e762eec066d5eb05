import type { TimetableLesson } from '@cue/contract';
import { ActionIcon, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import type { CSSProperties, DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardNames } from '../board';
import { TIMETABLE_NS } from '../i18n';
import type { ViewBy } from '../week';
import { subjectColor } from './parts';
import classes from './Timetable.module.css';

export interface LessonCardProps {
  lesson: TimetableLesson;
  names: BoardNames;
  view: ViewBy;
  /** The second period of a double, drawn again below another lesson. */
  continued?: boolean;
  conflict?: boolean;
  editable: boolean;
  dragging?: boolean;
  /** Where the lesson is, for its button's name ("Monday, Morning session"); null when not placed. */
  where: string | null;
  onMove: (lesson: TimetableLesson) => void;
  onToggleLock: (lesson: TimetableLesson) => void;
  onDragStart?: (lesson: TimetableLesson) => void;
  onDragEnd?: () => void;
}

/**
 * A lesson on the board: its subject, who or which class (as the view needs), its shared room and its
 * lock. The card opens the Move dialog (the keyboard's way to move it) and can be dragged to a period.
 */
export function LessonCard({
  lesson,
  names,
  view,
  continued = false,
  conflict = false,
  editable,
  dragging = false,
  where,
  onMove,
  onToggleLock,
  onDragStart,
  onDragEnd,
}: LessonCardProps) {
  const { t } = useTranslation(TIMETABLE_NS);
  const subject = names.subject(lesson.subject_id);
  const who =
    view === 'class'
      ? names.teacher(lesson.teacher_id)
      : view === 'teacher'
        ? names.className(lesson.class_id)
        : `${names.className(lesson.class_id)} · ${names.teacher(lesson.teacher_id)}`;
  const room = names.room(lesson.room_id);
  const label = `${subject} · ${names.className(lesson.class_id)} · ${names.teacher(lesson.teacher_id)}`;
  const draggable = editable && !continued;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dragging is the mouse's way; the card's button opens the Move dialog, the keyboard's.
    <div
      className={classes.lesson}
      style={{ '--lesson-color': subjectColor(lesson.subject_id) } as CSSProperties}
      draggable={draggable}
      onDragStart={
        draggable
          ? (event: DragEvent) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', lesson._id);
              onDragStart?.(lesson);
            }
          : undefined
      }
      onDragEnd={draggable ? onDragEnd : undefined}
      data-testid="lesson-card"
      data-lesson-id={lesson._id}
      data-locked={lesson.locked}
      data-conflict={conflict || undefined}
      data-continued={continued || undefined}
      data-dragging={dragging || undefined}
      data-length={lesson.length}
    >
      <UnstyledButton className={classes.lessonButton} onClick={() => onMove(lesson)} disabled={!editable}>
        <Text component="span" className={classes.subject} display="block" lineClamp={2}>
          {subject}
          {lesson.length > 1 && !continued ? ` ×2` : ''}
        </Text>
        <Text component="span" fz="xs" display="block" lineClamp={2}>
          {continued ? t('board.continued') : who}
        </Text>
        {room && !continued && (
          <Text component="span" fz="xs" c="dimmed" display="block" lineClamp={1}>
            {room}
          </Text>
        )}
        {/* The button's name is what it shows, then what it does and where the lesson is. */}
        <VisuallyHidden>
          {` · ${view === 'teacher' ? names.teacher(lesson.teacher_id) : names.className(lesson.class_id)} · `}
          {where ? t('board.moveHint', { where }) : t('board.placeHint')}
        </VisuallyHidden>
      </UnstyledButton>
      {!continued && (
        <div className={classes.lessonTools}>
          {editable ? (
            <Tooltip label={lesson.locked ? t('board.unlock') : t('board.lock')}>
              <ActionIcon
                size="sm"
                variant="subtle"
                color={lesson.locked ? 'orange' : 'gray'}
                aria-label={lesson.locked ? t('board.unlockLesson', { lesson: label }) : t('board.lockLesson', { lesson: label })}
                aria-pressed={lesson.locked}
                onClick={() => onToggleLock(lesson)}
                data-testid="lesson-lock"
              >
                {lesson.locked ? <IconLock size={14} aria-hidden /> : <IconLockOpen size={14} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          ) : (
            lesson.locked && <IconLock size={14} aria-label={t('board.locked')} />
          )}
        </div>
      )}
    </div>
  );
}
