import '@mantine/charts/styles.css';
import {
  ADMISSION_FORM_KINDS,
  ADMISSION_NEXT,
  ADMISSION_SOURCES,
  ADMISSION_STAGES,
  type AdmissionFormKind,
  type AdmissionSource,
  type AdmissionStage,
  ddmmyyyyFromIso,
  isoFromDdmmyyyy,
  pagePath,
  ROUTES,
} from '@cue/contract';
import { BarChart } from '@mantine/charts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Menu,
  Paper,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconDotsVertical, IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { Pager } from '../../../components/Pager';
import { SoftBadge } from '../../../components/SoftBadge';
import { useTabParam } from '../../../lib/addressParam';
import { todayWire } from '../../../lib/day';
import { errorText, toast } from '../../../lib/notify';
import { downloadFile } from '../../admin/download';
import { Page } from '../../communication/components/Page';
import { showDay } from '../../planning/planFormat';
import { Gate } from '../../shell/pages/Gate';
import { ADMISSIONS_NS, managementNeed } from '../i18n';
import { ageOn, percentText, STAGE_COLORS } from './admissionFormat';
import { type AdmissionSummary, useAdmissionReport, useAdmissions } from './api';
import { DetailsDialog } from './DetailsDialog';
import { FormBuilder } from './FormBuilder';
import { MoveDialog } from './MoveDialog';

const TABS = ['board', 'list', 'forms', 'report'] as const;

/** "3 years 2 months" of a child, today; '' without a date of birth. */
export function useAgeText() {
  const { t } = useTranslation(ADMISSIONS_NS);
  const today = todayWire();
  return (dateOfBirth: string | null) => {
    const age = ageOn(dateOfBirth, today);
    if (!age) return '';
    const years = t('age.years', { count: age.years });
    const months = t('age.months', { count: age.months });
    if (age.years === 0) return months;
    return age.months === 0 ? years : t('age.both', { years, months });
  };
}

export function StageBadge({ stage }: { stage: AdmissionStage }) {
  const { t } = useTranslation(ADMISSIONS_NS);
  return <SoftBadge color={STAGE_COLORS[stage]}>{t(`stages.${stage}`)}</SoftBadge>;
}

/** One family on the board: who, how old, who asked, from where, for which class, the visit; its menu moves it. */
function Card({ item, onMove }: { item: AdmissionSummary; onMove: (stage: AdmissionStage) => void }) {
  const { t, i18n } = useTranslation(ADMISSIONS_NS);
  const age = useAgeText()(item.child_date_of_birth);
  const next = ADMISSION_NEXT[item.stage];
  return (
    <Paper withBorder radius="md" p="sm" data-testid="admission-card" component="article" aria-label={item.child_name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap={4}>
        <Stack gap={2} miw={0}>
          <Anchor component={Link} to={pagePath.admission(item._id)} fw={600} fz="sm">
            {item.child_name}
          </Anchor>
          {age && (
            <Text fz="xs" c="dimmed">
              {age}
            </Text>
          )}
        </Stack>
        {next.length > 0 && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t('board.moveMenu', { name: item.child_name })}>
                <IconDotsVertical size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t('board.moveTo')}</Menu.Label>
              {next.map((stage) => (
                <Menu.Item key={stage} onClick={() => onMove(stage)}>
                  {t('board.moveToStage', { stage: t(`stages.${stage}`) })}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Stack gap={2} mt={6}>
        <Text fz="xs">{t('board.parent', { name: item.parent_name })}</Text>
        <Group gap={4} wrap="wrap">
          <SoftBadge color="gray">{t(`sources.${item.source}`)}</SoftBadge>
          {item.desired_class && <SoftBadge color="cue">{item.desired_class.name}</SoftBadge>}
        </Group>
        {item.visit_date && (
          <Text fz="xs" c="dimmed">
            {t('board.visitOn', { day: showDay(item.visit_date, i18n.language), time: item.visit_time ?? '' })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The pipeline's columns, one per stage with its count; scrolls sideways on a phone. */
function Board() {
  const { t, i18n } = useTranslation(ADMISSIONS_NS);
  const list = useAdmissions({ page_size: 500 });
  const [moving, setMoving] = useState<{ item: AdmissionSummary; stage: AdmissionStage } | null>(null);
  const number = new Intl.NumberFormat(i18n.language);
  if (list.error && !list.data)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} title={errorText(list.error)}>
        <Button size="xs" variant="white" color="red" mt="xs" onClick={() => void list.refetch()}>
          {t('board.retry')}
        </Button>
      </Alert>
    );
  const counts: Partial<Record<AdmissionStage, number>> = list.data?.stage_counts ?? {};
  return (
    <>
      <ScrollArea type="auto" offsetScrollbars data-testid="admissions-board">
        <Group align="flex-start" wrap="nowrap" gap="sm" pb="sm">
          {ADMISSION_STAGES.map((stage) => {
            const items = (list.data?.items ?? []).filter((x) => x.stage === stage);
            const count = counts[stage] ?? items.length;
            return (
              <Paper
                key={stage}
                component="section"
                aria-labelledby={`stage-${stage}`}
                bg="var(--mantine-color-default-hover)"
                radius="md"
                p="xs"
                w={250}
                miw={250}
                data-stage={stage}
              >
                <Group justify="space-between" mb="xs" px={4}>
                  <Title order={2} fz="sm" id={`stage-${stage}`}>
                    {t(`stages.${stage}`)}
                  </Title>
                  <SoftBadge color={STAGE_COLORS[stage]} aria-label={t('board.count', { count })}>
                    {number.format(count)}
                  </SoftBadge>
                </Group>
                <Stack gap="xs">
                  {list.isPending ? (
                    <Skeleton height={80} radius="md" />
                  ) : items.length === 0 ? (
                    <Text fz="xs" c="dimmed" ta="center" py="sm">
                      {t('board.empty')}
                    </Text>
                  ) : (
                    items.map((item) => <Card key={item._id} item={item} onMove={(s) => setMoving({ item, stage: s })} />)
                  )}
                  {items.length < count && (
                    <Text fz="xs" c="dimmed" ta="center">
                      {t('board.more', { count: count - items.length })}
                    </Text>
                  )}
                </Stack>
              </Paper>
            );
          })}
        </Group>
      </ScrollArea>
      {moving && <MoveDialog application={moving.item} stage={moving.stage} onClose={() => setMoving(null)} />}
    </>
  );
}

const PAGE_SIZE = 25;

/** Every application in a table: filters by stage, source and kind, search, pages. */
function List() {
  const { t, i18n } = useTranslation(ADMISSIONS_NS);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [stage, setStage] = useState<string | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const age = useAgeText();
  const list = useAdmissions({
    q: q || undefined,
    stage: (stage as AdmissionStage | null) ?? undefined,
    source: (source as AdmissionSource | null) ?? undefined,
    kind: (kind as AdmissionFormKind | null) ?? undefined,
    page,
    page_size: PAGE_SIZE,
  });
  const filter = (set: (v: string | null) => void) => (v: string | null) => {
    set(v);
    setPage(1);
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  return (
    <DataTable
      caption={t('list.caption')}
      testId="admissions-table"
      rows={list.data?.items}
      loading={list.isPending}
      error={list.error}
      onRetry={() => void list.refetch()}
      rowKey={(x) => x._id}
      rowLabel={(x) => x.child_name}
      emptyText={q || stage || source || kind ? t('list.noMatch') : t('list.empty')}
      toolbar={
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            type="search"
            flex="1 1 220px"
          />
          <Select
            label={t('list.stage')}
            placeholder={t('list.any')}
            data={ADMISSION_STAGES.map((s) => ({ value: s, label: t(`stages.${s}`) }))}
            value={stage}
            onChange={filter(setStage)}
            clearable
            w={160}
          />
          <Select
            label={t('list.source')}
            placeholder={t('list.any')}
            data={ADMISSION_SOURCES.map((s) => ({ value: s, label: t(`sources.${s}`) }))}
            value={source}
            onChange={filter(setSource)}
            clearable
            w={160}
          />
          <Select
            label={t('list.kind')}
            placeholder={t('list.any')}
            data={ADMISSION_FORM_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            value={kind}
            onChange={filter(setKind)}
            clearable
            w={160}
          />
        </Group>
      }
      columns={[
        {
          key: 'child',
          header: t('list.child'),
          render: (x) => (
            <Stack gap={0} miw={150}>
              <Anchor component={Link} to={pagePath.admission(x._id)} fw={600} fz="sm">
                {x.child_name}
              </Anchor>
              <Text fz="xs" c="dimmed">
                {[x.reference, age(x.child_date_of_birth)].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
          ),
        },
        { key: 'stage', header: t('list.stage'), render: (x) => <StageBadge stage={x.stage} /> },
        { key: 'parent', header: t('list.parent'), render: (x) => x.parent_name },
        { key: 'source', header: t('list.source'), render: (x) => t(`sources.${x.source}`) },
        { key: 'class', header: t('list.desiredClass'), render: (x) => x.desired_class?.name ?? '—' },
        {
          key: 'created',
          header: t('list.received'),
          render: (x) => showDay(x.created_at.slice(0, 10), i18n.language),
        },
      ]}
      footer={
        <Pager
          pages={pages}
          page={page}
          onChange={setPage}
          controlLabel={(c) => t(`pager.${c}`)}
          pageLabel={(n) => t('pager.page', { n })}
        />
      }
    />
  );
}

/** A year back to today, as the report opens. */
const yearBack = (): [string, string] => {
  const today = isoFromDdmmyyyy(todayWire()) ?? '';
  return [`${Number(today.slice(0, 4)) - 1}${today.slice(4)}`, today];
};

/** Enquiries and how far they went, per month and source, with a chart and the CSV. */
function Report() {
  const { t, i18n } = useTranslation(ADMISSIONS_NS);
  const [range, setRange] = useState<[string | null, string | null]>(yearBack);
  const from = range[0] ? ddmmyyyyFromIso(range[0]) : '';
  const to = range[1] ? ddmmyyyyFromIso(range[1]) : '';
  const report = useAdmissionReport(from, to);
  const [downloading, setDownloading] = useState(false);
  const number = new Intl.NumberFormat(i18n.language);
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${month}-01T00:00:00Z`),
    );
  const rows = report.data?.rows ?? [];
  const byMonth = [...new Set(rows.map((r) => r.month))].sort().map((month) => {
    const of = rows.filter((r) => r.month === month);
    const sum = (k: 'enquiries' | 'enrolled') => of.reduce((n, r) => n + r[k], 0);
    return { month: monthName(month), enquiries: sum('enquiries'), enrolled: sum('enrolled') };
  });
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(ROUTES.admissionReportCsv, 'admissions-report.csv', { query: { from, to } });
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setDownloading(false);
    }
  };
  const cells = (r: {
    enquiries: number;
    applications: number;
    visits: number;
    offers: number;
    enrolled: number;
    conversion: number | null;
  }) => (
    <>
      <Table.Td ta="end">{number.format(r.enquiries)}</Table.Td>
      <Table.Td ta="end">{number.format(r.applications)}</Table.Td>
      <Table.Td ta="end">{number.format(r.visits)}</Table.Td>
      <Table.Td ta="end">{number.format(r.offers)}</Table.Td>
      <Table.Td ta="end">{number.format(r.enrolled)}</Table.Td>
      <Table.Td ta="end">{percentText(r.conversion, i18n.language)}</Table.Td>
    </>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <DatePickerInput
          type="range"
          label={t('report.range')}
          value={range}
          onChange={(v) => setRange([v[0] ? String(v[0]).slice(0, 10) : null, v[1] ? String(v[1]).slice(0, 10) : null])}
          valueFormat="DD-MM-YYYY"
          w={280}
          maw="100%"
        />
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download} loading={downloading}>
          {t('report.csv')}
        </Button>
      </Group>
      {report.error && !report.data ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} title={errorText(report.error)} />
      ) : report.isPending ? (
        <Skeleton height={200} radius="md" />
      ) : rows.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center" c="dimmed" fw={500}>
            {t('report.empty')}
          </Text>
        </Paper>
      ) : (
        <>
          <Box aria-hidden>
            <BarChart
              h={220}
              data={byMonth}
              dataKey="month"
              series={[
                { name: 'enquiries', label: t('report.enquiries'), color: 'blue.5' },
                { name: 'enrolled', label: t('report.enrolled'), color: 'teal.6' },
              ]}
              withLegend
            />
          </Box>
          <Table.ScrollContainer minWidth={720}>
            <Table striped withTableBorder data-testid="admissions-report">
              <Table.Caption>{t('report.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('report.month')}</Table.Th>
                  <Table.Th>{t('report.source')}</Table.Th>
                  <Table.Th ta="end">{t('report.enquiries')}</Table.Th>
                  <Table.Th ta="end">{t('report.applications')}</Table.Th>
                  <Table.Th ta="end">{t('report.visits')}</Table.Th>
                  <Table.Th ta="end">{t('report.offers')}</Table.Th>
                  <Table.Th ta="end">{t('report.enrolled')}</Table.Th>
                  <Table.Th ta="end">{t('report.conversion')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={`${r.month}-${r.source}`}>
                    <Table.Td>{monthName(r.month)}</Table.Td>
                    <Table.Td>{t(`sources.${r.source}`)}</Table.Td>
                    {cells(r)}
                  </Table.Tr>
                ))}
              </Table.Tbody>
              {report.data && (
                <Table.Tfoot>
                  <Table.Tr fw={700}>
                    <Table.Th colSpan={2}>{t('report.total')}</Table.Th>
                    {cells(report.data.totals)}
                  </Table.Tr>
                </Table.Tfoot>
              )}
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}

function Body() {
  const { t } = useTranslation(ADMISSIONS_NS);
  const [tab, setTab] = useTabParam(TABS);
  const [adding, setAdding] = useState(false);
  return (
    <Page
      title={t('page.title')}
      description={t('page.description')}
      width={1400}
      actions={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)} data-testid="add-enquiry">
          {t('page.addEnquiry')}
        </Button>
      }
    >
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map((x) => (
            <Tabs.Tab key={x} value={x}>
              {t(`tabs.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="board">
          <Board />
        </Tabs.Panel>
        <Tabs.Panel value="list">
          <List />
        </Tabs.Panel>
        <Tabs.Panel value="forms">
          <FormBuilder />
        </Tabs.Panel>
        <Tabs.Panel value="report">
          <Report />
        </Tabs.Panel>
      </Tabs>
      {adding && <DetailsDialog application={null} onClose={() => setAdding(false)} />}
    </Page>
  );
}

/** /admin/management-setup/admissions: the pipeline (board and list), the forms and the report. */
export default function AdmissionsPage() {
  return (
    <Gate need={managementNeed('management-setup.admissions')}>
      <Body />
    </Gate>
  );
}
