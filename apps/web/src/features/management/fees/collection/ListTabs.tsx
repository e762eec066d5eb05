import { INVOICE_STATUSES, type InvoiceStatus, PAYMENT_STATES, type PaymentState, pagePath, ROUTES } from '@cue/contract';
import { Anchor, Button, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCash, IconDownload, IconEye, IconReceipt, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../../../components/DataTable';
import { Pager } from '../../../../components/Pager';
import { SoftBadge } from '../../../../components/SoftBadge';
import { errorText, toast } from '../../../../lib/notify';
import { useStaffClassList } from '../../../admin/api';
import { downloadFile } from '../../../admin/download';
import { showDay } from '../../../planning/planFormat';
import { Money } from '../../components/money';
import { FEES_NS } from '../../i18n';
import { periodName } from '../feeFormat';
import {
  type FeeAccountSummary,
  type InvoiceSummary,
  type Payment,
  useFeeAccounts,
  useInvoices,
  usePayments,
} from './api-collection';
import { PAYMENT_STATE_COLORS } from './plan';
import { ReceiptDownload, RecordPaymentDialog } from './RecordPaymentDialog';

const PAGE_SIZE = 25;

/** The pager's words of the fee lists. */
function usePagerText() {
  const { t } = useTranslation(FEES_NS);
  return {
    controlLabel: (c: string) => t(`collection.pager.${c}`),
    pageLabel: (n: number) => t('collection.pager.page', { n }),
  };
}

/** An invoice's payment state as a coloured word. */
export function PaymentStateBadge({ state }: { state: PaymentState }) {
  const { t } = useTranslation(FEES_NS);
  return <SoftBadge color={PAYMENT_STATE_COLORS[state]}>{t(`invoice.states.${state}`)}</SoftBadge>;
}

/** Every invoice with its filters (class, status, payment state, search), pages and the CSV of what is shown. */
export function InvoicesTab() {
  const { t, i18n } = useTranslation(FEES_NS);
  const navigate = useNavigate();
  const pager = usePagerText();
  const classes = useStaffClassList();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [classId, setClassId] = useState<string | null>(null);
  const [status, setStatus] = useState<InvoiceStatus | null>('issued');
  const [state, setState] = useState<PaymentState | null>(null);
  const [page, setPage] = useState(1);
  const query = {
    q: q || undefined,
    class_id: classId ?? undefined,
    status: status ?? undefined,
    payment_state: state ?? undefined,
    page,
    page_size: PAGE_SIZE,
  };
  const list = useInvoices(query);
  const [downloading, setDownloading] = useState(false);
  const csv = async () => {
    setDownloading(true);
    try {
      await downloadFile(ROUTES.invoicesCsv, 'invoices.csv', { query: { ...query, page: 1, page_size: 500 } });
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setDownloading(false);
    }
  };
  const filtered = !!(q || classId || state);

  return (
    <DataTable<InvoiceSummary>
      caption={t('collection.invoicesCaption')}
      testId="invoices-table"
      rows={list.data?.items}
      loading={list.isFetching}
      error={list.error}
      onRetry={() => list.refetch()}
      rowKey={(x) => x._id}
      rowLabel={(x) => x.number ?? x.student.name}
      emptyText={filtered ? t('collection.noMatch') : t('collection.noInvoices')}
      toolbar={
        <Group gap="sm" wrap="wrap" align="flex-end" justify="space-between">
          <Group gap="sm" wrap="wrap" align="flex-end" flex="1 1 auto">
            <TextInput
              label={t('collection.search')}
              placeholder={t('collection.searchInvoices')}
              leftSection={<IconSearch size={16} aria-hidden />}
              type="search"
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              flex="1 1 200px"
            />
            <Select
              label={t('collection.class')}
              placeholder={t('collection.anyClass')}
              data={(classes.data ?? []).map((c) => ({ value: c._id, label: c.class_name }))}
              value={classId}
              onChange={(v) => {
                setClassId(v);
                setPage(1);
              }}
              clearable
              w={170}
            />
            <Select
              label={t('collection.status')}
              placeholder={t('collection.anyStatus')}
              data={INVOICE_STATUSES.map((s) => ({ value: s, label: t(`invoice.statuses.${s}`) }))}
              value={status}
              onChange={(v) => {
                setStatus(v as InvoiceStatus | null);
                setPage(1);
              }}
              clearable
              w={150}
            />
            <Select
              label={t('collection.paymentState')}
              placeholder={t('collection.anyState')}
              data={PAYMENT_STATES.map((s) => ({ value: s, label: t(`invoice.states.${s}`) }))}
              value={state}
              onChange={(v) => {
                setState(v as PaymentState | null);
                setPage(1);
              }}
              clearable
              w={150}
            />
          </Group>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={csv} loading={downloading}>
            {t('collection.csv')}
          </Button>
        </Group>
      }
      columns={[
        {
          key: 'number',
          header: t('collection.number'),
          render: (x) => (
            <Anchor component={Link} to={pagePath.invoice(x._id)} fz="sm" fw={600}>
              {x.number ?? t('invoice.draft')}
            </Anchor>
          ),
        },
        { key: 'child', header: t('collection.child'), render: (x) => x.student.name },
        { key: 'class', header: t('collection.class'), render: (x) => x.class?.name ?? '—' },
        { key: 'period', header: t('collection.period'), render: (x) => periodName(x, i18n.language) },
        { key: 'due', header: t('collection.due'), render: (x) => showDay(x.due_date, i18n.language) },
        {
          key: 'total',
          header: t('collection.total'),
          align: 'end',
          render: (x) => <Money amount={x.total} currency={x.currency} />,
        },
        {
          key: 'outstanding',
          header: t('collection.outstanding'),
          align: 'end',
          render: (x) => <Money amount={x.outstanding} currency={x.currency} />,
        },
        {
          key: 'state',
          header: t('collection.paymentState'),
          render: (x) =>
            x.status === 'issued' ? (
              <PaymentStateBadge state={x.payment_state} />
            ) : (
              <SoftBadge color="gray">{t(`invoice.statuses.${x.status}`)}</SoftBadge>
            ),
        },
      ]}
      actions={(x) => [{ label: t('collection.open'), icon: IconEye, onClick: () => navigate(pagePath.invoice(x._id)) }]}
      footer={<Pager pages={Math.ceil((list.data?.total ?? 0) / PAGE_SIZE)} page={page} onChange={setPage} {...pager} />}
    />
  );
}

/** The families' accounts: what each owes, its credit and balance, with "Record payment" per family. */
export function FamiliesTab() {
  const { t } = useTranslation(FEES_NS);
  const navigate = useNavigate();
  const pager = usePagerText();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [owing, setOwing] = useState(false);
  const [page, setPage] = useState(1);
  const [paying, setPaying] = useState<FeeAccountSummary | null>(null);
  const list = useFeeAccounts({ q: q || undefined, owing: owing ? 'true' : undefined, page, page_size: PAGE_SIZE });

  return (
    <>
      <DataTable<FeeAccountSummary>
        caption={t('collection.familiesCaption')}
        testId="accounts-table"
        rows={list.data?.items}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => list.refetch()}
        rowKey={(x) => x._id}
        rowLabel={(x) => x.name}
        emptyText={q || owing ? t('collection.noMatch') : t('collection.noFamilies')}
        toolbar={
          <Group gap="sm" wrap="wrap" align="flex-end">
            <TextInput
              label={t('collection.search')}
              placeholder={t('collection.searchFamilies')}
              leftSection={<IconSearch size={16} aria-hidden />}
              type="search"
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              flex="1 1 220px"
            />
            <Switch
              label={t('collection.owingOnly')}
              checked={owing}
              onChange={(e) => {
                setOwing(e.currentTarget.checked);
                setPage(1);
              }}
              mb={8}
            />
          </Group>
        }
        columns={[
          {
            key: 'family',
            header: t('collection.family'),
            render: (x) => (
              <Anchor component={Link} to={pagePath.feeAccount(x._id)} fz="sm" fw={600}>
                {x.name}
              </Anchor>
            ),
          },
          { key: 'children', header: t('collection.children'), render: (x) => x.children.map((c) => c.name).join(', ') },
          {
            key: 'outstanding',
            header: t('collection.outstanding'),
            align: 'end',
            render: (x) => <Money amount={x.outstanding} currency={x.currency} />,
          },
          {
            key: 'credit',
            header: t('collection.credit'),
            align: 'end',
            render: (x) => <Money amount={x.credit} currency={x.currency} />,
          },
          {
            key: 'balance',
            header: t('collection.balance'),
            align: 'end',
            render: (x) => <Money amount={x.balance} currency={x.currency} fw={600} />,
          },
          {
            key: 'overdue',
            header: t('collection.overdue'),
            align: 'end',
            render: (x) =>
              x.overdue > 0 ? (
                <Text c="red.8" fz="sm" component="span">
                  <Money amount={x.overdue} currency={x.currency} />
                </Text>
              ) : (
                '—'
              ),
          },
        ]}
        actions={(x) => [
          { label: t('payment.record'), icon: IconCash, onClick: () => setPaying(x) },
          { label: t('collection.open'), icon: IconEye, onClick: () => navigate(pagePath.feeAccount(x._id)) },
        ]}
        footer={<Pager pages={Math.ceil((list.data?.total ?? 0) / PAGE_SIZE)} page={page} onChange={setPage} {...pager} />}
      />
      <RecordPaymentDialog key={paying?._id ?? 'none'} account={paying} opened={!!paying} onClose={() => setPaying(null)} />
    </>
  );
}

/** Recent payments, newest first, each with its receipt. */
export function PaymentsTab() {
  const { t, i18n } = useTranslation(FEES_NS);
  const pager = usePagerText();
  const [page, setPage] = useState(1);
  const [receipt, setReceipt] = useState<Payment | null>(null);
  const list = usePayments({ page, page_size: PAGE_SIZE });

  return (
    <Stack gap="md">
      <DataTable<Payment>
        caption={t('collection.paymentsCaption')}
        testId="payments-table"
        rows={list.data?.items}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => list.refetch()}
        rowKey={(x) => x._id}
        rowLabel={(x) => x.number}
        emptyText={t('collection.noPayments')}
        rowAttributes={(x) => ({ 'data-voided': x.voided ? 'true' : undefined })}
        columns={[
          {
            key: 'number',
            header: t('collection.receipt'),
            render: (x) => (
              <Text fz="sm" fw={600} td={x.voided ? 'line-through' : undefined}>
                {x.number}
              </Text>
            ),
          },
          {
            key: 'family',
            header: t('collection.family'),
            render: (x) => (
              <Anchor component={Link} to={pagePath.feeAccount(x.account._id)} fz="sm">
                {x.account.name}
              </Anchor>
            ),
          },
          {
            key: 'amount',
            header: t('collection.amount'),
            align: 'end',
            render: (x) => <Money amount={x.amount} currency={x.currency} />,
          },
          { key: 'method', header: t('payment.method'), render: (x) => t(`payment.methods.${x.method}`) },
          { key: 'date', header: t('collection.date'), render: (x) => showDay(x.received_on, i18n.language) },
          {
            key: 'voided',
            header: t('collection.voided'),
            render: (x) => (x.voided ? <SoftBadge color="red">{t('account.voided')}</SoftBadge> : ''),
          },
        ]}
        actions={(x) => [{ label: t('payment.downloadReceipt'), icon: IconReceipt, onClick: () => setReceipt(x) }]}
        footer={<Pager pages={Math.ceil((list.data?.total ?? 0) / PAGE_SIZE)} page={page} onChange={setPage} {...pager} />}
      />
      {receipt && (
        <Stack gap="xs" data-testid="receipt-panel">
          <Text fz="sm" fw={600}>
            {t('collection.receiptOf', { number: receipt.number })}
          </Text>
          <ReceiptDownload key={receipt._id} paymentId={receipt._id} number={receipt.number} />
        </Stack>
      )}
    </Stack>
  );
}
