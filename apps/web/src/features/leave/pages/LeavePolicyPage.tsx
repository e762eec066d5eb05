import { LEAVE_ACCRUALS, type LeaveType, leaveTypeRequestSchema, WEEKDAYS } from '@cue/contract';
import {
  Alert,
  Button,
  Checkbox,
  ColorInput,
  Group,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { errorText, toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import {
  useArchiveLeaveType,
  useLeaveSettings,
  useLeaveTypes,
  useLineManagers,
  useSaveLeaveSettings,
  useSaveLeaveType,
  useSaveLineManagers,
} from '../api';
import { LEAVE_NS, leaveNeed, leaveText } from '../i18n';

function TypeDialog({ type, onClose }: { type: LeaveType | null; onClose: () => void }) {
  const { t } = useTranslation(LEAVE_NS);
  const save = useSaveLeaveType();
  const form = useContractForm({
    schema: leaveTypeRequestSchema,
    initialValues: {
      name: type?.name ?? '',
      code: type?.code ?? '',
      color: type?.color ?? '#4c6ef5',
      yearly_quota: type?.yearly_quota ?? 10,
      accrual: type?.accrual ?? 'upfront',
      carry_over_limit: type?.carry_over_limit ?? 0,
      requires_approval: type?.requires_approval ?? true,
      admin_approval: type?.admin_approval ?? false,
      half_days: type?.half_days ?? true,
      allow_negative: type?.allow_negative ?? false,
      position: type?.position ?? 0,
    },
  });
  const submit = form.submitWith((body) => save.mutateAsync({ id: type?._id, body }), {
    onSuccess: (answer) => {
      toast.success(leaveText((answer as { message?: string }).message));
      onClose();
    },
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={type ? t('policy.types.edit', { name: type.name }) : t('policy.types.add')}
      submitLabel={t('policy.save')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
    >
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput label={t('policy.types.name')} {...form.getInputProps('name')} required data-autofocus />
          <TextInput label={t('policy.types.code')} maxLength={6} {...form.getInputProps('code')} required />
        </Group>
        <Group grow align="flex-start">
          <NumberInput
            label={t('policy.types.quota')}
            min={0}
            max={366}
            step={0.5}
            decimalScale={1}
            {...form.getInputProps('yearly_quota')}
          />
          <Select
            label={t('policy.types.accrual')}
            data={LEAVE_ACCRUALS.map((a) => ({ value: a, label: t(`accrual.${a}`) }))}
            {...form.getInputProps('accrual')}
            allowDeselect={false}
          />
          <NumberInput
            label={t('policy.types.carry')}
            min={0}
            max={366}
            step={0.5}
            decimalScale={1}
            {...form.getInputProps('carry_over_limit')}
          />
        </Group>
        <ColorInput label={t('policy.types.color')} {...form.getInputProps('color')} />
        <Switch label={t('policy.types.requiresApproval')} {...form.getInputProps('requires_approval', { type: 'checkbox' })} />
        <Switch
          label={t('policy.types.adminApproval')}
          disabled={!form.values.requires_approval}
          {...form.getInputProps('admin_approval', { type: 'checkbox' })}
        />
        <Switch label={t('policy.types.halfDays')} {...form.getInputProps('half_days', { type: 'checkbox' })} />
        <Switch label={t('policy.types.allowNegative')} {...form.getInputProps('allow_negative', { type: 'checkbox' })} />
      </Stack>
    </FormModal>
  );
}

function TypesTab() {
  const { t } = useTranslation(LEAVE_NS);
  const types = useLeaveTypes();
  const archive = useArchiveLeaveType();
  const [editing, setEditing] = useState<LeaveType | null | 'new'>(null);
  return (
    <>
      <DataTable
        caption={t('policy.tabs.types')}
        testId="leave-types"
        rows={types.data}
        loading={types.isPending}
        error={types.error}
        onRetry={() => void types.refetch()}
        rowKey={(x) => x._id}
        rowLabel={(x) => x.name}
        rowAttributes={(x) => ({ 'data-archived': x.archived ? 'true' : undefined })}
        emptyText={t('policy.types.none')}
        toolbar={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('policy.types.add')}
          </Button>
        }
        columns={[
          {
            key: 'name',
            header: t('policy.types.name'),
            render: (x) => (
              <Group gap={6} wrap="nowrap">
                <span
                  aria-hidden
                  style={{ width: 10, height: 10, borderRadius: 5, background: x.color, display: 'inline-block' }}
                />
                <Text fz="sm" fw={600} c={x.archived ? 'dimmed' : undefined}>
                  {x.name} ({x.code}){x.archived ? ` · ${t('policy.types.archived')}` : ''}
                </Text>
              </Group>
            ),
          },
          { key: 'quota', header: t('policy.types.quota'), render: (x) => t('days', { count: x.yearly_quota }), align: 'end' },
          { key: 'accrual', header: t('policy.types.accrual'), render: (x) => t(`accrual.${x.accrual}`) },
          {
            key: 'carry',
            header: t('policy.types.carry'),
            render: (x) => t('days', { count: x.carry_over_limit }),
            align: 'end',
          },
          {
            key: 'approval',
            header: t('policy.types.approval'),
            render: (x) => t(!x.requires_approval ? 'approval.none' : x.admin_approval ? 'approval.two' : 'approval.manager'),
          },
          {
            key: 'rules',
            header: t('policy.types.rules'),
            render: (x) =>
              [x.half_days && t('policy.types.halfDaysShort'), x.allow_negative && t('policy.types.negativeShort')]
                .filter(Boolean)
                .join(' · '),
          },
        ]}
        actions={(x) =>
          x.abilities.edit
            ? [
                { label: t('policy.types.editAction'), icon: IconPencil, onClick: () => setEditing(x) },
                {
                  label: x.archived ? t('policy.types.restore') : t('policy.types.archive'),
                  icon: x.archived ? IconArchiveOff : IconArchive,
                  onClick: () =>
                    archive.mutate(
                      { id: x._id, archived: !x.archived },
                      { onSuccess: (a) => toast.success(leaveText(a.message)), onError: (e) => toast.error(errorText(e)) },
                    ),
                },
              ]
            : []
        }
      />
      {editing && <TypeDialog type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function ManagersTab() {
  const { t } = useTranslation(LEAVE_NS);
  const list = useLineManagers();
  const save = useSaveLineManagers();
  const [chosen, setChosen] = useState<Record<string, string | null>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (list.data) setChosen(Object.fromEntries(list.data.map((m) => [m.staff._id, m.manager?._id ?? null])));
  }, [list.data]);
  if (list.isPending) return <Skeleton h={160} />;
  if (list.isError) return <Alert color="red">{errorText(list.error)}</Alert>;
  const people = list.data.map((m) => ({ value: m.staff._id, label: m.staff.name }));
  const changed = list.data.filter((m) => (m.manager?._id ?? null) !== (chosen[m.staff._id] ?? null));
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">
        {t('policy.managers.help')}
      </Text>
      {error && (
        <Alert color="red" variant="light">
          {error}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={520}>
        <Table data-testid="line-managers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('table.staff')}</Table.Th>
              <Table.Th>{t('policy.managers.classes')}</Table.Th>
              <Table.Th>{t('policy.managers.manager')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((m) => (
              <Table.Tr key={m.staff._id}>
                <Table.Td>{m.staff.name}</Table.Td>
                <Table.Td>{m.classes.map((c) => c.name).join(', ')}</Table.Td>
                <Table.Td>
                  <Select
                    aria-label={t('policy.managers.managerOf', { name: m.staff.name })}
                    placeholder={t('policy.managers.leaveManagers')}
                    data={people.filter((p) => p.value !== m.staff._id)}
                    value={chosen[m.staff._id] ?? null}
                    onChange={(v) => setChosen((c) => ({ ...c, [m.staff._id]: v }))}
                    clearable
                    searchable
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <Button
          disabled={changed.length === 0}
          loading={save.isPending}
          onClick={() => {
            setError(null);
            save.mutate(
              changed.map((m) => ({ staff_id: m.staff._id, manager_id: chosen[m.staff._id] ?? null })),
              { onSuccess: (a) => toast.success(leaveText(a.message)), onError: (e) => setError(errorText(e)) },
            );
          }}
        >
          {t('policy.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function SettingsTab() {
  const { t, i18n } = useTranslation(LEAVE_NS);
  const settings = useLeaveSettings();
  const save = useSaveLeaveSettings();
  const [days, setDays] = useState<string[]>([]);
  const [month, setMonth] = useState('1');
  const [ratio, setRatio] = useState<number>(8);
  useEffect(() => {
    if (!settings.data) return;
    setDays(settings.data.working_days);
    setMonth(String(settings.data.year_start_month));
    setRatio(settings.data.children_per_adult);
  }, [settings.data]);
  if (settings.isPending) return <Skeleton h={160} />;
  if (settings.isError) return <Alert color="red">{errorText(settings.error)}</Alert>;
  const monthName = (m: number) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, m - 1, 1)));
  return (
    <Stack gap="md" maw={560}>
      <Checkbox.Group label={t('policy.settings.workingDays')} value={days} onChange={setDays}>
        <Group mt="xs">
          {WEEKDAYS.map((d) => (
            <Checkbox key={d} value={d} label={t(`weekdays.${d}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Select
        label={t('policy.settings.yearStart')}
        data={Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: monthName(i + 1) }))}
        value={month}
        onChange={(v) => setMonth(v ?? '1')}
        allowDeselect={false}
      />
      <NumberInput
        label={t('policy.settings.ratio')}
        description={t('policy.settings.ratioHelp', { count: ratio })}
        min={1}
        max={50}
        value={ratio}
        onChange={(v) => setRatio(Number(v) || 1)}
      />
      <Group>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { working_days: days as (typeof WEEKDAYS)[number][], year_start_month: Number(month), children_per_adult: ratio },
              { onSuccess: (a) => toast.success(leaveText(a.message)), onError: (e) => toast.error(errorText(e)) },
            )
          }
        >
          {t('policy.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function Body() {
  const { t } = useTranslation(LEAVE_NS);
  return (
    <Page title={t('policy.title')} description={t('policy.description')}>
      <Tabs defaultValue="types" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="types">{t('policy.tabs.types')}</Tabs.Tab>
          <Tabs.Tab value="managers">{t('policy.tabs.managers')}</Tabs.Tab>
          <Tabs.Tab value="settings">{t('policy.tabs.settings')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="types">
          <TypesTab />
        </Tabs.Panel>
        <Tabs.Panel value="managers">
          <ManagersTab />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <SettingsTab />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}

/** /admin/leave-portal/school-policy: leave types, line managers, working days and the ratio. */
export default function LeavePolicyPage() {
  return (
    <Gate need={leaveNeed('leave-portal.school-policy')}>
      <Body />
    </Gate>
  );
}
