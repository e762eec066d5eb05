import {
  can,
  type DayPortion,
  ddmmyyyyFromIso,
  type LeaveApply,
  type LeaveType,
  leaveApplySchema,
  PAGE_PATHS,
  pagePath,
} from '@cue/contract';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconPaperclip, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { errorText, toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { useApplyLeave, useLeavePreview, useMyLeave } from '../api';
import { LEAVE_NS, leaveNeed, leaveText } from '../i18n';
import { MyAttendanceCard } from './attendance-parts';
import { CancelLeaveModal, Dates, DOCUMENT_ACCEPT, RatioWarnings, StatusBadge, TypeChip } from './parts';

interface ApplyValues {
  leave_type_id: string;
  start: string | null;
  end: string | null;
  start_portion: DayPortion;
  end_portion: DayPortion;
  reason: string;
}

const bodyOf = (v: ApplyValues): LeaveApply => ({
  leave_type_id: v.leave_type_id,
  start_date: v.start ? ddmmyyyyFromIso(v.start) : '',
  end_date: v.end ? ddmmyyyyFromIso(v.end) : '',
  start_portion: v.start_portion,
  end_portion: v.end_portion,
  reason: v.reason,
});

function ApplyDialog({ types, onClose }: { types: LeaveType[]; onClose: () => void }) {
  const { t } = useTranslation(LEAVE_NS);
  const apply = useApplyLeave();
  const form = useContractForm({
    schema: leaveApplySchema,
    initialValues: {
      leave_type_id: types[0]?._id ?? '',
      start: null,
      end: null,
      start_portion: 'full',
      end_portion: 'full',
      reason: '',
    } as ApplyValues,
    toBody: bodyOf,
    fields: { start_date: 'start', end_date: 'end' },
    messages: { leave_type_id: t('apply.typeNeeded'), start_date: t('apply.startNeeded'), end_date: t('apply.endNeeded') },
  });
  const v = form.values;
  const type = types.find((x) => x._id === v.leave_type_id);
  const oneDay = !!v.start && v.start === v.end;
  const complete = !!v.leave_type_id && !!v.start && !!v.end && v.end >= v.start;
  const preview = useLeavePreview(complete ? bodyOf(v) : null);
  const [document, setDocument] = useState<File | null>(null);
  const submit = form.submitWith((body) => apply.mutateAsync({ body, document }), {
    onSuccess: (answer) => {
      toast.success(leaveText((answer as { message?: string }).message) || t('messages.applied'));
      onClose();
    },
  });
  // One day: whole, morning or afternoon; several: the first from noon, the last until noon.
  const portionData = (which: 'start' | 'end') =>
    (oneDay ? (['full', 'am', 'pm'] as const) : which === 'start' ? (['full', 'pm'] as const) : (['full', 'am'] as const)).map(
      (p) => ({ value: p, label: t(`portionChoice.${which}.${p}`) }),
    );
  const p = preview.data;
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('apply.title')}
      submitLabel={t('apply.submit')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
    >
      <Stack gap="md">
        <Select
          label={t('apply.type')}
          data={types.map((x) => ({ value: x._id, label: x.name }))}
          {...form.getInputProps('leave_type_id')}
          allowDeselect={false}
          required
          data-autofocus
        />
        <Group grow align="flex-start">
          <DatePickerInput
            label={t('apply.start')}
            value={v.start}
            onChange={(d) => {
              const iso = d ? String(d).slice(0, 10) : null;
              form.setFieldValue('start', iso);
              if (iso && (!v.end || v.end < iso)) form.setFieldValue('end', iso);
            }}
            error={form.errors.start}
            valueFormat="DD-MM-YYYY"
            valueFormatter={readerDateFormatter(DAY)}
            required
          />
          <DatePickerInput
            label={t('apply.end')}
            value={v.end}
            onChange={(d) => form.setFieldValue('end', d ? String(d).slice(0, 10) : null)}
            error={form.errors.end}
            minDate={v.start ?? undefined}
            valueFormat="DD-MM-YYYY"
            valueFormatter={readerDateFormatter(DAY)}
            required
          />
        </Group>
        {type?.half_days && v.start && (
          <Group grow align="flex-start">
            <Select
              label={oneDay ? t('apply.portionOneDay') : t('apply.startPortion')}
              data={portionData('start')}
              value={v.start_portion}
              onChange={(x) => {
                form.setFieldValue('start_portion', (x ?? 'full') as DayPortion);
                if (oneDay) form.setFieldValue('end_portion', 'full');
              }}
              allowDeselect={false}
            />
            {!oneDay && (
              <Select
                label={t('apply.endPortion')}
                data={portionData('end')}
                value={v.end_portion}
                onChange={(x) => form.setFieldValue('end_portion', (x ?? 'full') as DayPortion)}
                allowDeselect={false}
              />
            )}
          </Group>
        )}
        <Textarea label={t('apply.reason')} autosize minRows={2} maxLength={1000} {...form.getInputProps('reason')} />
        <FileInput
          label={t('apply.document')}
          description={t('apply.documentHint')}
          accept={DOCUMENT_ACCEPT}
          value={document}
          onChange={setDocument}
          clearable
          clearButtonProps={{ 'aria-label': t('apply.removeDocument') }}
          leftSection={<IconPaperclip size={16} aria-hidden />}
        />
        {preview.isError && (
          <Alert color="red" variant="light" data-testid="leave-preview-error">
            {errorText(preview.error)}
          </Alert>
        )}
        {p && complete && (
          <Paper withBorder radius="md" p="sm" data-testid="leave-preview">
            <Stack gap={4}>
              <Text fw={700}>{t('apply.counted', { count: p.days })}</Text>
              {p.skipped.length > 0 && (
                <Text fz="sm" c="dimmed">
                  {t('apply.skipped', {
                    days: p.skipped
                      .map((s) => (s.reason === 'holiday' ? `${s.date} (${s.name || t('apply.holiday')})` : s.date))
                      .join(', '),
                  })}
                </Text>
              )}
              {p.balance_after !== null && (
                <Text fz="sm" c={p.balance_after < 0 ? 'red.8' : undefined}>
                  {t('apply.balanceAfter', { count: p.balance_after })}
                </Text>
              )}
              <RatioWarnings warnings={p.ratio_warnings} />
            </Stack>
          </Paper>
        )}
      </Stack>
    </FormModal>
  );
}

function Body() {
  const { t } = useTranslation(LEAVE_NS);
  const { held } = useShell();
  // A school may keep staff attendance without the leave module: then the page is the check-in card.
  const leaveOn = can({ feature: 'leave_management' }, held);
  const me = useMyLeave(leaveOn);
  const [applying, setApplying] = useState(false);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const data = me.data;
  return (
    <Page
      title={t('mine.title')}
      description={t('mine.description')}
      actions={
        leaveOn && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setApplying(true)}
            disabled={!data?.leave_types.length}
          >
            {t('apply.open')}
          </Button>
        )
      }
    >
      {can({ feature: 'staff_attendance' }, held) && <MyAttendanceCard />}
      {leaveOn && me.isPending && <Skeleton h={120} radius="lg" />}
      {me.isError && (
        <Alert color="red" variant="light">
          {errorText(me.error)}
        </Alert>
      )}
      {data && (
        <>
          <Text fz="sm" c="dimmed" data-testid="leave-manager">
            {data.manager ? t('mine.manager', { name: data.manager.name }) : t('mine.noManager')}{' '}
            <Anchor component={Link} to={PAGE_PATHS.leaveRequests} fz="sm">
              {t('mine.toDecide')}
            </Anchor>
          </Text>
          <section aria-labelledby="leave-balances">
            <Title order={2} fz="h4" id="leave-balances" mb="sm">
              {t('mine.balances')}
            </Title>
            {data.balances.length === 0 ? (
              <Text c="dimmed">{t('mine.noTypes')}</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
                {data.balances.map((b) => (
                  <Paper
                    key={b.leave_type._id}
                    withBorder
                    radius="lg"
                    p="md"
                    data-testid="leave-balance"
                    style={{ borderInlineStart: `4px solid ${b.leave_type.color}` }}
                  >
                    <Text fw={700}>{b.leave_type.name}</Text>
                    <Text fz={26} fw={700} c={b.available < 0 ? 'red.8' : undefined}>
                      {t('days', { count: b.available })}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {t('mine.balanceDetail', {
                        entitled: b.entitled,
                        carried: b.carried_over,
                        taken: b.taken,
                        pending: b.pending,
                      })}
                    </Text>
                  </Paper>
                ))}
              </SimpleGrid>
            )}
          </section>
          <section aria-labelledby="leave-requests">
            <Title order={2} fz="h4" id="leave-requests" mb="sm">
              {t('mine.requests')}
            </Title>
            <DataTable
              caption={t('mine.requests')}
              testId="my-leave-requests"
              rows={data.requests}
              rowKey={(r) => r._id}
              rowLabel={(r) => `${r.leave_type.name} ${r.start_date}`}
              emptyText={t('mine.none')}
              columns={[
                { key: 'type', header: t('table.type'), render: (r) => <TypeChip type={r.leave_type} /> },
                {
                  key: 'dates',
                  header: t('table.dates'),
                  render: (r) => (
                    <Anchor component={Link} to={pagePath.leaveRequest(r._id)} fz="sm">
                      <Dates r={r} />
                    </Anchor>
                  ),
                },
                { key: 'days', header: t('table.days'), render: (r) => t('days', { count: r.days }), align: 'end' },
                { key: 'status', header: t('table.status'), render: (r) => <StatusBadge status={r.status} /> },
              ]}
              actions={(r) =>
                r.abilities.cancel
                  ? [{ label: t('mine.cancel'), icon: IconX, onClick: () => setCancelling(r._id), color: 'red' }]
                  : []
              }
            />
          </section>
          {applying && <ApplyDialog types={data.leave_types} onClose={() => setApplying(false)} />}
          <CancelLeaveModal id={cancelling} onClose={() => setCancelling(null)} />
        </>
      )}
    </Page>
  );
}

/** /admin/leave-portal/myleave and /staff-leave/: a member's balances, applying for leave, their requests. */
export default function MyLeavePage() {
  return (
    <Gate need={leaveNeed('leave-portal.myleave')}>
      <Body />
    </Gate>
  );
}
