import '@mantine/charts/styles.css';
import { type AgeingReport, type CollectionReport, ddmmyyyyFromIso, isoFromDdmmyyyy, pagePath } from '@cue/contract';
import { BarChart } from '@mantine/charts';
import { Anchor, Button, Group, Select, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable';
import { ReaderDates } from '../../../components/ReaderDates';
import { errorText, toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { useSchoolsClasses } from '../../shell/api';
import { Gate } from '../../shell/pages/Gate';
import { dayFieldProps } from '../../stories/components/dates';
import { Money, majorFromMinor } from '../components/money';
import { FEES_NS, managementNeed } from '../i18n';
import { downloadAgeingCsv, downloadCollectionCsv, useAgeingReport, useCollectionReport } from './api-overview';
import { chartByMonth, defaultRange, monthLabel } from './feeFormat';

/** The current school's classes for the filter (the class selector's list). */
function useClassOptions() {
  const schools = useSchoolsClasses(true);
  const current = schools.data?.find((s) => s.current) ?? schools.data?.[0];
  return (current?.classes ?? []).map((c) => ({ value: c.id, label: c.class_name }));
}

function ClassFilter({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation(FEES_NS);
  const options = useClassOptions();
  return (
    <Select
      label={t('reports.class')}
      placeholder={t('reports.allClasses')}
      data={options}
      value={value}
      onChange={onChange}
      clearable
      searchable
      w={{ base: '100%', xs: 220 }}
    />
  );
}

const isoOf = (wire: string) => isoFromDdmmyyyy(wire) ?? null;

function useDownload(run: () => Promise<unknown>) {
  const { t } = useTranslation(FEES_NS);
  const [pending, setPending] = useState(false);
  return {
    pending,
    start: () => {
      setPending(true);
      run()
        .catch((err) => toast.error(errorText(err) || t('reports.downloadFailed')))
        .finally(() => setPending(false));
    },
  };
}

/** A report's totals under its table, each named (the sum of the rows, as the server counted them). */
function Totals({ items, currency, testId }: { items: { label: string; amount: number }[]; currency: string; testId: string }) {
  const { t } = useTranslation(FEES_NS);
  return (
    <Stack gap={4} component="section" aria-label={t('reports.totals')} data-testid={testId}>
      <Text fw={700}>{t('reports.totals')}</Text>
      <SimpleGrid cols={{ base: 2, sm: 4, lg: items.length }} spacing="xs">
        {items.map((item) => (
          <Stack key={item.label} gap={0}>
            <Text fz="xs" c="dimmed">
              {item.label}
            </Text>
            <Money amount={item.amount} currency={currency} fw={700} />
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

type CollectionRow = CollectionReport['rows'][number];

function CollectionTab() {
  const { t, i18n } = useTranslation(FEES_NS);
  const [range, setRange] = useState(() => defaultRange(new Date()));
  const [classId, setClassId] = useState<string | null>(null);
  const query = { from: range.from, to: range.to, class_id: classId ?? undefined };
  const report = useCollectionReport(query);
  const download = useDownload(() => downloadCollectionCsv(query));
  const data = report.data;
  const currency = data?.currency ?? 'INR';
  const money = (amount: number) => <Money amount={amount} currency={currency} />;
  const columns: Column<CollectionRow>[] = [
    { key: 'month', header: t('reports.collection.month'), render: (r) => monthLabel(r.month, i18n.language) },
    { key: 'class', header: t('reports.class'), render: (r) => r.class?.name ?? t('reports.noClass') },
    { key: 'invoiced', header: t('reports.collection.invoiced'), render: (r) => money(r.invoiced), align: 'end' },
    { key: 'collected', header: t('reports.collection.collected'), render: (r) => money(r.collected), align: 'end' },
    { key: 'credited', header: t('reports.collection.credited'), render: (r) => money(r.credited), align: 'end' },
    { key: 'outstanding', header: t('reports.collection.outstanding'), render: (r) => money(r.outstanding), align: 'end' },
  ];
  const chart = data ? chartByMonth(data.rows, (m) => Number(majorFromMinor(m, currency))) : [];
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <ReaderDates>
          <DateInput
            {...dayFieldProps}
            label={t('reports.from')}
            value={isoOf(range.from)}
            onChange={(v) => v && setRange((r) => ({ ...r, from: ddmmyyyyFromIso(String(v)) }))}
            w={{ base: '100%', xs: 160 }}
          />
          <DateInput
            {...dayFieldProps}
            label={t('reports.to')}
            value={isoOf(range.to)}
            onChange={(v) => v && setRange((r) => ({ ...r, to: ddmmyyyyFromIso(String(v)) }))}
            w={{ base: '100%', xs: 160 }}
          />
        </ReaderDates>
        <ClassFilter value={classId} onChange={setClassId} />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={download.pending}
          onClick={download.start}
          data-testid="collection-csv"
        >
          {t('reports.downloadCsv')}
        </Button>
      </Group>
      <DataTable
        caption={t('reports.collection.caption')}
        columns={columns}
        rows={data?.rows}
        rowKey={(r) => `${r.month}:${r.class?._id ?? '-'}`}
        loading={report.isPending}
        error={report.error}
        onRetry={() => void report.refetch()}
        emptyText={t('reports.collection.empty')}
        testId="collection-table"
        footer={
          data && data.rows.length > 0 ? (
            <Totals
              testId="collection-totals"
              items={(['invoiced', 'collected', 'credited', 'outstanding'] as const).map((k) => ({
                label: t(`reports.collection.${k}`),
                amount: data.totals[k],
              }))}
              currency={currency}
            />
          ) : undefined
        }
      />
      {data && data.by_method.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="by-method">
          <Title order={2} fz="h4" id="by-method">
            {t('reports.collection.byMethod')}
          </Title>
          <Table.ScrollContainer minWidth={320}>
            <Table data-testid="collection-by-method">
              <Table.Tbody>
                {data.by_method.map((m) => (
                  <Table.Tr key={m.method}>
                    <Table.Th>{t(`reports.methods.${m.method}`)}</Table.Th>
                    <Table.Td>{t('reports.collection.payments', { count: m.count })}</Table.Td>
                    <Table.Td ta="end">{money(m.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      {chart.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="collection-chart">
          <Title order={2} fz="h4" id="collection-chart">
            {t('reports.collection.chart')}
          </Title>
          <BarChart
            h={240}
            data={chart.map((p) => ({ ...p, month: monthLabel(p.month, i18n.language) }))}
            dataKey="month"
            series={[
              { name: 'invoiced', label: t('reports.collection.invoiced'), color: 'cue.6' },
              { name: 'collected', label: t('reports.collection.collected'), color: 'teal.6' },
            ]}
            withLegend
            valueFormatter={(v) => new Intl.NumberFormat(i18n.language).format(v)}
          />
        </Stack>
      )}
    </Stack>
  );
}

type AgeingRow = AgeingReport['rows'][number];
const BUCKETS = ['not_due', 'd0_30', 'd31_60', 'd61_90', 'd90_plus', 'credit', 'total'] as const;

function AgeingTab() {
  const { t } = useTranslation(FEES_NS);
  const [asOf, setAsOf] = useState<string>(() => defaultRange(new Date()).to);
  const [classId, setClassId] = useState<string | null>(null);
  const query = { as_of: asOf, class_id: classId ?? undefined };
  const report = useAgeingReport(query);
  const download = useDownload(() => downloadAgeingCsv(query));
  const data = report.data;
  const currency = data?.currency ?? 'INR';
  const columns: Column<AgeingRow>[] = [
    {
      key: 'account',
      header: t('reports.ageing.family'),
      render: (r) => (
        <Stack gap={0}>
          <Anchor component={Link} to={pagePath.feeAccount(r.account._id)} fw={600}>
            {r.account.name}
          </Anchor>
          <Text fz="xs" c="dimmed">
            {r.children.map((c) => c.name).join(', ')}
          </Text>
        </Stack>
      ),
    },
    ...BUCKETS.map((b) => ({
      key: b,
      header: t(`reports.ageing.${b}`),
      render: (r: AgeingRow) => <Money amount={r[b]} currency={currency} fw={b === 'total' ? 700 : undefined} />,
      align: 'end' as const,
    })),
  ];
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <ReaderDates>
          <DateInput
            {...dayFieldProps}
            label={t('reports.ageing.asOf')}
            value={isoOf(asOf)}
            onChange={(v) => v && setAsOf(ddmmyyyyFromIso(String(v)))}
            w={{ base: '100%', xs: 160 }}
          />
        </ReaderDates>
        <ClassFilter value={classId} onChange={setClassId} />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={download.pending}
          onClick={download.start}
          data-testid="ageing-csv"
        >
          {t('reports.downloadCsv')}
        </Button>
      </Group>
      <DataTable
        caption={t('reports.ageing.caption')}
        columns={columns}
        rows={data?.rows}
        rowKey={(r) => r.account._id}
        loading={report.isPending}
        error={report.error}
        onRetry={() => void report.refetch()}
        emptyText={t('reports.ageing.empty')}
        testId="ageing-table"
        footer={
          data && data.rows.length > 0 ? (
            <Totals
              testId="ageing-totals"
              items={BUCKETS.map((b) => ({ label: t(`reports.ageing.${b}`), amount: data.totals[b] ?? 0 }))}
              currency={currency}
            />
          ) : undefined
        }
      />
    </Stack>
  );
}

function Body() {
  const { t } = useTranslation(FEES_NS);
  const [tab, setTab] = useState<string | null>('collection');
  return (
    <Page title={t('reports.title')} description={t('reports.description')}>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="collection">{t('reports.tabs.collection')}</Tabs.Tab>
          <Tabs.Tab value="ageing">{t('reports.tabs.ageing')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="collection" pt="md">
          <CollectionTab />
        </Tabs.Panel>
        <Tabs.Panel value="ageing" pt="md">
          <AgeingTab />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}

/** /admin/management-setup/fee/reports: collection per period and class, and ageing. */
export default function FeeReportsPage() {
  return (
    <Gate need={managementNeed('management-setup.fee/reports')}>
      <Body />
    </Gate>
  );
}
