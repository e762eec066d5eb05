import { BILLING_CYCLES, type BillingCycle, FEE_ITEM_KINDS, type FeeItemKind, feeStructureRequestSchema } from '@cue/contract';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/FormModal';
import { errorText, toast } from '../../../../lib/notify';
import { useStaffClassList, useStudents } from '../../../admin/api';
import { Money, MoneyInput } from '../../components/money';
import { FEES_NS } from '../../i18n';
import { feeText } from '../collection/api-collection';
import { yearsAndMonths } from '../collection/plan';
import { type FeeStructure, useSaveStructure } from './api-structure';

type Item = {
  key: number;
  _id?: string;
  kind: FeeItemKind;
  name: string;
  amount: number | null;
  optional: boolean;
  student_ids: string[];
};
type Term = { key: number; name: string; start: string; end: string };

/** An age in months typed as years and months. */
function AgeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange: (months: number | null) => void;
}) {
  const { t } = useTranslation(FEES_NS);
  const parts = value == null ? null : yearsAndMonths(value);
  const set = (years: number, months: number) => onChange(years * 12 + months);
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <NumberInput
        label={`${label} · ${t('structure.years')}`}
        value={parts?.years ?? ''}
        min={0}
        max={20}
        allowDecimal={false}
        w={130}
        onChange={(v) => (v === '' ? onChange(null) : set(Number(v), parts?.months ?? 0))}
      />
      <NumberInput
        label={t('structure.months')}
        aria-label={`${label} · ${t('structure.months')}`}
        value={parts?.months ?? ''}
        min={0}
        max={11}
        allowDecimal={false}
        w={100}
        onChange={(v) => set(parts?.years ?? 0, v === '' ? 0 : Number(v))}
      />
    </Group>
  );
}

/** The children an optional item bills (meals, transport). */
function ChildrenPicker({ label, value, onChange }: { label: string; value: string[]; onChange: (ids: string[]) => void }) {
  const [search, setSearch] = useState('');
  const students = useStudents({ search, class_id: null, page: 1, page_size: 50 });
  const [names, setNames] = useState<Record<string, string>>({});
  const found = (students.data?.items ?? []).map((s) => ({ value: s._id, label: `${s.first_name} ${s.last_name}` }));
  const data = [
    ...found,
    ...value.filter((id) => !found.some((f) => f.value === id)).map((id) => ({ value: id, label: names[id] ?? id })),
  ];
  return (
    <MultiSelect
      aria-label={label}
      placeholder={label}
      data={data}
      value={value}
      onChange={(ids) => {
        setNames((n) => ({ ...n, ...Object.fromEntries(found.map((f) => [f.value, f.label])) }));
        onChange(ids);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      size="xs"
    />
  );
}

/** A fee structure's editor: whom it bills, its cycle and due day, terms, items and the live total. */
export function StructureForm({
  structure,
  currency,
  onClose,
}: {
  structure: FeeStructure | null;
  currency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(FEES_NS);
  const classes = useStaffClassList();
  const save = useSaveStructure();
  const [name, setName] = useState(structure?.name ?? '');
  const [cycle, setCycle] = useState<BillingCycle>(structure?.billing_cycle ?? 'monthly');
  const [dueDay, setDueDay] = useState<number>(structure?.due_day ?? 5);
  const [by, setBy] = useState<'classes' | 'age'>(structure && structure.classes.length === 0 ? 'age' : 'classes');
  const [classIds, setClassIds] = useState<string[]>(structure?.classes.map((c) => c._id) ?? []);
  const [ageFrom, setAgeFrom] = useState<number | null>(structure?.age_from_months ?? null);
  const [ageTo, setAgeTo] = useState<number | null>(structure?.age_to_months ?? null);
  const [terms, setTerms] = useState<Term[]>(structure?.terms.map((x, n) => ({ key: n, ...x })) ?? []);
  const [items, setItems] = useState<Item[]>(
    structure?.items.map((x, n) => ({
      key: n,
      _id: x._id,
      kind: x.kind,
      name: x.name,
      amount: x.amount,
      optional: x.optional,
      student_ids: x.student_ids,
    })) ?? [{ key: 0, kind: 'tuition', name: '', amount: null, optional: false, student_ids: [] }],
  );
  const [error, setError] = useState<string | null>(null);
  const setItem = (key: number, change: Partial<Item>) =>
    setItems((all) => all.map((x) => (x.key === key ? { ...x, ...change } : x)));
  const setTerm = (key: number, change: Partial<Term>) =>
    setTerms((all) => all.map((x) => (x.key === key ? { ...x, ...change } : x)));
  const total = items.filter((x) => !x.optional).reduce((sum, x) => sum + (x.amount ?? 0), 0);

  const submit = () => {
    const body = {
      name,
      billing_cycle: cycle,
      due_day: dueDay,
      class_ids: by === 'classes' ? classIds : [],
      age_from_months: by === 'age' ? ageFrom : null,
      age_to_months: by === 'age' ? ageTo : null,
      terms: cycle === 'termly' ? terms.map(({ name: n, start, end }) => ({ name: n, start, end })) : [],
      items: items.map(({ _id, kind, name: n, amount, optional, student_ids }) => ({
        _id,
        kind,
        name: n,
        amount: amount ?? -1,
        optional,
        student_ids: optional ? student_ids : [],
      })),
    };
    const checked = feeStructureRequestSchema.safeParse(body);
    if (!checked.success) {
      const first = checked.error.issues[0];
      const field = String(first?.path[0] ?? '');
      setError(t(`structure.invalid.${['name', 'class_ids', 'terms', 'items'].includes(field) ? field : 'other'}`));
      return;
    }
    setError(null);
    save.mutate(
      { id: structure?._id, body: checked.data },
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
      title={structure ? t('structure.editTitle', { name: structure.name }) : t('structure.addTitle')}
      submitLabel={t('structure.save')}
      onSubmit={submit}
      pending={save.isPending}
      error={error}
      size="xl"
    >
      <TextInput
        label={t('structure.name')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        required
        maxLength={120}
        data-autofocus
      />
      <Group grow wrap="wrap" align="flex-end">
        <Select
          label={t('structure.cycle')}
          data={BILLING_CYCLES.map((c) => ({ value: c, label: t(`structure.cycles.${c}`) }))}
          value={cycle}
          onChange={(v) => v && setCycle(v as BillingCycle)}
          allowDeselect={false}
          miw={160}
        />
        <NumberInput
          label={t('structure.dueDay')}
          description={t('structure.dueDayHint')}
          value={dueDay}
          min={1}
          max={28}
          allowDecimal={false}
          onChange={(v) => setDueDay(Number(v) || 1)}
          miw={160}
        />
      </Group>
      <Stack gap={4}>
        <Text fz="sm" fw={500} id="structure-bills">
          {t('structure.bills')}
        </Text>
        <SegmentedControl
          aria-labelledby="structure-bills"
          value={by}
          onChange={(v) => setBy(v as 'classes' | 'age')}
          data={[
            { value: 'classes', label: t('structure.byClasses') },
            { value: 'age', label: t('structure.byAge') },
          ]}
        />
      </Stack>
      {by === 'classes' ? (
        <MultiSelect
          label={t('structure.classes')}
          data={(classes.data ?? []).map((c) => ({ value: c._id, label: c.class_name }))}
          value={classIds}
          onChange={setClassIds}
          searchable
        />
      ) : (
        <Group gap="lg" wrap="wrap">
          <AgeField label={t('structure.ageFrom')} value={ageFrom} onChange={setAgeFrom} />
          <AgeField label={t('structure.ageTo')} value={ageTo} onChange={setAgeTo} />
        </Group>
      )}
      {cycle === 'termly' && (
        <Stack gap="xs">
          <Text fz="sm" fw={500}>
            {t('structure.terms')}
          </Text>
          {terms.map((x, n) => (
            <Group key={x.key} gap="xs" wrap="wrap" align="flex-end">
              <TextInput
                aria-label={t('structure.termName', { n: n + 1 })}
                placeholder={t('structure.termNamePlaceholder')}
                value={x.name}
                onChange={(e) => setTerm(x.key, { name: e.currentTarget.value })}
                w={160}
              />
              <TextInput
                aria-label={t('structure.termStart', { n: n + 1 })}
                placeholder="DD-MM-YYYY"
                value={x.start}
                onChange={(e) => setTerm(x.key, { start: e.currentTarget.value })}
                w={130}
                dir="ltr"
              />
              <TextInput
                aria-label={t('structure.termEnd', { n: n + 1 })}
                placeholder="DD-MM-YYYY"
                value={x.end}
                onChange={(e) => setTerm(x.key, { end: e.currentTarget.value })}
                w={130}
                dir="ltr"
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('structure.removeTerm', { n: n + 1 })}
                onClick={() => setTerms((all) => all.filter((y) => y.key !== x.key))}
                mb={4}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setTerms((all) => [...all, { key: Date.now(), name: '', start: '', end: '' }])}
              disabled={terms.length >= 6}
            >
              {t('structure.addTerm')}
            </Button>
          </Group>
        </Stack>
      )}
      <Table.ScrollContainer minWidth={640} type="native">
        <Table verticalSpacing={4}>
          <Table.Caption>{t('structure.itemsCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('structure.itemKind')}</Table.Th>
              <Table.Th>{t('structure.itemName')}</Table.Th>
              <Table.Th w={170}>{t('structure.itemAmount')}</Table.Th>
              <Table.Th>{t('structure.itemOptional')}</Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((x, n) => (
              <Table.Tr key={x.key}>
                <Table.Td>
                  <Select
                    aria-label={t('structure.itemKindOf', { n: n + 1 })}
                    data={FEE_ITEM_KINDS.map((k) => ({ value: k, label: t(`structure.itemKinds.${k}`) }))}
                    value={x.kind}
                    onChange={(v) => v && setItem(x.key, { kind: v as FeeItemKind })}
                    allowDeselect={false}
                    w={140}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t('structure.itemNameOf', { n: n + 1 })}
                    value={x.name}
                    onChange={(e) => setItem(x.key, { name: e.currentTarget.value })}
                    maxLength={120}
                    miw={140}
                  />
                </Table.Td>
                <Table.Td>
                  <MoneyInput
                    aria-label={t('structure.itemAmountOf', { n: n + 1 })}
                    currency={currency}
                    value={x.amount}
                    onChange={(v) => setItem(x.key, { amount: v })}
                  />
                </Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    <Checkbox
                      label={t('structure.optional')}
                      checked={x.optional}
                      onChange={(e) => setItem(x.key, { optional: e.currentTarget.checked })}
                    />
                    {x.optional && (
                      <ChildrenPicker
                        label={t('structure.childrenOf', { n: n + 1 })}
                        value={x.student_ids}
                        onChange={(ids) => setItem(x.key, { student_ids: ids })}
                      />
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('structure.removeItem', { n: n + 1 })}
                    onClick={() => setItems((all) => all.filter((y) => y.key !== x.key))}
                    disabled={items.length <= 1}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            setItems((all) => [
              ...all,
              { key: Date.now(), kind: 'other', name: '', amount: null, optional: false, student_ids: [] },
            ])
          }
          disabled={items.length >= 30}
        >
          {t('structure.addItem')}
        </Button>
        <Text fw={700} aria-live="polite" data-testid="structure-total">
          {t('structure.totalPerCycle')} <Money amount={total} currency={currency} />
        </Text>
      </Group>
    </FormModal>
  );
}
