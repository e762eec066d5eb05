import { MENUS, type MenuItem } from '@cue/contract';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Grid,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconInfoCircle, IconPlus, IconSearch } from '@tabler/icons-react';
import '@mantine/dates/styles.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../../lib/format';
import { Gate } from '../../shell/pages/Gate';
import { useCurrentClass } from '../../shell/Selectors';
import { type ObservationEntry, useRoster } from '../api';
import { CoveragePanel } from '../components/CoveragePanel';
import { DeleteObservation } from '../components/DeleteObservation';
import { type EditorTarget, ObservationEditor } from '../components/ObservationEditor';
import { ObservationList } from '../components/ObservationList';
import classes from '../components/Observations.module.css';
import { StudentRoster } from '../components/StudentRoster';
import { formatObservationDate, pickerToWire, shiftWireDate, todayWire, wireToPicker } from '../dates';
import { OBSERVATIONS_NS } from '../i18n';
import { type ObservationParams, useObservationParams } from '../useObservationParams';

/** The observation menu entry: what the page needs (spec section 6). */
const ENTRY = MENUS.assessment.find((item) => item.key === 'assessment.observation') as MenuItem;
const { key: _key, path: _path, children: _children, ...NEED } = ENTRY;

/** A text box that writes its value into a query parameter a moment after typing stops. */
function useUrlText(value: string, write: (text: string) => void) {
  const [text, setText] = useState(value);
  const [settled] = useDebouncedValue(text, 350);
  const written = useRef(value);
  // The URL changed elsewhere (back button, a link): the box follows; its own writes leave it alone.
  useEffect(() => {
    if (value !== written.current) {
      written.current = value;
      setText(value);
    }
  }, [value]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: writes only when the settled text changes
  useEffect(() => {
    const next = settled.trim();
    if (next !== written.current) {
      written.current = next;
      write(next);
    }
  }, [settled]);
  return [text, setText] as const;
}

function DateNavigator({ date, onChange }: { date: string; onChange: (date: string) => void }) {
  const { t, i18n } = useTranslation(OBSERVATIONS_NS);
  const rtl = i18n.dir() === 'rtl';
  const today = todayWire();
  return (
    <Group gap="xs" wrap="nowrap">
      <Tooltip label={t('date.previous')}>
        <ActionIcon variant="default" size="lg" aria-label={t('date.previous')} onClick={() => onChange(shiftWireDate(date, -1))}>
          <IconChevronLeft size={18} aria-hidden className={rtl ? classes.flip : undefined} />
        </ActionIcon>
      </Tooltip>
      <DatePickerInput
        // The accessible name starts with the day it shows (a name that hides the visible text fails WCAG 2.5.3).
        aria-label={`${date} ${t('date.pick')}`}
        value={wireToPicker(date)}
        onChange={(value) => {
          const wire = pickerToWire(value);
          if (wire) onChange(wire);
        }}
        valueFormat="DD-MM-YYYY"
        w={140}
        popoverProps={{ position: 'bottom' }}
      />
      <Tooltip label={t('date.next')}>
        <ActionIcon variant="default" size="lg" aria-label={t('date.next')} onClick={() => onChange(shiftWireDate(date, 1))}>
          <IconChevronRight size={18} aria-hidden className={rtl ? classes.flip : undefined} />
        </ActionIcon>
      </Tooltip>
      <Button variant="subtle" onClick={() => onChange(today)} disabled={date === today}>
        {t('date.today')}
      </Button>
    </Group>
  );
}

interface ViewProps {
  classId: string;
  params: ObservationParams;
  update: ReturnType<typeof useObservationParams>['update'];
  onNew: (target: EditorTarget) => void;
  onEdit: (entry: ObservationEntry) => void;
  onDelete: (entry: ObservationEntry) => void;
}

function SearchHeader({ total, search }: { total: number; search: string }) {
  const { t } = useTranslation(OBSERVATIONS_NS);
  return (
    <Text fz="sm" c="dimmed" data-testid="search-summary" aria-live="polite">
      {t('search.results', { count: total, query: search })}
    </Text>
  );
}

/** The class's observations of one day (or, with a search, of every day). */
function DateView({ classId, params, update, onEdit, onDelete }: ViewProps) {
  const { t, i18n } = useTranslation(OBSERVATIONS_NS);
  const searching = !!params.search;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} fz="xl" data-testid="observation-date-heading">
          {searching ? t('search.title') : formatObservationDate(params.date, i18n.language)}
        </Title>
        {!searching && <DateNavigator date={params.date} onChange={(date) => update({ date })} />}
      </Group>
      <ObservationList
        side="staff"
        query={{
          class_id: classId,
          type: params.type,
          ...(searching ? { search: params.search } : { date: params.date }),
          ...(params.report_title ? { report_title: params.report_title } : {}),
        }}
        emptyText={searching ? t('empty.search', { query: params.search }) : t('empty.day')}
        showDate={searching}
        onEdit={onEdit}
        onDelete={onDelete}
        header={searching ? (total) => <SearchHeader total={total} search={params.search} /> : undefined}
      />
    </Stack>
  );
}

/** One child's observations over time, with coverage by learning area. */
function StudentView({ classId, params, onNew, onEdit, onDelete }: ViewProps) {
  const { t } = useTranslation(OBSERVATIONS_NS);
  const roster = useRoster(classId);
  const student = roster.data?.student_list.find((s) => s.id === params.id) ?? null;
  const hrefFor = (s: { id: string }) => {
    const next = new URLSearchParams({ type: params.type, view: 'studentView', id: s.id });
    if (params.report_title) next.set('report_title', params.report_title);
    return `?${next.toString()}`;
  };
  let main: React.ReactNode;
  if (!params.id) {
    main = (
      <Alert variant="light" color="cue" icon={<IconInfoCircle size={18} aria-hidden />}>
        {t('student.choose')}
      </Alert>
    );
  } else if (roster.data && !student) {
    main = (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
        {t('student.notInClass')}
      </Alert>
    );
  } else {
    const name = student ? fullName(student) : '';
    main = (
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <Group justify="space-between" gap="sm">
              <Title order={2} fz="xl" data-testid="student-heading">
                {name}
              </Title>
              {student && (
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => onNew({ entry: null, studentIds: [student.id] })}
                >
                  {t('student.newFor', { name: student.first_name })}
                </Button>
              )}
            </Group>
            <ObservationList
              side="staff"
              query={{
                class_id: classId,
                student_id: params.id,
                type: params.type,
                ...(params.search ? { search: params.search } : {}),
                ...(params.report_title ? { report_title: params.report_title } : {}),
              }}
              emptyText={params.search ? t('empty.search', { query: params.search }) : t('empty.student', { name })}
              showDate
              showChild={false}
              onEdit={onEdit}
              onDelete={onDelete}
              header={params.search ? (total) => <SearchHeader total={total} search={params.search} /> : undefined}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <CoveragePanel studentId={params.id} />
        </Grid.Col>
      </Grid>
    );
  }
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <StudentRoster
          students={roster.data?.student_list}
          loading={roster.isPending}
          currentId={params.id}
          hrefFor={hrefFor}
          title={t('student.roster')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>{main}</Grid.Col>
    </Grid>
  );
}

function ObservationScreen() {
  const { t, i18n } = useTranslation(OBSERVATIONS_NS);
  const { params, update } = useObservationParams();
  const { current, schools } = useCurrentClass();
  const [editor, setEditor] = useState<EditorTarget | null>(null);
  const [deleting, setDeleting] = useState<ObservationEntry | null>(null);
  const [search, setSearch] = useUrlText(params.search, (text) => update({ search: text }, { replace: true }));
  const [reportTitle, setReportTitle] = useUrlText(params.report_title, (text) =>
    update({ report_title: text }, { replace: true }),
  );
  const pageTitle = params.type === 'report_card' ? t('page.reportCardTitle') : t('page.title');
  useDocumentTitle(pageTitle);

  const viewProps = current
    ? {
        classId: current.id,
        params,
        update,
        onNew: setEditor,
        onEdit: (entry: ObservationEntry) => setEditor({ entry }),
        onDelete: setDeleting,
      }
    : null;

  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <Box component="section" aria-labelledby="observations-title" px={{ base: 'md', sm: 'lg' }} py="lg" maw={1280} mx="auto">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" gap="md">
            <Box miw={0} flex="1 1 320px">
              <Title order={1} fz={{ base: 22, sm: 26 }} id="observations-title">
                {pageTitle}
              </Title>
              <Text c="dimmed" fz="sm" mt={4}>
                {current ? t('page.description', { className: current.class_name }) : t('page.descriptionNoClass')}
              </Text>
            </Box>
            {current && (
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditor({ entry: null })}>
                {params.type === 'report_card' ? t('page.newReportCard') : t('page.new')}
              </Button>
            )}
          </Group>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <div>
              <VisuallyHidden id="type-label">{t('type.label')}</VisuallyHidden>
              <SegmentedControl
                aria-labelledby="type-label"
                data-testid="type-switch"
                value={params.type}
                onChange={(type) => update({ type, report_title: null })}
                data={[
                  { value: 'daily', label: t('type.daily') },
                  { value: 'report_card', label: t('type.report_card') },
                ]}
              />
            </div>
            <div>
              <VisuallyHidden id="view-label">{t('view.label')}</VisuallyHidden>
              <SegmentedControl
                aria-labelledby="view-label"
                data-testid="view-switch"
                value={params.view}
                onChange={(view) => update({ view })}
                data={[
                  { value: 'dateView', label: t('view.dateView') },
                  { value: 'studentView', label: t('view.studentView') },
                ]}
              />
            </div>
            {params.type === 'report_card' && (
              <TextInput
                aria-label={t('reportTitle.filter')}
                placeholder={t('reportTitle.filterPlaceholder')}
                value={reportTitle}
                onChange={(e) => setReportTitle(e.currentTarget.value)}
                w={{ base: '100%', xs: 220 }}
              />
            )}
            <TextInput
              type="search"
              aria-label={t('search.label')}
              placeholder={t('search.placeholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              flex="1 1 220px"
              maw={360}
            />
          </Group>
          {!viewProps ? (
            <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
              {schools.isPending ? t('loading') : t('page.noClass')}
            </Alert>
          ) : params.view === 'studentView' ? (
            <StudentView {...viewProps} />
          ) : (
            <DateView {...viewProps} />
          )}
        </Stack>
        {editor && current && (
          <ObservationEditor
            classId={current.id}
            type={params.type}
            date={params.date}
            reportTitle={params.report_title}
            target={editor}
            onClose={() => setEditor(null)}
          />
        )}
        {deleting && <DeleteObservation entry={deleting} onClose={() => setDeleting(null)} />}
      </Box>
    </DatesProvider>
  );
}

/** /assessment/observation: staff only, behind the observation menu entry's needs. */
export default function ObservationPage() {
  return (
    <Gate need={NEED}>
      <ObservationScreen />
    </Gate>
  );
}
