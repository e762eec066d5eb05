import {
  DISCOUNT_KINDS,
  DISCOUNT_MODES,
  type DiscountKind,
  FEE_ITEM_KINDS,
  type FeeItemKind,
  feeDiscountRequestSchema,
} from '@cue/contract';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../../components/DataTable';
import { FormModal } from '../../../../components/FormModal';
import { SoftBadge } from '../../../../components/SoftBadge';
import { errorText, toast } from '../../../../lib/notify';
import { showDay } from '../../../planning/planFormat';
import { Money, MoneyInput } from '../../components/money';
import { FEES_NS } from '../../i18n';
import { feeText, useFeeSettingsQuery } from '../collection/api-collection';
import { yearsAndMonths } from '../collection/plan';
import {
  type FeeDiscount,
  type FeeStructure,
  useArchiveDiscount,
  useArchiveStructure,
  useFeeDiscounts,
  useFeeStructures,
  useSaveDiscount,
  useSaveFeeSettings,
} from './api-structure';
import { StructureForm } from './StructureForm';

function useAgeText() {
  const { t } = useTranslation(FEES_NS);
  return (months: number | null) => {
    if (months == null) return '…';
    const { years, months: m } = yearsAndMonths(months);
    return t('structure.ageValue', { years, months: m });
  };
}

export function StructuresTab() {
  const { t, i18n } = useTranslation(FEES_NS);
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<FeeStructure | 'new' | null>(null);
  const list = useFeeStructures(archived);
  const settings = useFeeSettingsQuery();
  const archive = useArchiveStructure();
  const age = useAgeText();
  const toggle = (x: FeeStructure) =>
    archive.mutate(
      { id: x._id, archive: !x.archived },
      {
        onSuccess: (a) =>
          toast.success(feeText(a.message) || t(x.archived ? 'structure.restored' : 'messages.structureArchived')),
        onError: (e) => toast.error(errorText(e)),
      },
    );
  return (
    <>
      <DataTable<FeeStructure>
        caption={t('structure.caption')}
        testId="structures-table"
        rows={list.data}
        loading={list.isLoading}
        error={list.error}
        onRetry={() => list.refetch()}
        rowKey={(x) => x._id}
        rowLabel={(x) => x.name}
        emptyText={t('structure.empty')}
        rowAttributes={(x) => ({ 'data-archived': x.archived ? 'true' : undefined })}
        toolbar={
          <Group justify="space-between" wrap="wrap">
            <Switch
              label={t('structure.showArchived')}
              checked={archived}
              onChange={(e) => setArchived(e.currentTarget.checked)}
            />
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} disabled={!settings.data}>
              {t('structure.add')}
            </Button>
          </Group>
        }
        columns={[
          {
            key: 'name',
            header: t('structure.name'),
            render: (x) => (
              <Group gap={6}>
                <Text fz="sm" fw={600}>
                  {x.name}
                </Text>
                {x.archived && <SoftBadge color="gray">{t('structure.archived')}</SoftBadge>}
              </Group>
            ),
          },
          {
            key: 'cycle',
            header: t('structure.cycle'),
            render: (x) => `${t(`structure.cycles.${x.billing_cycle}`)} · ${t('structure.dueOn', { day: x.due_day })}`,
          },
          {
            key: 'bills',
            header: t('structure.bills'),
            render: (x) =>
              x.classes.length ? x.classes.map((c) => c.name).join(', ') : `${age(x.age_from_months)} – ${age(x.age_to_months)}`,
          },
          {
            key: 'total',
            header: t('structure.totalPerCycle'),
            align: 'end',
            render: (x) => <Money amount={x.total} currency={x.currency} />,
          },
          {
            key: 'children',
            header: t('structure.children'),
            align: 'end',
            render: (x) => new Intl.NumberFormat(i18n.language).format(x.children),
          },
        ]}
        actions={(x) =>
          x.abilities.edit
            ? [
                { label: t('structure.edit'), icon: IconPencil, onClick: () => setEditing(x) },
                x.archived
                  ? { label: t('structure.restore'), icon: IconArchiveOff, onClick: () => toggle(x) }
                  : { label: t('structure.archive'), icon: IconArchive, onClick: () => toggle(x) },
              ]
            : []
        }
      />
      {editing && settings.data && (
        <StructureForm
          structure={editing === 'new' ? null : editing}
          currency={settings.data.currency}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

function DiscountForm({ discount, currency, onClose }: { discount: FeeDiscount | null; currency: string; onClose: () => void }) {
  const { t } = useTranslation(FEES_NS);
  const save = useSaveDiscount();
  const [name, setName] = useState(discount?.name ?? '');
  const [kind, setKind] = useState<DiscountKind>(discount?.kind ?? 'sibling');
  const [mode, setMode] = useState<'percent' | 'amount'>(discount?.mode ?? 'percent');
  const [percent, setPercent] = useState<number | string>(discount && discount.mode === 'percent' ? discount.value / 100 : 10);
  const [amount, setAmount] = useState<number | null>(discount && discount.mode === 'amount' ? discount.value : null);
  const [itemKinds, setItemKinds] = useState<FeeItemKind[]>(discount?.item_kinds ?? []);
  const [position, setPosition] = useState<number | string>(discount?.position ?? 0);
  const [stackable, setStackable] = useState(discount?.stackable ?? true);
  const [reason, setReason] = useState(discount?.reason ?? '');
  const [from, setFrom] = useState(discount?.valid_from ?? '');
  const [to, setTo] = useState(discount?.valid_to ?? '');
  const [days, setDays] = useState<number | string>(discount?.days_before_due ?? 7);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const body = {
      name,
      kind,
      mode,
      value: mode === 'percent' ? Math.round(Number(percent) * 100) : (amount ?? 0),
      item_kinds: itemKinds,
      position: Number(position) || 0,
      stackable,
      reason,
      valid_from: from.trim() || null,
      valid_to: to.trim() || null,
      days_before_due: kind === 'early_payment' ? Number(days) : null,
      student_ids: discount?.students.map((s) => s._id) ?? [],
    };
    const checked = feeDiscountRequestSchema.safeParse(body);
    if (!checked.success) {
      const field = String(checked.error.issues[0]?.path[0] ?? '');
      setError(
        t(
          `structure.discount.invalid.${['name', 'value', 'reason', 'valid_from', 'valid_to', 'days_before_due'].includes(field) ? field : 'other'}`,
        ),
      );
      return;
    }
    setError(null);
    save.mutate(
      { id: discount?._id, body: checked.data },
      {
        onSuccess: (a) => {
          toast.success(feeText(a.message));
          onClose();
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={discount ? t('structure.discount.editTitle', { name: discount.name }) : t('structure.discount.addTitle')}
      submitLabel={t('structure.discount.save')}
      onSubmit={submit}
      pending={save.isPending}
      error={error}
    >
      <TextInput
        label={t('structure.discount.name')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        required
        maxLength={120}
        data-autofocus
      />
      <Select
        label={t('structure.discount.kind')}
        description={t(`structure.discount.rules.${kind}`)}
        data={DISCOUNT_KINDS.map((k) => ({ value: k, label: t(`structure.discount.kinds.${k}`) }))}
        value={kind}
        onChange={(v) => v && setKind(v as DiscountKind)}
        allowDeselect={false}
      />
      {kind === 'early_payment' && (
        <NumberInput
          label={t('structure.discount.daysBeforeDue')}
          value={days}
          onChange={setDays}
          min={0}
          max={90}
          allowDecimal={false}
        />
      )}
      <Group grow align="flex-end" wrap="wrap">
        <Select
          label={t('structure.discount.mode')}
          data={DISCOUNT_MODES.map((m) => ({ value: m, label: t(`structure.discount.modes.${m}`) }))}
          value={mode}
          onChange={(v) => v && setMode(v as 'percent' | 'amount')}
          allowDeselect={false}
          miw={160}
        />
        {mode === 'percent' ? (
          <NumberInput
            label={t('structure.discount.percent')}
            value={percent}
            onChange={setPercent}
            min={0.01}
            max={100}
            decimalScale={2}
            suffix=" %"
            miw={160}
          />
        ) : (
          <MoneyInput label={t('structure.discount.amount')} currency={currency} value={amount} onChange={setAmount} miw={160} />
        )}
      </Group>
      <MultiSelect
        label={t('structure.discount.appliesTo')}
        placeholder={itemKinds.length ? undefined : t('structure.discount.allItems')}
        data={FEE_ITEM_KINDS.map((k) => ({ value: k, label: t(`structure.itemKinds.${k}`) }))}
        value={itemKinds}
        onChange={(v) => setItemKinds(v as FeeItemKind[])}
        clearable
      />
      <Group grow align="flex-end" wrap="wrap">
        <NumberInput
          label={t('structure.discount.order')}
          description={t('structure.discount.orderHint')}
          value={position}
          onChange={setPosition}
          min={0}
          max={1000}
          allowDecimal={false}
          miw={160}
        />
        <Switch
          label={t('structure.discount.stackable')}
          description={t('structure.discount.stackableHint')}
          checked={stackable}
          onChange={(e) => setStackable(e.currentTarget.checked)}
        />
      </Group>
      <Group grow wrap="wrap">
        <TextInput
          label={t('structure.discount.validFrom')}
          placeholder="DD-MM-YYYY"
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          dir="ltr"
          miw={140}
        />
        <TextInput
          label={t('structure.discount.validTo')}
          placeholder="DD-MM-YYYY"
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          dir="ltr"
          miw={140}
        />
      </Group>
      <Textarea
        label={t('structure.discount.reason')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        required
        maxLength={500}
        autosize
        minRows={2}
      />
    </FormModal>
  );
}

export function DiscountsTab() {
  const { t, i18n } = useTranslation(FEES_NS);
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<FeeDiscount | 'new' | null>(null);
  const list = useFeeDiscounts(archived);
  const settings = useFeeSettingsQuery();
  const archive = useArchiveDiscount();
  const currency = settings.data?.currency ?? 'INR';
  const toggle = (x: FeeDiscount) =>
    archive.mutate(
      { id: x._id, archive: !x.archived },
      {
        onSuccess: (a) => toast.success(feeText(a.message) || t(x.archived ? 'structure.restored' : 'messages.discountArchived')),
        onError: (e) => toast.error(errorText(e)),
      },
    );
  const day = (d: string | null) => (d ? showDay(d, i18n.language) : '…');
  return (
    <>
      <DataTable<FeeDiscount>
        caption={t('structure.discount.caption')}
        testId="discounts-table"
        rows={list.data}
        loading={list.isLoading}
        error={list.error}
        onRetry={() => list.refetch()}
        rowKey={(x) => x._id}
        rowLabel={(x) => x.name}
        emptyText={t('structure.discount.empty')}
        toolbar={
          <Group justify="space-between" wrap="wrap">
            <Switch
              label={t('structure.showArchived')}
              checked={archived}
              onChange={(e) => setArchived(e.currentTarget.checked)}
            />
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} disabled={!settings.data}>
              {t('structure.discount.add')}
            </Button>
          </Group>
        }
        columns={[
          {
            key: 'name',
            header: t('structure.discount.name'),
            render: (x) => (
              <Group gap={6}>
                <Text fz="sm" fw={600}>
                  {x.name}
                </Text>
                {x.archived && <SoftBadge color="gray">{t('structure.archived')}</SoftBadge>}
              </Group>
            ),
          },
          { key: 'kind', header: t('structure.discount.kind'), render: (x) => t(`structure.discount.kinds.${x.kind}`) },
          {
            key: 'value',
            header: t('structure.discount.value'),
            align: 'end',
            render: (x) =>
              x.mode === 'percent' ? (
                `${new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(x.value / 100)} %`
              ) : (
                <Money amount={x.value} currency={currency} />
              ),
          },
          {
            key: 'applies',
            header: t('structure.discount.appliesTo'),
            render: (x) =>
              x.item_kinds.length
                ? x.item_kinds.map((k) => t(`structure.itemKinds.${k}`)).join(', ')
                : t('structure.discount.allItems'),
          },
          { key: 'order', header: t('structure.discount.order'), align: 'end', render: (x) => x.position },
          {
            key: 'stackable',
            header: t('structure.discount.stackable'),
            render: (x) => (x.stackable ? t('structure.discount.yes') : t('structure.discount.no')),
          },
          {
            key: 'validity',
            header: t('structure.discount.validity'),
            render: (x) =>
              x.valid_from || x.valid_to ? `${day(x.valid_from)} – ${day(x.valid_to)}` : t('structure.discount.always'),
          },
        ]}
        actions={(x) =>
          x.abilities.edit
            ? [
                { label: t('structure.edit'), icon: IconPencil, onClick: () => setEditing(x) },
                x.archived
                  ? { label: t('structure.restore'), icon: IconArchiveOff, onClick: () => toggle(x) }
                  : { label: t('structure.archive'), icon: IconArchive, onClick: () => toggle(x) },
              ]
            : []
        }
      />
      {editing && (
        <DiscountForm discount={editing === 'new' ? null : editing} currency={currency} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

const CURRENCIES = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('currency');
  } catch {
    return ['INR', 'USD', 'EUR', 'GBP', 'AED', 'SAR', 'ILS'];
  }
})();

export function SettingsTab() {
  const { t, i18n } = useTranslation(FEES_NS);
  const settings = useFeeSettingsQuery();
  const save = useSaveFeeSettings();
  const [values, setValues] = useState({
    currency: 'INR',
    invoice_prefix: '',
    receipt_prefix: '',
    credit_note_prefix: '',
    reminder_days_before: 0 as number | string,
    reminder_days_after: 0 as number | string,
    online_provider: '',
  });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) setValues({ ...settings.data, online_provider: settings.data.online_provider ?? '' });
  }, [settings.data]);
  if (settings.isLoading) return <Skeleton height={280} radius="lg" />;
  if (!settings.data)
    return (
      <Alert color="red" variant="light">
        {errorText(settings.error)}
      </Alert>
    );
  const names = new Intl.DisplayNames([i18n.language], { type: 'currency' });
  const set = (change: Partial<typeof values>) => setValues((v) => ({ ...v, ...change }));
  const submit = () => {
    setError(null);
    save.mutate(
      {
        ...(settings.data?.currency_locked ? {} : { currency: values.currency }),
        invoice_prefix: values.invoice_prefix,
        receipt_prefix: values.receipt_prefix,
        credit_note_prefix: values.credit_note_prefix,
        reminder_days_before: Number(values.reminder_days_before) || 0,
        reminder_days_after: Number(values.reminder_days_after) || 0,
        online_provider: values.online_provider || null,
      },
      {
        onSuccess: (a) => toast.success(feeText(a.message) || t('messages.settingsSaved')),
        onError: (e) => setError(errorText(e)),
      },
    );
  };
  return (
    <Paper withBorder radius="lg" p="md" maw={760}>
      <Stack gap="md">
        <Select
          label={t('structure.settings.currency')}
          description={settings.data.currency_locked ? t('structure.settings.currencyLocked') : undefined}
          data={CURRENCIES.map((c) => ({ value: c, label: `${c} · ${names.of(c) ?? c}` }))}
          value={values.currency}
          onChange={(v) => v && set({ currency: v })}
          disabled={settings.data.currency_locked}
          searchable
          allowDeselect={false}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('structure.settings.invoicePrefix')}
            value={values.invoice_prefix}
            onChange={(e) => set({ invoice_prefix: e.currentTarget.value })}
            maxLength={12}
            dir="ltr"
          />
          <TextInput
            label={t('structure.settings.receiptPrefix')}
            value={values.receipt_prefix}
            onChange={(e) => set({ receipt_prefix: e.currentTarget.value })}
            maxLength={12}
            dir="ltr"
          />
          <TextInput
            label={t('structure.settings.creditNotePrefix')}
            value={values.credit_note_prefix}
            onChange={(e) => set({ credit_note_prefix: e.currentTarget.value })}
            maxLength={12}
            dir="ltr"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t('structure.settings.reminderBefore')}
            description={t('structure.settings.zeroNone')}
            value={values.reminder_days_before}
            onChange={(v) => set({ reminder_days_before: v })}
            min={0}
            max={60}
            allowDecimal={false}
          />
          <NumberInput
            label={t('structure.settings.reminderAfter')}
            description={t('structure.settings.zeroNone')}
            value={values.reminder_days_after}
            onChange={(v) => set({ reminder_days_after: v })}
            min={0}
            max={90}
            allowDecimal={false}
          />
        </SimpleGrid>
        <Select
          label={t('structure.settings.provider')}
          data={[
            { value: '', label: t('structure.settings.noProvider') },
            ...settings.data.online_providers_available.map((p) => ({ value: p, label: p })),
          ]}
          value={values.online_provider}
          onChange={(v) => set({ online_provider: v ?? '' })}
          allowDeselect={false}
        />
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending}>
            {t('structure.settings.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
