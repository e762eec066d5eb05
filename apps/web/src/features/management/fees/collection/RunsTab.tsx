import { BILLING_CYCLES, type BillingCycle, ddmmyyyyFromIso, isoFromDdmmyyyy } from '@cue/contract';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { DatePickerInput, MonthPickerInput } from '@mantine/dates';
import { IconChevronDown, IconChevronRight, IconFileInvoice } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../../components/DataTable';
import { DAY, readerDateFormatter } from '../../../../components/dateFormat';
import { ConfirmModal } from '../../../../components/FormModal';
import { SoftBadge } from '../../../../components/SoftBadge';
import { todayWire } from '../../../../lib/day';
import { errorText, toast } from '../../../../lib/notify';
import { useStaffClassList } from '../../../admin/api';
import { showDay, showRange } from '../../../planning/planFormat';
import { Money } from '../../components/money';
import { FEES_NS } from '../../i18n';
import { periodName } from '../feeFormat';
import {
  feeText,
  type InvoiceRun,
  useCreateRun,
  useDiscardRun,
  useInvoice,
  useInvoiceRuns,
  useInvoices,
  useIssueRun,
} from './api-collection';
import { totalsByClass, wireMonthStart } from './plan';

const RUN_COLORS = { preview: 'yellow', issued: 'teal', discarded: 'gray' } as const;

/** One draft invoice's lines, read when its row is opened. */
function DraftLines({ id }: { id: string }) {
  const { t } = useTranslation(FEES_NS);
  const invoice = useInvoice(id);
  if (!invoice.data)
    return (
      <Text fz="sm" c="dimmed">
        {t('collection.loading')}
      </Text>
    );
  return (
    <Table fz="sm" withRowBorders={false} verticalSpacing={2}>
      <Table.Tbody>
        {invoice.data.lines.map((line, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id and keep their order.
          <Table.Tr key={n}>
            <Table.Td>{line.description}</Table.Td>
            <Table.Td ta="end">
              <Money amount={line.amount} currency={invoice.data.currency} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The preview of a run: its count, total, totals per class, the children skipped and the draft invoices. */
function Preview({ run, onDone }: { run: InvoiceRun; onDone: () => void }) {
  const { t, i18n } = useTranslation(FEES_NS);
  const drafts = useInvoices({ run_id: run._id, page: 1, page_size: 500 });
  const issue = useIssueRun();
  const discard = useDiscardRun();
  const [confirming, setConfirming] = useState(false);
  const [openRow, setOpenRow] = useState<string | null>(null);
  const rows = drafts.data?.items ?? [];
  const perClass = totalsByClass(rows);
  const count = new Intl.NumberFormat(i18n.language);

  return (
    <Paper withBorder radius="lg" p="md" data-testid="run-preview">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Title order={2} fz="lg">
              {t('collection.previewTitle', { period: periodName(run, i18n.language) })}
            </Title>
            <Text fz="sm" c="dimmed">
              {showRange(run.period_start, run.period_end, i18n.language)}
            </Text>
          </div>
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() =>
                discard.mutate(run._id, {
                  onSuccess: (a) => {
                    toast.success(feeText(a.message));
                    onDone();
                  },
                  onError: (e) => toast.error(errorText(e)),
                })
              }
              loading={discard.isPending}
            >
              {t('collection.discard')}
            </Button>
            <Button onClick={() => setConfirming(true)} disabled={run.invoices === 0} data-testid="issue-run">
              {t('collection.issue', { count: run.invoices })}
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Stack gap={0}>
            <Text fz="xs" c="dimmed">
              {t('collection.invoiceCount')}
            </Text>
            <Text fz="xl" fw={700}>
              {count.format(run.invoices)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text fz="xs" c="dimmed">
              {t('collection.runTotal')}
            </Text>
            <Text fz="xl" fw={700}>
              <Money amount={run.total} currency={run.currency} />
            </Text>
          </Stack>
        </SimpleGrid>
        {perClass.length > 0 && (
          <Table.ScrollContainer minWidth={320} type="native">
            <Table fz="sm" verticalSpacing={4}>
              <Table.Caption>{t('collection.perClass')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('collection.class')}</Table.Th>
                  <Table.Th ta="end">{t('collection.invoiceCount')}</Table.Th>
                  <Table.Th ta="end">{t('collection.total')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {perClass.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{c.name || t('collection.noClass')}</Table.Td>
                    <Table.Td ta="end">{count.format(c.count)}</Table.Td>
                    <Table.Td ta="end">
                      <Money amount={c.total} currency={run.currency} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {run.skipped.length > 0 && (
          <Alert
            color="yellow"
            variant="light"
            title={t('collection.skippedTitle', { count: run.skipped.length })}
            data-testid="run-skipped"
          >
            <Stack gap={2}>
              {run.skipped.map((s) => (
                <Text key={s.student._id} fz="sm">
                  {s.student.name}
                  {s.class ? ` (${s.class.name})` : ''}: {s.reason}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        <Table.ScrollContainer minWidth={560} type="native">
          <Table fz="sm" highlightOnHover data-testid="draft-invoices">
            <Table.Caption>{t('collection.draftsCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('collection.child')}</Table.Th>
                <Table.Th>{t('collection.class')}</Table.Th>
                <Table.Th ta="end">{t('collection.total')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((x) => {
                const opened = openRow === x._id;
                const Icon = opened ? IconChevronDown : IconChevronRight;
                return (
                  <Fragment key={x._id}>
                    <Table.Tr>
                      <Table.Td>
                        <UnstyledButton
                          onClick={() => setOpenRow(opened ? null : x._id)}
                          aria-expanded={opened}
                          aria-label={t('collection.showLines', { name: x.student.name })}
                        >
                          <Group gap={4} wrap="nowrap">
                            <Icon
                              size={14}
                              aria-hidden
                              style={{ transform: i18n.dir() === 'rtl' && !opened ? 'scaleX(-1)' : undefined }}
                            />
                            <Text fz="sm" fw={500}>
                              {x.student.name}
                            </Text>
                          </Group>
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>{x.class?.name ?? '—'}</Table.Td>
                      <Table.Td ta="end">
                        <Money amount={x.total} currency={x.currency} />
                      </Table.Td>
                    </Table.Tr>
                    {opened && (
                      <Table.Tr>
                        <Table.Td colSpan={3} bg="var(--mantine-color-gray-light)">
                          <DraftLines id={x._id} />
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('collection.issueTitle', { count: run.invoices })}
        message={t('collection.issueConfirm', { count: run.invoices, period: periodName(run, i18n.language) })}
        confirmLabel={t('collection.issue', { count: run.invoices })}
        pending={issue.isPending}
        onConfirm={() =>
          issue.mutate(run._id, {
            onSuccess: (a) => {
              toast.success(feeText(a.message) || t('messages.issued'));
              setConfirming(false);
              onDone();
            },
            onError: (e) => {
              toast.error(errorText(e));
              setConfirming(false);
            },
          })
        }
      />
    </Paper>
  );
}

/** "Generate invoices": the cycle, any day of its period, the classes; then the preview and its issue. */
export function RunsTab() {
  const { t, i18n } = useTranslation(FEES_NS);
  const classes = useStaffClassList();
  const runs = useInvoiceRuns();
  const create = useCreateRun();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [day, setDay] = useState<string>(todayWire());
  const [classIds, setClassIds] = useState<string[]>([]);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = runs.data?.find((r) => r._id === previewId) ?? runs.data?.find((r) => r.status === 'preview') ?? null;

  const generate = () => {
    setError(null);
    create.mutate(
      { billing_cycle: cycle, period_date: day, class_ids: classIds },
      {
        onSuccess: (a) => {
          toast.success(feeText(a.message) || t('messages.previewReady'));
          setPreviewId(a.result._id);
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  const iso = isoFromDdmmyyyy(day);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('collection.generateTitle')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('collection.generateHint')}
          </Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t('collection.cycle')}
              data={BILLING_CYCLES.map((c) => ({ value: c, label: t(`structure.cycles.${c}`) }))}
              value={cycle}
              onChange={(v) => v && setCycle(v as BillingCycle)}
              allowDeselect={false}
              w={180}
            />
            {cycle === 'monthly' ? (
              <MonthPickerInput
                label={t('collection.month')}
                value={iso}
                onChange={(v) => v && setDay(wireMonthStart(String(v)) ?? day)}
                valueFormatter={readerDateFormatter({ month: 'long', year: 'numeric' })}
                w={200}
                data-testid="run-month"
              />
            ) : (
              <DatePickerInput
                label={t('collection.periodDay')}
                value={iso}
                onChange={(v) => v && setDay(ddmmyyyyFromIso(String(v).slice(0, 10)) ?? day)}
                valueFormatter={readerDateFormatter(DAY)}
                w={200}
              />
            )}
            <MultiSelect
              label={t('collection.classes')}
              placeholder={classIds.length ? undefined : t('collection.allClasses')}
              data={(classes.data ?? []).map((c) => ({ value: c._id, label: c.class_name }))}
              value={classIds}
              onChange={setClassIds}
              clearable
              searchable
              miw={240}
              flex="1 1 240px"
            />
            <Button
              leftSection={<IconFileInvoice size={16} aria-hidden />}
              onClick={generate}
              loading={create.isPending}
              data-testid="generate-invoices"
            >
              {t('collection.generate')}
            </Button>
          </Group>
          {error && (
            <Alert color="red" variant="light" data-testid="run-error">
              {error}
            </Alert>
          )}
        </Stack>
      </Paper>
      {open?.status === 'preview' && <Preview run={open} onDone={() => setPreviewId(null)} />}
      <DataTable
        caption={t('collection.pastRuns')}
        testId="runs-table"
        rows={runs.data?.filter((r) => r.status !== 'preview')}
        loading={runs.isLoading}
        error={runs.error}
        onRetry={() => runs.refetch()}
        rowKey={(r) => r._id}
        emptyText={t('collection.noRuns')}
        toolbar={
          <Title order={2} fz="lg">
            {t('collection.pastRuns')}
          </Title>
        }
        columns={[
          {
            key: 'period',
            header: t('collection.period'),
            render: (r) => (
              <Text fz="sm" fw={500}>
                {periodName(r, i18n.language)}
              </Text>
            ),
          },
          { key: 'cycle', header: t('collection.cycle'), render: (r) => t(`structure.cycles.${r.billing_cycle}`) },
          {
            key: 'status',
            header: t('collection.status'),
            render: (r) => <SoftBadge color={RUN_COLORS[r.status]}>{t(`collection.runStatus.${r.status}`)}</SoftBadge>,
          },
          {
            key: 'count',
            header: t('collection.invoiceCount'),
            align: 'end',
            render: (r) => new Intl.NumberFormat(i18n.language).format(r.invoices),
          },
          {
            key: 'total',
            header: t('collection.total'),
            align: 'end',
            render: (r) => <Money amount={r.total} currency={r.currency} />,
          },
          {
            key: 'by',
            header: t('collection.createdBy'),
            render: (r) => `${r.created_by.name} · ${showDay(r.created_at.slice(0, 10), i18n.language)}`,
          },
        ]}
      />
    </Stack>
  );
}
