import { ddmmyyyyFromIso, isoFromDdmmyyyy, RECORD_KINDS, type RecordKind } from '@cue/contract';
import { Anchor, Avatar, Box, Button, Chip, Group, Image, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  IconBook2,
  IconChartBar,
  IconEye,
  IconFileText,
  IconMessageCircle,
  IconPhoto,
  type IconProps,
  IconSeedling,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { withReaderDates } from '../../../components/ReaderDates';
import { useAddressParam } from '../../../lib/addressParam';
import { formatClassName } from '../../../lib/format';
import { Page } from '../../communication/components/Page';
import { studentViewHref } from '../../observations/useObservationParams';
import { showDay } from '../../planning/planFormat';
import { Gate } from '../../shell/pages/Gate';
import { type RecordItem, type StudentRecord, useStudentRecord } from '../api-reports';
import { REPORT_CARDS_NS } from '../i18n';
import { LoadError, menuNeed } from './common';
import { kindsFromParam, kindsParam, toggleKind } from './reportView';

const NEED = menuNeed('assessment.portfolio');

const ICONS: Record<RecordKind, ComponentType<IconProps>> = {
  observation: IconEye,
  story: IconBook2,
  media: IconPhoto,
  grade: IconChartBar,
  hpc: IconSeedling,
  reflection: IconMessageCircle,
  report: IconFileText,
};

/** /assessment/portfolio/:studentId: the child's whole record in one timeline, with its filters in the address. */
function StudentRecordBody() {
  const { t, i18n } = useTranslation(REPORT_CARDS_NS);
  const { studentId = '' } = useParams();
  const [kindsAsked, setKinds] = useAddressParam('kinds');
  const [from, setFrom] = useAddressParam('from');
  const [to, setTo] = useAddressParam('to');
  const kinds = kindsFromParam(kindsAsked);
  const kindsQuery = kindsParam(kinds);
  const record = useStudentRecord(studentId, {
    ...(kindsQuery ? { kinds: kindsQuery } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  });
  const first = record.data?.pages[0];
  const items = record.data?.pages.flatMap((p) => p.items) ?? [];
  const range: [string | null, string | null] = [from ? isoFromDdmmyyyy(from) : null, to ? isoFromDdmmyyyy(to) : null];
  const title = first ? t('record.titleFor', { name: first.student.name }) : t('record.title');
  return (
    <Page title={title} description={t('record.description')}>
      {record.error && !record.data ? (
        <LoadError error={record.error} onRetry={() => record.refetch()} />
      ) : !first ? (
        <Skeleton h={320} radius="lg" />
      ) : (
        <Stack gap="lg">
          <RecordHeader record={first} />
          <Summary record={first} />
          <Group gap="md" align="flex-end" wrap="wrap">
            <Stack gap={4} miw={0}>
              <Text fz="sm" fw={500} id="record-kinds">
                {t('record.kinds')}
              </Text>
              <Group gap={6} wrap="wrap" role="group" aria-labelledby="record-kinds" data-testid="record-kinds">
                <Chip
                  size="xs"
                  checked={kinds.length === RECORD_KINDS.length}
                  onChange={() => setKinds(null)}
                  data-testid="record-kind-all"
                  value="all"
                >
                  {t('record.allKinds')}
                </Chip>
                {RECORD_KINDS.map((kind) => (
                  <Chip
                    key={kind}
                    size="xs"
                    checked={kinds.length < RECORD_KINDS.length && kinds.includes(kind)}
                    onChange={() => setKinds(kindsParam(toggleKind(kinds, kind)))}
                    data-testid="record-kind"
                    value={kind}
                  >
                    {t(`kinds.${kind}`)} ({first.counts[kind] ?? 0})
                  </Chip>
                ))}
              </Group>
            </Stack>
            <DatePickerInput
              type="range"
              allowSingleDateInRange
              clearable
              label={t('record.range')}
              placeholder={t('record.rangeAll')}
              // "All dates" is the field's value when none is chosen: said in readable contrast, not placeholder grey.
              styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
              value={range}
              onChange={(value) => {
                const [a, b] = value as [string | null, string | null];
                if (a && !b) return;
                setFrom(a ? ddmmyyyyFromIso(a) : null);
                setTo(b ? ddmmyyyyFromIso(b) : null);
              }}
              valueFormat="D MMM YYYY"
              valueFormatter={readerDateFormatter(DAY)}
              popoverProps={{ withinPortal: true }}
              w={{ base: '100%', xs: 280 }}
              data-testid="record-range"
            />
          </Group>
          {items.length === 0 ? (
            <Paper withBorder radius="lg" p="lg" data-testid="record-empty">
              <Text c="dimmed" ta="center">
                {kindsQuery || from || to ? t('record.emptyFiltered') : t('record.empty')}
              </Text>
            </Paper>
          ) : (
            <Stack
              component="ol"
              gap="sm"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={t('record.timeline')}
              data-testid="record-timeline"
            >
              {items.map((item) => (
                <RecordRow key={`${item.kind}:${item.id}`} item={item} language={i18n.language} />
              ))}
            </Stack>
          )}
          {record.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => record.fetchNextPage()}
                loading={record.isFetchingNextPage}
                data-testid="record-more"
              >
                {t('record.more')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Page>
  );
}

/** Photo, name and class of the child. */
function RecordHeader({ record }: { record: StudentRecord }) {
  const { t } = useTranslation(REPORT_CARDS_NS);
  const { student } = record;
  return (
    <Group gap="md" wrap="nowrap">
      <Avatar src={student.profile_image} size={56} radius="xl" alt="" aria-hidden color="cue">
        {student.name.slice(0, 1)}
      </Avatar>
      <Stack gap={2} miw={0}>
        <Text fw={700} fz="lg" data-testid="record-name">
          {student.name}
        </Text>
        <Group gap="sm" wrap="wrap">
          {student.class_name && (
            <Text c="dimmed" fz="sm">
              {formatClassName(student.class_name).full}
            </Text>
          )}
          <Anchor component={Link} to={studentViewHref(student._id)} fz="sm">
            {t('record.observations')}
          </Anchor>
        </Group>
      </Stack>
    </Group>
  );
}

/** The range's attendance, the carelog's counts (where the carelog is on) and the timeline's counts per kind. */
function Summary({ record }: { record: StudentRecord }) {
  const { t } = useTranslation(REPORT_CARDS_NS);
  const { attendance, carelog } = record;
  const total = Object.values(record.counts).reduce((a, b) => a + b, 0);
  return (
    <SimpleGrid cols={{ base: 1, xs: carelog ? 3 : 2 }} spacing="sm" data-testid="record-summary">
      <SummaryCard title={t('record.attendance')} testId="record-attendance">
        <Figure label={t('record.present')} value={attendance.present} />
        <Figure label={t('record.absent')} value={attendance.absent} />
        <Figure label={t('record.late')} value={attendance.late} />
      </SummaryCard>
      {carelog && (
        <SummaryCard title={t('record.carelog')} testId="record-carelog">
          <Figure label={t('record.meals')} value={carelog.meals} />
          <Figure label={t('record.naps')} value={carelog.naps} />
          <Figure label={t('record.nappies')} value={carelog.nappies} />
          <Figure label={t('record.medicines')} value={carelog.medicines} />
          <Figure label={t('record.incidents')} value={carelog.incidents} />
        </SummaryCard>
      )}
      <SummaryCard title={t('record.items', { count: total })} testId="record-counts">
        {RECORD_KINDS.filter((k) => (record.counts[k] ?? 0) > 0).map((k) => (
          <Figure key={k} label={t(`kinds.${k}`)} value={record.counts[k] ?? 0} />
        ))}
      </SummaryCard>
    </SimpleGrid>
  );
}

function SummaryCard({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Text fw={600} fz="sm" mb={6}>
        {title}
      </Text>
      <Group gap="md" wrap="wrap">
        {children}
      </Group>
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} align="flex-start">
      <Text fw={700} fz="lg">
        {value}
      </Text>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** One item of the timeline: its kind's icon, day, title (opening it where the app shows it), a line and pictures. */
function RecordRow({ item, language }: { item: RecordItem; language: string }) {
  const { t } = useTranslation(REPORT_CARDS_NS);
  const Icon = ICONS[item.kind];
  const internal = item.link?.startsWith('/');
  return (
    <Paper component="li" withBorder radius="lg" p="sm" data-testid="record-item" data-kind={item.kind}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box pt={2} c="cue.7" style={{ flexShrink: 0 }}>
          <Icon size={20} aria-hidden />
        </Box>
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Text fz="xs" c="dimmed">
            {t(`kinds.${item.kind}`)} · {showDay(item.date, language)}
          </Text>
          {item.link ? (
            internal ? (
              <Anchor component={Link} to={item.link} fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }} dir="auto">
                {item.title}
              </Anchor>
            ) : (
              <Anchor href={item.link} target="_blank" rel="noopener" fw={600} fz="sm" dir="auto">
                {item.title}
              </Anchor>
            )
          ) : (
            <Text fw={600} fz="sm" dir="auto">
              {item.title}
            </Text>
          )}
          {item.body && (
            <Text fz="sm" c="dimmed" lineClamp={3} dir="auto">
              {item.body}
            </Text>
          )}
          {item.thumbnails.length > 0 && (
            <Group gap={6} mt={4} wrap="wrap">
              {item.thumbnails.slice(0, 4).map((src) => (
                <Image key={src} src={src} alt="" w={56} h={56} radius="sm" fit="cover" />
              ))}
            </Group>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

const StudentRecordWithDates = withReaderDates(StudentRecordBody);

export default function StudentRecordPage() {
  return (
    <Gate need={NEED}>
      <StudentRecordWithDates />
    </Gate>
  );
}
