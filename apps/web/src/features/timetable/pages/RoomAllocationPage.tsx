import type { TimetableBoard, TimetableDay, TimetableLesson } from '@cue/contract';
import { Alert, Button, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileImport, IconFileTypeCsv, IconFileTypeXml, IconPrinter } from '@tabler/icons-react';
import { type DragEvent, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { errorText, toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { downloadTimetableCsv, downloadTimetableXml, useBoard, useMoveLesson } from '../api';
import { type BoardNames, boardNames, conflictedIds, lessonLabel } from '../board';
import { GeneratePanel } from '../components/GeneratePanel';
import { ImportDialog } from '../components/ImportDialog';
import { LessonCard } from '../components/LessonCard';
import { clashesSentence, MoveDialog } from '../components/MoveDialog';
import { NoOutline } from '../components/parts';
import classes from '../components/Timetable.module.css';
import { WeekGrid } from '../components/WeekGrid';
import { TIMETABLE_NS, timetableError, timetableNeed, timetableText } from '../i18n';
import { cellKey, clashMap, dayName, lessonsOf, periodOf, placedOf, type ViewBy } from '../week';

/** Whose week the board shows: a class's, a teacher's or a shared room's. */
function ViewPicker({
  board,
  by,
  id,
  onChange,
}: {
  board: TimetableBoard;
  by: ViewBy;
  id: string | null;
  onChange: (by: ViewBy, id: string | null) => void;
}) {
  const { t } = useTranslation(TIMETABLE_NS);
  const options = (which: ViewBy) =>
    (which === 'class' ? board.classes : which === 'teacher' ? board.teachers : board.rooms).map((x) => ({
      value: x._id,
      label: x.name,
    }));
  const label = by === 'class' ? t('board.whichClass') : by === 'teacher' ? t('board.whichTeacher') : t('board.whichRoom');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Stack gap={4}>
        <Text fz="sm" fw={500} id="tt-view">
          {t('board.view')}
        </Text>
        <SegmentedControl
          aria-labelledby="tt-view"
          value={by}
          onChange={(v) => {
            const next = v as ViewBy;
            onChange(next, options(next)[0]?.value ?? null);
          }}
          data={[
            { value: 'class', label: t('board.byClass') },
            { value: 'teacher', label: t('board.byTeacher') },
            { value: 'room', label: t('board.byRoom') },
          ]}
        />
      </Stack>
      <Select
        label={label}
        data={options(by)}
        value={id}
        onChange={(v) => onChange(by, v)}
        searchable
        allowDeselect={false}
        w={{ base: '100%', xs: 260 }}
        nothingFoundMessage={t('board.nothing')}
        data-testid="board-which"
      />
    </Group>
  );
}

/** Where a lesson is, in words: "Monday, Morning session". */
function whereOf(board: TimetableBoard, lesson: Pick<TimetableLesson, 'day' | 'period'>, language: string): string | null {
  if (lesson.day === null || lesson.period === null) return null;
  const p = periodOf(board.outline.days, lesson.day, lesson.period);
  return `${dayName(lesson.day, language)}, ${p?.name ?? lesson.period + 1}`;
}

function Board({ board }: { board: TimetableBoard }) {
  const { t, i18n } = useTranslation(TIMETABLE_NS);
  const names = useMemo(() => boardNames(board), [board]);
  const conflicted = useMemo(() => conflictedIds(board), [board]);
  const move = useMoveLesson();
  const [by, setBy] = useState<ViewBy>('class');
  const [chosen, setChosen] = useState<string | null>(null);
  const [moving, setMoving] = useState<TimetableLesson | null>(null);
  const [dragged, setDragged] = useState<TimetableLesson | null>(null);
  const [trayOver, setTrayOver] = useState(false);
  const editable = board.abilities.edit;

  // The first class with lessons (else the first class) until one is chosen.
  const fallback =
    by === 'class'
      ? (board.classes.find((c) => board.lessons.some((l) => l.class_id === c._id)) ?? board.classes[0])?._id
      : by === 'teacher'
        ? board.teachers[0]?._id
        : board.rooms[0]?._id;
  const id = chosen ?? fallback ?? null;
  const mine = lessonsOf(board.lessons, by, id);
  const placed = placedOf(mine);
  const unplaced = mine.filter((l) => l.day === null);
  const allUnplaced = board.lessons.filter((l) => l.day === null).length;
  const title =
    by === 'class'
      ? t('board.weekOfClass', { name: id ? names.className(id) : '' })
      : by === 'teacher'
        ? t('board.weekOfTeacher', { name: id ? names.teacher(id) : '' })
        : t('board.weekOfRoom', { name: names.room(id) ?? '' });

  // While a lesson is dragged: its clashes in every period (in the room view it goes to the room shown).
  const dropRoom = (lesson: TimetableLesson) => (by === 'room' ? id : lesson.room_id);
  const clashes = useMemo(
    () => (dragged ? clashMap(dragged, board.lessons, board.outline.days, by === 'room' ? id : dragged.room_id) : null),
    [dragged, board.lessons, board.outline.days, by, id],
  );

  const send = useCallback(
    (
      lesson: TimetableLesson,
      body: { day: TimetableDay | null; period: number | null; room_id: string | null; locked: boolean },
    ) =>
      move.mutate(
        { id: lesson._id, body },
        { onSuccess: (a) => toast.success(timetableText(a.message)), onError: (e) => toast.error(timetableError(e)) },
      ),
    [move],
  );

  const onDrop = (day: TimetableDay, period: number) => {
    const lesson = dragged;
    setDragged(null);
    if (!lesson || (lesson.day === day && lesson.period === period && by !== 'room')) return;
    const here = clashes?.get(cellKey(day, period)) ?? [];
    if (here.length > 0) {
      toast.error(clashesSentence(t, here, names));
      return;
    }
    send(lesson, { day, period, room_id: dropRoom(lesson), locked: lesson.locked });
  };

  const card = (lesson: TimetableLesson, continued: boolean) => (
    <LessonCard
      lesson={lesson}
      names={names}
      view={by}
      continued={continued}
      conflict={conflicted.has(lesson._id)}
      editable={editable}
      dragging={dragged?._id === lesson._id}
      where={whereOf(board, lesson, i18n.language)}
      onMove={setMoving}
      onToggleLock={(l) => send(l, { day: l.day, period: l.period, room_id: l.room_id, locked: !l.locked })}
      onDragStart={setDragged}
      onDragEnd={() => setDragged(null)}
    />
  );

  const trayDrop = dragged && dragged.day !== null && editable;

  return (
    <Stack gap="lg">
      <GeneratePanel board={board} />
      <Stack gap="sm" component="section" aria-labelledby="tt-week">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Title order={2} fz="lg" id="tt-week">
            {title}
          </Title>
          <Text fz="sm" c="dimmed" data-testid="board-count">
            {t('board.count', { placed: placed.length, count: mine.length })}
            {board.lessons.length > 0 ? ` · ${t('board.softCost', { cost: board.soft })}` : ''}
          </Text>
        </Group>
        <ViewPicker
          board={board}
          by={by}
          id={id}
          onChange={(nextBy, nextId) => {
            setBy(nextBy);
            setChosen(nextId);
          }}
        />
        {editable && (
          <Text fz="xs" c="dimmed">
            {t('board.dragHelp')}
          </Text>
        )}
        <WeekGrid
          days={board.outline.days}
          items={placed}
          renderItem={card}
          caption={title}
          testId="board-grid"
          drop={clashes ? { clashes, onDrop } : null}
        />
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="tt-tray">
        <Title order={2} fz="lg" id="tt-tray">
          {t('board.trayTitle')}
        </Title>
        <Text fz="xs" c="dimmed">
          {allUnplaced > unplaced.length ? t('board.trayAll', { count: allUnplaced }) : t('board.trayHelp')}
        </Text>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the Move dialog's "Not placed" is the keyboard's way. */}
        <div
          className={classes.tray}
          data-testid="board-tray"
          data-drop={trayDrop ? 'ok' : undefined}
          data-over={trayOver || undefined}
          onDragOver={
            trayDrop
              ? (event: DragEvent) => {
                  event.preventDefault();
                  setTrayOver(true);
                }
              : undefined
          }
          onDragLeave={() => setTrayOver(false)}
          onDrop={
            trayDrop
              ? (event: DragEvent) => {
                  event.preventDefault();
                  setTrayOver(false);
                  const lesson = dragged;
                  setDragged(null);
                  if (lesson) send(lesson, { day: null, period: null, room_id: null, locked: lesson.locked });
                }
              : undefined
          }
        >
          {unplaced.length === 0 ? (
            <Text fz="sm" c="dimmed" p={4}>
              {t('board.trayEmpty')}
            </Text>
          ) : (
            unplaced.map((lesson) => <div key={lesson._id}>{card(lesson, false)}</div>)
          )}
        </div>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="tt-conflicts">
        <Title order={2} fz="lg" id="tt-conflicts">
          {t('board.conflictsTitle')}
        </Title>
        {board.conflicts.length === 0 ? (
          <Text fz="sm" c="dimmed" data-testid="board-no-conflicts">
            {board.lessons.length === 0 ? t('board.noLessons') : t('board.noConflicts')}
          </Text>
        ) : (
          <Paper withBorder radius="lg" p="sm">
            <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} data-testid="board-conflicts">
              {board.conflicts.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the board's conflicts are read whole each time.
                <li key={i} data-kind={c.kind}>
                  <Group gap={6} wrap="wrap" align="baseline">
                    <SoftBadge color={c.kind === 'unplaced' ? 'orange' : 'red'}>{t(`conflict.${c.kind}`)}</SoftBadge>
                    <Text fz="sm" component="span">
                      {conflictLessons(c.lesson_ids, board, names)}
                    </Text>
                    {c.day && (
                      <Text fz="sm" c="dimmed" component="span">
                        {whereOf(board, { day: c.day, period: c.period }, i18n.language) ?? dayName(c.day, i18n.language)}
                      </Text>
                    )}
                  </Group>
                </li>
              ))}
            </Stack>
          </Paper>
        )}
      </Stack>
      {moving && <MoveDialog lesson={moving} board={board} names={names} onClose={() => setMoving(null)} />}
    </Stack>
  );
}

/** The lessons a conflict involves, by name. */
function conflictLessons(ids: string[], board: TimetableBoard, names: BoardNames): string {
  return ids
    .map((id) => board.lessons.find((l) => l._id === id))
    .filter((l): l is TimetableLesson => !!l)
    .map((l) => lessonLabel(l, names))
    .join(' / ');
}

function Body() {
  const { t } = useTranslation(TIMETABLE_NS);
  const board = useBoard();
  const download = (call: () => Promise<string>) => () => void call().catch((err: unknown) => toast.error(errorText(err)));
  const hasLessons = (board.data?.lessons.length ?? 0) > 0;
  const [importing, setImporting] = useState(false);
  return (
    <Page
      title={t('board.title')}
      description={t('board.description')}
      width={1400}
      actions={
        <Group gap="sm" wrap="wrap" className={classes.noPrint}>
          <Button
            variant="default"
            leftSection={<IconFileTypeCsv size={16} aria-hidden />}
            onClick={download(downloadTimetableCsv)}
            disabled={!hasLessons}
          >
            {t('board.exportCsv')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileTypeXml size={16} aria-hidden />}
            onClick={download(downloadTimetableXml)}
            disabled={!hasLessons}
          >
            {t('board.exportXml')}
          </Button>
          {board.data?.abilities.edit && (
            <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setImporting(true)}>
              {t('board.import')}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => window.print()}
            disabled={!board.data}
          >
            {t('board.print')}
          </Button>
        </Group>
      }
    >
      {board.isError ? (
        <Alert color="red" variant="light">
          {errorText(board.error)}
        </Alert>
      ) : !board.data ? (
        <Skeleton h={420} radius="lg" />
      ) : (
        <>
          <NoOutline outline={board.data.outline} />
          <Board board={board.data} />
        </>
      )}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </Page>
  );
}

/** /admin/timetable/room-allocation: the builder's board — generate, view by class, teacher or room, move, lock, export, print. */
export default function RoomAllocationPage() {
  return (
    <Gate need={timetableNeed('timetable.room-allocation')}>
      <Body />
    </Gate>
  );
}
