import type { FeeAccount, InvoiceSummary, PaymentState } from '@cue/contract';
import { Alert, Button, Drawer, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportProgress, useExportJob } from '../../../components/ExportJob';
import { isHidden } from '../../../components/RecordCard';
import { SoftBadge } from '../../../components/SoftBadge';
import { errorText } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { showDay } from '../../planning/planFormat';
import { Money } from '../components/money';
import { FEES_NS } from '../i18n';
import { useFamilyFees, useFamilyInvoice, useStartInvoicePdf, useStartReceiptPdf } from './api-family';
import { periodName } from './feeFormat';

const STATE_COLOR: Record<PaymentState, string> = { paid: 'teal', partly_paid: 'yellow', unpaid: 'gray', overdue: 'red' };

function Day({ wire }: { wire: string | null }) {
  const { i18n } = useTranslation();
  return <>{wire ? showDay(wire, i18n.language) : '—'}</>;
}

/** A document job's state with its link (the invoice's or the receipt's PDF). */
function DocumentJob({
  job,
  name,
  onRetry,
  testId,
}: {
  job: Pick<ReturnType<typeof useExportJob>, 'running' | 'failed' | 'link' | 'progress' | 'error'>;
  name: string;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation(FEES_NS);
  return (
    <ExportProgress
      job={job}
      testId={testId}
      text={{
        name,
        preparing: t('family.pdf.preparing', { progress: job.progress }),
        ready: t('family.pdf.ready'),
        open: t('family.pdf.open'),
        failed: job.error ? errorText(job.error) : t('family.pdf.failed'),
        retry: t('family.pdf.retry'),
      }}
      onRetry={onRetry}
    />
  );
}

function InvoiceDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation(FEES_NS);
  const invoice = useFamilyInvoice(id);
  const start = useStartInvoicePdf();
  const job = useExportJob(start);
  const inv = invoice.data;
  const title = inv?.number ? t('family.invoice.title', { number: inv.number }) : t('family.invoice.loading');
  return (
    <Drawer
      opened
      onClose={onClose}
      title={title}
      position="right"
      size="lg"
      closeButtonProps={{ 'aria-label': t('family.close') }}
    >
      {invoice.isPending && <Skeleton h={200} />}
      {invoice.isError && <Alert color="red">{errorText(invoice.error)}</Alert>}
      {inv && (
        <Stack gap="md" data-testid="family-invoice">
          <Text fz="sm">
            {inv.student.name} · {periodName(inv, i18n.language)} · {t('family.invoices.due')} <Day wire={inv.due_date} />
          </Text>
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('family.invoice.line')}</Table.Th>
                  <Table.Th ta="end">{t('family.invoice.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inv.lines.map((line, i) => (
                  // Lines have no id of their own; their order is the invoice's.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the invoice's lines never move
                  <Table.Tr key={i}>
                    <Table.Td>
                      {line.description}
                      {line.quantity > 1 && ` × ${line.quantity}`}
                    </Table.Td>
                    <Table.Td ta="end">
                      <Money amount={line.amount} currency={inv.currency} />
                    </Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Th>{t('family.invoices.total')}</Table.Th>
                  <Table.Td ta="end">
                    <Money amount={inv.total} currency={inv.currency} fw={700} />
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('family.invoices.paid')}</Table.Th>
                  <Table.Td ta="end">
                    <Money amount={inv.paid} currency={inv.currency} />
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('family.balance.outstanding')}</Table.Th>
                  <Table.Td ta="end">
                    <Money amount={inv.outstanding} currency={inv.currency} fw={700} />
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Button
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
            onClick={() => job.make({ id })}
            loading={job.running}
            w="fit-content"
            data-testid="invoice-pdf"
          >
            {t('family.invoice.pdf')}
          </Button>
          <DocumentJob job={job} name={title} onRetry={() => job.make({ id })} testId="invoice-pdf" />
        </Stack>
      )}
    </Drawer>
  );
}

function Invoices({ invoices, onOpen }: { invoices: InvoiceSummary[]; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation(FEES_NS);
  if (invoices.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        {t('family.invoices.none')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table data-testid="family-invoices" aria-label={t('family.invoices.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('family.invoices.number')}</Table.Th>
            <Table.Th>{t('family.invoices.child')}</Table.Th>
            <Table.Th>{t('family.invoices.period')}</Table.Th>
            <Table.Th>{t('family.invoices.due')}</Table.Th>
            <Table.Th ta="end">{t('family.invoices.total')}</Table.Th>
            <Table.Th ta="end">{t('family.invoices.paid')}</Table.Th>
            <Table.Th>{t('family.invoices.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((inv) => (
            <Table.Tr key={inv._id} data-testid="family-invoice-row">
              <Table.Td>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => onOpen(inv._id)}
                  aria-label={t('family.invoices.open', { number: inv.number ?? '' })}
                >
                  {inv.number}
                </Button>
              </Table.Td>
              <Table.Td>{inv.student.name}</Table.Td>
              <Table.Td>{periodName(inv, i18n.language)}</Table.Td>
              <Table.Td>
                <Day wire={inv.due_date} />
              </Table.Td>
              <Table.Td ta="end">
                <Money amount={inv.total} currency={inv.currency} />
              </Table.Td>
              <Table.Td ta="end">
                <Money amount={inv.paid} currency={inv.currency} />
              </Table.Td>
              <Table.Td>
                <SoftBadge color={STATE_COLOR[inv.payment_state]}>{t(`family.state.${inv.payment_state}`)}</SoftBadge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ReceiptButton({ id, number }: { id: string; number: string }) {
  const { t } = useTranslation(FEES_NS);
  const start = useStartReceiptPdf();
  const job = useExportJob(start);
  const name = t('family.receipts.download', { number });
  return (
    <Stack gap={4}>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconReceipt size={14} aria-hidden />}
        onClick={() => job.make({ id })}
        loading={job.running}
        aria-label={name}
        data-testid="receipt-download"
      >
        {t('family.receipts.downloadShort')}
      </Button>
      <DocumentJob job={job} name={name} onRetry={() => job.make({ id })} testId="receipt-pdf" />
    </Stack>
  );
}

function Account({ account, onOpen }: { account: FeeAccount; onOpen: (id: string) => void }) {
  const { t } = useTranslation(FEES_NS);
  const c = account.currency;
  const payments = account.payments.filter((p) => !p.voided);
  return (
    <Stack gap="md" component="section" aria-labelledby={`account-${account._id}`} data-testid="family-account">
      <Title order={2} fz="h3" id={`account-${account._id}`}>
        {account.name}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" data-testid="family-balance">
        {(
          [
            ['outstanding', account.outstanding],
            ['credit', account.credit],
            ['overdue', account.overdue],
          ] as const
        ).map(([key, amount]) => (
          <Paper key={key} withBorder radius="lg" p="md" aria-label={t(`family.balance.${key}`)}>
            <Text fz="sm" c="dimmed">
              {t(`family.balance.${key}`)}
            </Text>
            <Text fz={22} fw={700} c={key === 'overdue' && amount > 0 ? 'red' : undefined}>
              <Money amount={amount} currency={c} />
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      <Title order={3} fz="h4">
        {t('family.invoices.title')}
      </Title>
      <Invoices invoices={account.invoices.filter((i) => i.status !== 'superseded' && i.status !== 'draft')} onOpen={onOpen} />

      <Title order={3} fz="h4">
        {t('family.receipts.title')}
      </Title>
      {payments.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('family.receipts.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table data-testid="family-receipts" aria-label={t('family.receipts.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('family.receipts.number')}</Table.Th>
                <Table.Th>{t('family.receipts.date')}</Table.Th>
                <Table.Th ta="end">{t('family.receipts.amount')}</Table.Th>
                <Table.Th>{t('family.receipts.method')}</Table.Th>
                <Table.Th>{t('family.receipts.document')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((p) => (
                <Table.Tr key={p._id} data-testid="family-receipt-row">
                  <Table.Td>{p.number}</Table.Td>
                  <Table.Td>
                    <Day wire={p.received_on} />
                  </Table.Td>
                  <Table.Td ta="end">
                    <Money amount={p.amount} currency={p.currency} />
                  </Table.Td>
                  <Table.Td>{t(`reports.methods.${p.method}`)}</Table.Td>
                  <Table.Td>
                    <ReceiptButton id={p._id} number={p.number} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {account.credit_notes.length > 0 && (
        <>
          <Title order={3} fz="h4">
            {t('family.creditNotes.title')}
          </Title>
          <Stack gap={4} data-testid="family-credit-notes">
            {account.credit_notes.map((n) => (
              <Group key={n._id} justify="space-between" wrap="nowrap">
                <Text fz="sm">
                  {n.number}
                  {n.invoice && ` · ${n.invoice.number}`} · {n.reason}
                </Text>
                <Money amount={n.amount} currency={n.currency} />
              </Group>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

/**
 * /fees: a family's invoices, receipts and balance. Online payment has no button: no provider is
 * switched on by default and the family's answer does not say whether one is.
 */
export default function FamilyFeesPage() {
  const { t } = useTranslation(FEES_NS);
  const fees = useFamilyFees();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Page title={t('family.title')} description={t('family.description')}>
      {fees.isPending && <Skeleton h={160} radius="lg" />}
      {fees.isError &&
        (isHidden(fees.error) ? (
          <Alert color="gray" variant="light" data-testid="fees-not-used">
            {t('family.notUsed')}
          </Alert>
        ) : (
          <Alert color="red" variant="light" title={t('family.error')}>
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{errorText(fees.error)}</Text>
              <Button size="xs" variant="default" onClick={() => void fees.refetch()}>
                {t('family.retry')}
              </Button>
            </Stack>
          </Alert>
        ))}
      {fees.data && fees.data.accounts.length === 0 && (
        <Text c="dimmed" data-testid="fees-empty">
          {t('family.empty')}
        </Text>
      )}
      {fees.data?.accounts.map((account) => (
        <Account key={account._id} account={account} onOpen={setOpen} />
      ))}
      {open && <InvoiceDrawer id={open} onClose={() => setOpen(null)} />}
    </Page>
  );
}
