import { INVOICE_LINE_KINDS, type InvoiceLineKind, invoiceReviseSchema } from '@cue/contract';
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/FormModal';
import { errorText, toast } from '../../../../lib/notify';
import { Money, MoneyInput } from '../../components/money';
import { FEES_NS } from '../../i18n';
import { feeText, type Invoice, useCancelInvoice, useCreditNote, useReviseInvoice } from './api-collection';
import { lineAmount, linesTotal } from './plan';

type Draft = { key: number; kind: InvoiceLineKind; description: string; quantity: number; unit_amount: number | null };

/** "Correct": the invoice's lines edited into a new revision, with the reason; the new total live. */
export function ReviseDialog({ invoice, opened, onClose }: { invoice: Invoice; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(FEES_NS);
  const revise = useReviseInvoice();
  const [lines, setLines] = useState<Draft[]>(() =>
    invoice.lines.map((l, n) => ({
      key: n,
      kind: l.kind,
      description: l.description,
      quantity: l.quantity,
      unit_amount: l.unit_amount,
    })),
  );
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const set = (key: number, change: Partial<Draft>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const body = {
    reason,
    lines: lines.map((l) => ({
      kind: l.kind,
      description: l.description,
      quantity: l.quantity,
      unit_amount: l.unit_amount ?? 0,
    })),
  };
  const total = linesTotal(body.lines);

  const submit = () => {
    const checked = invoiceReviseSchema.safeParse(body);
    if (!checked.success) {
      const reasonMissing = checked.error.issues.some((i) => i.path[0] === 'reason');
      setReasonError(reasonMissing ? t('invoice.reasonNeeded') : null);
      setError(reasonMissing ? null : t('invoice.linesInvalid'));
      return;
    }
    setReasonError(null);
    setError(null);
    revise.mutate(
      { id: invoice._id, body: checked.data },
      {
        onSuccess: (a) => {
          toast.success(feeText(a.message) || t('messages.revised'));
          onClose();
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('invoice.reviseTitle', { number: invoice.number })}
      submitLabel={t('invoice.reviseSave')}
      onSubmit={submit}
      pending={revise.isPending}
      error={error}
      size="xl"
    >
      <Table.ScrollContainer minWidth={620} type="native">
        <Table verticalSpacing={4}>
          <Table.Caption>{t('invoice.linesCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoice.kind')}</Table.Th>
              <Table.Th>{t('invoice.description')}</Table.Th>
              <Table.Th w={80}>{t('invoice.qty')}</Table.Th>
              <Table.Th w={150}>{t('invoice.unit')}</Table.Th>
              <Table.Th ta="end">{t('invoice.amount')}</Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l, n) => {
              const negative = l.kind === 'discount' || l.kind === 'proration';
              const shown = l.unit_amount == null ? null : Math.abs(l.unit_amount);
              return (
                <Table.Tr key={l.key}>
                  <Table.Td>
                    <Select
                      aria-label={t('invoice.lineKind', { n: n + 1 })}
                      data={INVOICE_LINE_KINDS.map((k) => ({ value: k, label: t(`invoice.lineKinds.${k}`) }))}
                      value={l.kind}
                      onChange={(v) => {
                        if (!v) return;
                        const kind = v as InvoiceLineKind;
                        const abs = Math.abs(l.unit_amount ?? 0);
                        set(l.key, { kind, unit_amount: kind === 'discount' || kind === 'proration' ? -abs : abs });
                      }}
                      allowDeselect={false}
                      w={140}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t('invoice.lineDescription', { n: n + 1 })}
                      value={l.description}
                      onChange={(e) => set(l.key, { description: e.currentTarget.value })}
                      maxLength={200}
                      miw={160}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t('invoice.lineQty', { n: n + 1 })}
                      value={l.quantity}
                      min={1}
                      max={1000}
                      allowDecimal={false}
                      onChange={(v) => set(l.key, { quantity: typeof v === 'number' ? v : 1 })}
                      hideControls
                    />
                  </Table.Td>
                  <Table.Td>
                    <MoneyInput
                      aria-label={t('invoice.lineUnit', { n: n + 1 })}
                      currency={invoice.currency}
                      value={shown}
                      onChange={(v) => set(l.key, { unit_amount: v == null ? null : negative ? -Math.abs(v) : Math.abs(v) })}
                    />
                  </Table.Td>
                  <Table.Td ta="end">
                    <Money amount={lineAmount(l.quantity, l.unit_amount ?? 0)} currency={invoice.currency} />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('invoice.removeLine', { n: n + 1 })}
                      onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}
                      disabled={lines.length <= 1}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            setLines((all) => [...all, { key: Date.now(), kind: 'adjustment', description: '', quantity: 1, unit_amount: null }])
          }
        >
          {t('invoice.addLine')}
        </Button>
        <Text fw={700} aria-live="polite" data-testid="revise-total">
          {t('invoice.newTotal')} <Money amount={total} currency={invoice.currency} />
        </Text>
      </Group>
      <Textarea
        label={t('invoice.reason')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={reasonError}
        required
        maxLength={500}
        autosize
        minRows={2}
      />
    </FormModal>
  );
}

/**
 * A change that needs a reason and answers `{ message }` (cancel an invoice, void a payment): one
 * required reason, the server's message as the toast.
 */
export function ReasonDialog({
  opened = true,
  onClose,
  title,
  hint,
  submitLabel,
  doneMessage,
  pending,
  save,
}: {
  opened?: boolean;
  onClose: () => void;
  title: string;
  hint: string;
  submitLabel: string;
  doneMessage: string;
  pending: boolean;
  save: (reason: string, done: { onSuccess: (answer: { message: string }) => void; onError: (e: unknown) => void }) => void;
}) {
  const { t } = useTranslation(FEES_NS);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!reason.trim()) {
      setError(t('invoice.reasonNeeded'));
      return;
    }
    save(reason.trim(), {
      onSuccess: (answer) => {
        toast.success(feeText(answer.message) || doneMessage);
        onClose();
      },
      onError: (e) => setError(errorText(e)),
    });
  };
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={title}
      submitLabel={submitLabel}
      onSubmit={submit}
      pending={pending}
      error={error}
      danger
      size="md"
    >
      <Text fz="sm">{hint}</Text>
      <Textarea
        label={t('invoice.reason')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        required
        maxLength={500}
        autosize
        minRows={2}
        data-autofocus
      />
    </FormModal>
  );
}

/** "Cancel invoice" with its reason. */
export function CancelDialog({ invoice, opened, onClose }: { invoice: Invoice; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(FEES_NS);
  const cancel = useCancelInvoice();
  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      title={t('invoice.cancelTitle', { number: invoice.number })}
      hint={t('invoice.cancelHint')}
      submitLabel={t('invoice.cancelSave')}
      doneMessage={t('messages.cancelled')}
      pending={cancel.isPending}
      save={(reason, done) => cancel.mutate({ id: invoice._id, reason }, done)}
    />
  );
}

/** A credit note: on an invoice (at most what it owes) or on the family's account. */
export function CreditNoteDialog({
  accountId,
  currency,
  invoice,
  opened,
  onClose,
}: {
  accountId: string;
  currency: string;
  invoice?: Pick<Invoice, '_id' | 'number' | 'outstanding'>;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(FEES_NS);
  const credit = useCreditNote();
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const over = !!invoice && (amount ?? 0) > invoice.outstanding;
  const submit = () => {
    if (!amount || amount <= 0) return setError(t('payment.amountNeeded'));
    if (over) return setError(t('messages.creditTooLarge'));
    if (!reason.trim()) return setError(t('invoice.reasonNeeded'));
    setError(null);
    credit.mutate(
      { account_id: accountId, invoice_id: invoice?._id ?? null, amount, reason: reason.trim() },
      {
        onSuccess: (a) => {
          toast.success(feeText(a.message) || t('messages.creditNoteAdded'));
          onClose();
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={invoice ? t('invoice.creditTitle', { number: invoice.number }) : t('account.creditTitle')}
      submitLabel={t('invoice.creditSave')}
      onSubmit={submit}
      pending={credit.isPending}
      error={error}
      size="md"
    >
      <Stack gap="sm">
        <MoneyInput
          label={t('invoice.creditAmount')}
          description={
            invoice ? (
              <>
                {t('invoice.creditMax')} <Money amount={invoice.outstanding} currency={currency} />
              </>
            ) : undefined
          }
          currency={currency}
          value={amount}
          onChange={setAmount}
          error={over ? t('messages.creditTooLarge') : undefined}
          required
          data-autofocus
        />
        <Textarea
          label={t('invoice.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          required
          maxLength={500}
          autosize
          minRows={2}
        />
      </Stack>
    </FormModal>
  );
}
