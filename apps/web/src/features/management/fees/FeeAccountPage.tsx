import { PAGE_PATHS, pagePath } from '@cue/contract';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconBell, IconCash, IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { SoftBadge } from '../../../components/SoftBadge';
import { errorText, toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { showDay } from '../../planning/planFormat';
import { Gate } from '../../shell/pages/Gate';
import { Money } from '../components/money';
import { FEES_NS, managementNeed } from '../i18n';
import { type FeeAccount, type Payment, useFeeAccount, useRemindAccount, useVoidPayment } from './collection/api-collection';
import { CreditNoteDialog, ReasonDialog } from './collection/InvoiceDialogs';
import { PaymentStateBadge } from './collection/ListTabs';
import { ReceiptDownload, RecordPaymentDialog } from './collection/RecordPaymentDialog';
import { periodName } from './feeFormat';

function VoidDialog({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const { t } = useTranslation(FEES_NS);
  const voiding = useVoidPayment();
  return (
    <ReasonDialog
      onClose={onClose}
      title={t('account.voidTitle', { number: payment.number })}
      hint={t('account.voidHint')}
      submitLabel={t('account.voidSave')}
      doneMessage={t('messages.paymentVoided')}
      pending={voiding.isPending}
      save={(reason, done) => voiding.mutate({ id: payment._id, reason }, done)}
    />
  );
}

function AccountView({ account }: { account: FeeAccount }) {
  const { t, i18n } = useTranslation(FEES_NS);
  const [paying, setPaying] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const [voiding, setVoiding] = useState<Payment | null>(null);
  const [receipt, setReceipt] = useState<Payment | null>(null);
  const remind = useRemindAccount();
  const money = (amount: number, fw?: number) => <Money amount={amount} currency={account.currency} fw={fw} />;

  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="wrap">
        {account.abilities.pay && (
          <Button leftSection={<IconCash size={16} aria-hidden />} onClick={() => setPaying(true)}>
            {t('payment.record')}
          </Button>
        )}
        {account.abilities.credit && (
          <Button variant="default" leftSection={<IconReceiptRefund size={16} aria-hidden />} onClick={() => setCrediting(true)}>
            {t('account.addCredit')}
          </Button>
        )}
        {account.abilities.remind && (
          <Button
            variant="default"
            leftSection={<IconBell size={16} aria-hidden />}
            loading={remind.isPending}
            onClick={() =>
              remind.mutate(account._id, {
                onSuccess: (a) => toast.success(t('account.remindersSent', { count: a.result.sent })),
                onError: (e) => toast.error(errorText(e)),
              })
            }
          >
            {t('account.remind')}
          </Button>
        )}
      </Group>
      <Paper withBorder radius="lg" p="md">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md" data-testid="account-balance">
          {(['invoiced', 'paid', 'outstanding', 'credit', 'balance', 'overdue'] as const).map((key) => (
            <Stack key={key} gap={0}>
              <Text fz="xs" c="dimmed">
                {t(`account.${key}`)}
              </Text>
              <Text fz="lg" fw={700} c={key === 'overdue' && account.overdue > 0 ? 'red.8' : undefined} component="div">
                {money(account[key])}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {t('account.children')}
          </Title>
          <Text fz="sm">{account.children.map((c) => c.name).join(', ') || '—'}</Text>
        </Stack>
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {t('account.payers')}
          </Title>
          {account.payers.map((p) => (
            <Text key={p._id} fz="sm">
              {p.name}
              {p.email && (
                <>
                  {' · '}
                  <Anchor href={`mailto:${p.email}`} fz="sm">
                    {p.email}
                  </Anchor>
                </>
              )}
              {p.phone && (
                <>
                  {' · '}
                  <Anchor href={`tel:${p.phone}`} fz="sm" dir="ltr">
                    {p.phone}
                  </Anchor>
                </>
              )}
            </Text>
          ))}
        </Stack>
      </SimpleGrid>
      <DataTable
        caption={t('account.invoices')}
        toolbar={
          <Title order={2} fz="lg">
            {t('account.invoices')}
          </Title>
        }
        rows={account.invoices}
        rowKey={(x) => x._id}
        emptyText={t('account.noInvoices')}
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
          { key: 'period', header: t('collection.period'), render: (x) => periodName(x, i18n.language) },
          { key: 'due', header: t('collection.due'), render: (x) => showDay(x.due_date, i18n.language) },
          { key: 'total', header: t('collection.total'), align: 'end', render: (x) => money(x.total) },
          { key: 'outstanding', header: t('collection.outstanding'), align: 'end', render: (x) => money(x.outstanding) },
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
      />
      <DataTable
        caption={t('account.payments')}
        toolbar={
          <Title order={2} fz="lg">
            {t('account.payments')}
          </Title>
        }
        rows={account.payments}
        rowKey={(x) => x._id}
        rowLabel={(x) => x.number}
        emptyText={t('account.noPayments')}
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
          { key: 'date', header: t('collection.date'), render: (x) => showDay(x.received_on, i18n.language) },
          { key: 'method', header: t('payment.method'), render: (x) => t(`payment.methods.${x.method}`) },
          { key: 'amount', header: t('collection.amount'), align: 'end', render: (x) => money(x.amount) },
          {
            key: 'credit',
            header: t('account.leftAsCredit'),
            align: 'end',
            render: (x) => (x.unallocated > 0 ? money(x.unallocated) : '—'),
          },
          {
            key: 'voided',
            header: t('collection.voided'),
            render: (x) =>
              x.voided ? (
                <SoftBadge color="red" title={x.void_reason}>
                  {t('account.voided')}
                </SoftBadge>
              ) : (
                ''
              ),
          },
        ]}
        actions={(x) => [
          { label: t('payment.downloadReceipt'), icon: IconCash, onClick: () => setReceipt(x) },
          ...(x.abilities.void && !x.voided
            ? [{ label: t('account.void'), icon: IconBan, color: 'red', onClick: () => setVoiding(x) }]
            : []),
        ]}
      />
      {receipt && (
        <Stack gap="xs">
          <Text fz="sm" fw={600}>
            {t('collection.receiptOf', { number: receipt.number })}
          </Text>
          <ReceiptDownload key={receipt._id} paymentId={receipt._id} number={receipt.number} />
        </Stack>
      )}
      <DataTable
        caption={t('account.creditNotes')}
        toolbar={
          <Title order={2} fz="lg">
            {t('account.creditNotes')}
          </Title>
        }
        rows={account.credit_notes}
        rowKey={(x) => x._id}
        emptyText={t('account.noCreditNotes')}
        columns={[
          { key: 'number', header: t('collection.number'), render: (x) => x.number },
          { key: 'invoice', header: t('account.onInvoice'), render: (x) => x.invoice?.number ?? t('account.onAccount') },
          { key: 'reason', header: t('invoice.reason'), render: (x) => x.reason },
          { key: 'date', header: t('collection.date'), render: (x) => showDay(x.created_at.slice(0, 10), i18n.language) },
          { key: 'amount', header: t('collection.amount'), align: 'end', render: (x) => money(x.amount) },
        ]}
      />
      <RecordPaymentDialog account={account} opened={paying} onClose={() => setPaying(false)} />
      {crediting && (
        <CreditNoteDialog accountId={account._id} currency={account.currency} opened onClose={() => setCrediting(false)} />
      )}
      {voiding && <VoidDialog payment={voiding} onClose={() => setVoiding(null)} />}
    </Stack>
  );
}

function Body() {
  const { t } = useTranslation(FEES_NS);
  const { id } = useParams();
  const account = useFeeAccount(id);
  return (
    <Page
      title={account.data?.name ?? t('account.title')}
      description={t('account.description')}
      actions={
        <Anchor component={Link} to={`${PAGE_PATHS.feeCollection}?tab=families`} fz="sm">
          {t('account.back')}
        </Anchor>
      }
    >
      {account.isLoading && <Skeleton height={240} radius="lg" />}
      {account.error && (
        <Alert color="red" variant="light" title={t('account.loadFailed')}>
          {errorText(account.error)}
        </Alert>
      )}
      {account.data && <AccountView account={account.data} />}
    </Page>
  );
}

/** /admin/management-setup/fee/accounts/:id: a family's account, its invoices, payments and credit notes. */
export default function FeeAccountPage() {
  return (
    <Gate need={managementNeed('management-setup.fee/collection')}>
      <Body />
    </Gate>
  );
}
