import { PAGE_PATHS, pagePath } from '@cue/contract';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCash, IconFileTypePdf, IconPencil, IconReceiptRefund, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ExportProgress, useExportJob } from '../../../components/ExportJob';
import { Fact } from '../../../components/Fact';
import { SoftBadge } from '../../../components/SoftBadge';
import { errorText } from '../../../lib/notify';
import { AuditHistory } from '../../academic/components/AuditHistory';
import { Page } from '../../communication/components/Page';
import { showDay, showRange } from '../../planning/planFormat';
import { Gate } from '../../shell/pages/Gate';
import { Money } from '../components/money';
import { FEES_NS, managementNeed } from '../i18n';
import { type Invoice, useInvoice, useStartInvoicePdf } from './collection/api-collection';
import { CancelDialog, CreditNoteDialog, ReviseDialog } from './collection/InvoiceDialogs';
import { PaymentStateBadge } from './collection/ListTabs';
import { RecordPaymentDialog } from './collection/RecordPaymentDialog';
import { periodName } from './feeFormat';

const STATUS_COLORS = { draft: 'yellow', issued: 'blue', superseded: 'gray', cancelled: 'red' } as const;
type Dialog = 'revise' | 'cancel' | 'credit' | 'pay' | null;

function InvoiceView({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation(FEES_NS);
  const [dialog, setDialog] = useState<Dialog>(null);
  const start = useStartInvoicePdf();
  const job = useExportJob(start);
  const money = (amount: number) => <Money amount={amount} currency={invoice.currency} />;

  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="wrap">
        <SoftBadge color={STATUS_COLORS[invoice.status]}>{t(`invoice.statuses.${invoice.status}`)}</SoftBadge>
        {invoice.status === 'issued' && <PaymentStateBadge state={invoice.payment_state} />}
        <Text fz="sm" c="dimmed">
          {t('invoice.revisionOf', { n: invoice.revision })}
        </Text>
      </Group>
      <Group gap="sm" wrap="wrap">
        {invoice.abilities.pay && (
          <Button leftSection={<IconCash size={16} aria-hidden />} onClick={() => setDialog('pay')}>
            {t('payment.record')}
          </Button>
        )}
        {invoice.abilities.revise && (
          <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setDialog('revise')}>
            {t('invoice.correct')}
          </Button>
        )}
        {invoice.abilities.credit && (
          <Button variant="default" leftSection={<IconReceiptRefund size={16} aria-hidden />} onClick={() => setDialog('credit')}>
            {t('invoice.creditNote')}
          </Button>
        )}
        {invoice.abilities.cancel && (
          <Button variant="default" color="red" leftSection={<IconX size={16} aria-hidden />} onClick={() => setDialog('cancel')}>
            {t('invoice.cancel')}
          </Button>
        )}
        {invoice.number && (
          <Button
            variant="light"
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
            onClick={() => job.make(invoice._id)}
            loading={job.running}
            data-testid="invoice-pdf"
          >
            {t('invoice.downloadPdf')}
          </Button>
        )}
      </Group>
      <ExportProgress
        job={job}
        testId="invoice-pdf"
        onRetry={() => job.make(invoice._id)}
        text={{
          name: t('invoice.pdfName', { number: invoice.number ?? '' }),
          preparing: t('invoice.pdfPreparing'),
          ready: t('invoice.pdfReady'),
          open: t('invoice.pdfOpen'),
          failed: t('invoice.pdfFailed'),
          retry: t('invoice.pdfRetry'),
        }}
      />
      <Paper withBorder radius="lg" p="md">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <Fact label={t('invoice.child')}>{invoice.student.name}</Fact>
          <Fact label={t('invoice.class')}>{invoice.class?.name ?? '—'}</Fact>
          <Fact label={t('invoice.family')}>
            <Anchor component={Link} to={pagePath.feeAccount(invoice.account._id)}>
              {invoice.account.name}
            </Anchor>
          </Fact>
          <Fact label={t('invoice.period')}>
            {periodName(invoice, i18n.language)} ({showRange(invoice.period_start, invoice.period_end, i18n.language)})
          </Fact>
          <Fact label={t('invoice.issued')}>{invoice.issue_date ? showDay(invoice.issue_date, i18n.language) : '—'}</Fact>
          <Fact label={t('invoice.due')}>{showDay(invoice.due_date, i18n.language)}</Fact>
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="lg" p="md">
        <Table.ScrollContainer minWidth={480} type="native">
          <Table verticalSpacing="xs" data-testid="invoice-lines">
            <Table.Caption>{t('invoice.linesCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invoice.description')}</Table.Th>
                <Table.Th ta="end">{t('invoice.qty')}</Table.Th>
                <Table.Th ta="end">{t('invoice.unit')}</Table.Th>
                <Table.Th ta="end">{t('invoice.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.lines.map((l, n) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id and keep their order.
                <Table.Tr key={n}>
                  <Table.Td>{l.description}</Table.Td>
                  <Table.Td ta="end">{l.quantity}</Table.Td>
                  <Table.Td ta="end">{money(l.unit_amount)}</Table.Td>
                  <Table.Td ta="end">{money(l.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              {[
                ['subtotal', invoice.subtotal],
                ['discounts', invoice.discount_total],
                ['total', invoice.total],
                ['paid', invoice.paid],
                ['outstanding', invoice.outstanding],
              ].map(([key, amount]) => (
                <Table.Tr key={key as string}>
                  <Table.Th colSpan={3} ta="end" fw={key === 'total' || key === 'outstanding' ? 700 : 500}>
                    {t(`invoice.${key}`)}
                  </Table.Th>
                  <Table.Td ta="end" fw={key === 'total' || key === 'outstanding' ? 700 : 500}>
                    {money(amount as number)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {t('invoice.allocations')}
          </Title>
          {invoice.allocations.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('invoice.noAllocations')}
            </Text>
          ) : (
            invoice.allocations.map((a) => (
              <Group key={`${a.kind}-${a._id}`} justify="space-between" wrap="nowrap">
                <Text fz="sm">
                  {t(`invoice.allocationKinds.${a.kind}`)} {a.number} · {showDay(a.date, i18n.language)}
                </Text>
                {money(a.amount)}
              </Group>
            ))
          )}
        </Stack>
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {t('invoice.revisions')}
          </Title>
          {invoice.revisions.map((r) => (
            <Group key={r._id} justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={0}>
                <Anchor component={Link} to={pagePath.invoice(r._id)} fz="sm" fw={r._id === invoice._id ? 700 : 500}>
                  {t('invoice.revisionOf', { n: r.revision })} · {t(`invoice.statuses.${r.status}`)}
                </Anchor>
                <Text fz="xs" c="dimmed">
                  {showDay(r.at.slice(0, 10), i18n.language)}
                  {r.reason ? ` · ${r.reason}` : ''}
                </Text>
              </Stack>
              {money(r.total)}
            </Group>
          ))}
        </Stack>
      </SimpleGrid>
      {dialog === 'revise' && <ReviseDialog invoice={invoice} opened onClose={() => setDialog(null)} />}
      {dialog === 'cancel' && <CancelDialog invoice={invoice} opened onClose={() => setDialog(null)} />}
      {dialog === 'credit' && (
        <CreditNoteDialog
          accountId={invoice.account._id}
          currency={invoice.currency}
          invoice={invoice}
          opened
          onClose={() => setDialog(null)}
        />
      )}
      <RecordPaymentDialog
        account={{ _id: invoice.account._id, name: invoice.account.name, currency: invoice.currency }}
        firstInvoiceId={invoice._id}
        opened={dialog === 'pay'}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

function Body() {
  const { t, i18n } = useTranslation(FEES_NS);
  const { id } = useParams();
  const invoice = useInvoice(id);
  const title = invoice.data ? (invoice.data.number ?? t('invoice.draft')) : t('invoice.title');
  return (
    <Page
      title={title}
      description={invoice.data ? `${invoice.data.student.name} · ${periodName(invoice.data, i18n.language)}` : undefined}
      actions={
        <Group gap="sm" wrap="wrap">
          {id && <AuditHistory entityType="invoice" entityId={id} />}
          <Anchor component={Link} to={`${PAGE_PATHS.feeCollection}?tab=invoices`} fz="sm">
            {t('invoice.back')}
          </Anchor>
        </Group>
      }
    >
      {invoice.isLoading && <Skeleton height={240} radius="lg" />}
      {invoice.error && (
        <Alert color="red" variant="light" title={t('invoice.loadFailed')}>
          {errorText(invoice.error)}
        </Alert>
      )}
      {invoice.data && <InvoiceView invoice={invoice.data} />}
    </Page>
  );
}

/** /admin/management-setup/fee/invoices/:id: one invoice, its revisions, what paid it, and its actions. */
export default function InvoicePage() {
  return (
    <Gate need={managementNeed('management-setup.fee/collection')}>
      <Body />
    </Gate>
  );
}
