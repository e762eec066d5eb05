import { ddmmyyyyFromIso, isoFromDdmmyyyy, PAYMENT_METHODS, type Payment, paymentRequestSchema } from '@cue/contract';
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY, readerDateFormatter } from '../../../../components/dateFormat';
import { ExportProgress, useExportJob } from '../../../../components/ExportJob';
import { FormModal } from '../../../../components/FormModal';
import { todayWire } from '../../../../lib/day';
import { errorText, toast } from '../../../../lib/notify';
import { showDay } from '../../../planning/planFormat';
import { Money, MoneyInput } from '../../components/money';
import { FEES_NS } from '../../i18n';
import { periodName } from '../feeFormat';
import { feeText, useFeeAccount, useRecordPayment, useStartReceipt } from './api-collection';
import { allocationPlan } from './plan';

const METHODS = PAYMENT_METHODS.filter((m) => m !== 'online');
type Method = Exclude<(typeof PAYMENT_METHODS)[number], 'online'>;

/** A receipt's PDF: the button, then the job's progress and its link. */
export function ReceiptDownload({ paymentId, number }: { paymentId: string; number: string }) {
  const { t } = useTranslation(FEES_NS);
  const start = useStartReceipt();
  const job = useExportJob(start);
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="light"
          leftSection={<IconReceipt size={16} aria-hidden />}
          onClick={() => job.make(paymentId)}
          loading={job.running}
          data-testid="download-receipt"
        >
          {t('payment.downloadReceipt')}
        </Button>
      </Group>
      <ExportProgress
        job={job}
        testId="receipt"
        onRetry={() => job.make(paymentId)}
        text={{
          name: t('payment.receiptName', { number }),
          preparing: t('payment.receiptPreparing'),
          ready: t('payment.receiptReady'),
          open: t('payment.receiptOpen'),
          failed: t('payment.receiptFailed'),
          retry: t('payment.receiptRetry'),
        }}
      />
    </Stack>
  );
}

/**
 * "Record payment" for one family's account: the amount, how it was paid and when, the invoices to pay
 * first; before saving it shows how the money will be spread (oldest due date first) and any credit
 * left; once saved, the receipt can be downloaded.
 */
export function RecordPaymentDialog({
  account,
  opened,
  onClose,
  firstInvoiceId,
}: {
  account: { _id: string; name: string; currency: string } | null;
  opened: boolean;
  onClose: () => void;
  /** Opened from an invoice: that invoice is ticked to be paid first. */
  firstInvoiceId?: string;
}) {
  const { t, i18n } = useTranslation(FEES_NS);
  const detail = useFeeAccount(opened && account ? account._id : undefined);
  const record = useRecordPayment();
  const [amount, setAmount] = useState<number | null>(null);
  const [method, setMethod] = useState<Method>('cash');
  const [received, setReceived] = useState<string>(todayWire());
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [chosen, setChosen] = useState<string[]>(firstInvoiceId ? [firstInvoiceId] : []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<Payment | null>(null);

  const currency = detail.data?.currency ?? account?.currency ?? 'INR';
  const open = (detail.data?.invoices ?? []).filter((x) => x.status === 'issued' && x.outstanding > 0);
  const plan = allocationPlan(amount ?? 0, open, chosen);
  const numberOf = new Map(open.map((x) => [x._id, x.number ?? periodName(x, i18n.language)]));

  const close = () => {
    setSaved(null);
    setAmount(null);
    setReference('');
    setNote('');
    setErrors({});
    setError(null);
    setChosen(firstInvoiceId ? [firstInvoiceId] : []);
    onClose();
  };

  const submit = () => {
    if (!account) return;
    const body = {
      account_id: account._id,
      amount: amount ?? 0,
      method,
      received_on: received,
      reference,
      note,
      invoice_ids: chosen,
    };
    const checked = paymentRequestSchema.safeParse(body);
    if (!checked.success) {
      const next: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? '');
        next[field] =
          field === 'amount' ? t('payment.amountNeeded') : field === 'received_on' ? t('payment.dateNeeded') : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setError(null);
    record.mutate(checked.data, {
      onSuccess: (answer) => {
        toast.success(feeText(answer.message) || t('messages.paymentRecorded'));
        setSaved(answer.result);
      },
      onError: (err) => setError(errorText(err)),
    });
  };

  if (saved) {
    return (
      <Modal
        opened={opened}
        onClose={close}
        title={t('payment.savedTitle')}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('payment.close') }}
      >
        <Stack gap="md" data-testid="payment-saved">
          <Alert color="teal" variant="light">
            <Text fz="sm">
              {t('payment.savedText', { number: saved.number })}{' '}
              <Money amount={saved.amount} currency={saved.currency} fw={600} />
            </Text>
            {saved.unallocated > 0 && (
              <Text fz="sm" mt={4}>
                {t('payment.creditLeft')} <Money amount={saved.unallocated} currency={saved.currency} />
              </Text>
            )}
          </Alert>
          <ReceiptDownload paymentId={saved._id} number={saved.number} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('payment.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={t('payment.title')}
      submitLabel={t('payment.save')}
      onSubmit={submit}
      pending={record.isPending}
      error={error}
    >
      <TextInput label={t('payment.family')} value={account?.name ?? ''} readOnly data-testid="payment-family" />
      <MoneyInput
        label={t('payment.amount')}
        currency={currency}
        value={amount}
        onChange={setAmount}
        error={errors.amount}
        required
        data-autofocus
        data-testid="payment-amount"
      />
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label={t('payment.method')}
          data={METHODS.map((m) => ({ value: m, label: t(`payment.methods.${m}`) }))}
          value={method}
          onChange={(v) => v && setMethod(v as Method)}
          allowDeselect={false}
          miw={180}
        />
        <DatePickerInput
          label={t('payment.receivedOn')}
          value={isoFromDdmmyyyy(received)}
          onChange={(v) => setReceived(v ? (ddmmyyyyFromIso(String(v).slice(0, 10)) ?? '') : '')}
          valueFormat="DD-MM-YYYY"
          valueFormatter={readerDateFormatter(DAY)}
          error={errors.received_on}
          maxDate={new Date()}
          required
          miw={180}
        />
      </Group>
      <TextInput
        label={t('payment.reference')}
        value={reference}
        onChange={(e) => setReference(e.currentTarget.value)}
        maxLength={120}
      />
      <Textarea
        label={t('payment.note')}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        maxLength={1000}
        autosize
        minRows={2}
      />
      <Checkbox.Group label={t('payment.payFirst')} description={t('payment.payFirstHint')} value={chosen} onChange={setChosen}>
        <Stack gap={6} mt={6}>
          {detail.isLoading && (
            <Text fz="sm" c="dimmed">
              {t('payment.loadingInvoices')}
            </Text>
          )}
          {!detail.isLoading && open.length === 0 && (
            <Text fz="sm" c="dimmed">
              {t('payment.nothingOwed')}
            </Text>
          )}
          {open.map((x) => (
            <Checkbox
              key={x._id}
              value={x._id}
              label={
                <span>
                  {x.number} · {x.student.name} · {t('payment.dueOn', { day: showDay(x.due_date, i18n.language) })} ·{' '}
                  <Money amount={x.outstanding} currency={x.currency} />
                </span>
              }
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {(amount ?? 0) > 0 && (
        <Stack gap={4} data-testid="payment-plan" aria-live="polite">
          <Text fz="sm" fw={600}>
            {t('payment.planTitle')}
          </Text>
          <Table withRowBorders={false} verticalSpacing={2} fz="sm">
            <Table.Tbody>
              {plan.allocations.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{numberOf.get(a.id)}</Table.Td>
                  <Table.Td ta="end">
                    <Money amount={a.amount} currency={currency} />
                  </Table.Td>
                </Table.Tr>
              ))}
              {plan.credit > 0 && (
                <Table.Tr>
                  <Table.Td>{t('payment.planCredit')}</Table.Td>
                  <Table.Td ta="end">
                    <Money amount={plan.credit} currency={currency} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </FormModal>
  );
}
