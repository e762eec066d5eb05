import {
  ddmmyyyyFromIso,
  doseRequestSchema,
  ERROR_CODES,
  homeDoseRequestSchema,
  isoFromDdmmyyyy,
  type Medicine,
  medicineRequestSchema,
} from '@cue/contract';
import { Alert, Button, Checkbox, Group, NumberInput, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput, DatesProvider, TimeInput } from '@mantine/dates';
import { IconCalendar, IconCircleCheck, IconClockHour4, IconHome, IconPill } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { ConfirmModal, FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { SoftBadge } from '../../../components/SoftBadge';
import { ApiError } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import { toastThen } from '../../../lib/saved';
import type { Side } from '../../../lib/session';
import { useCareDay, useCreateMedicine, useEndMedicine, useGiveDose, useHomeDose } from '../api';
import {
  doseAllowed,
  fieldFromWire,
  isolate,
  lastDose,
  nowWire,
  readableDay,
  readableMoment,
  readableTime,
  todayWire,
  wireFromField,
} from '../care';
import { CARELOG_NS, careErrorText, careMessage } from '../i18n';

/** Days as the pickers hold them (YYYY-MM-DD) ↔ the wire's DD-MM-YYYY. */
const pickerDay = (wire: string): string | null => isoFromDdmmyyyy(wire);
const wireDay = (picker: string | null): string => (picker ? ddmmyyyyFromIso(picker) : '');

const dayField = {
  valueFormat: 'DD-MM-YYYY',
  valueFormatter: readerDateFormatter(DAY),
  leftSection: <IconCalendar size={16} aria-hidden />,
} as const;

/** "Too soon" with the last dose and the next allowed time of the record as read again after the refusal. */
function tooSoonText(medicine: Medicine, t: (key: string, values?: Record<string, string>) => string): string {
  const lng = currentLanguage();
  const last = lastDose(medicine.doses);
  if (!medicine.next_allowed_at) return t('medicine.tooSoon');
  return t('medicine.tooSoonAt', {
    last: last ? readableTime(last.time, lng) : '',
    next: readableMoment(medicine.next_allowed_at, lng),
  });
}

/** The staff who may witness a dose: the school's other staff, as the class's care day lists them. */
function useWitnessOptions(classId: string | null): { value: string; label: string }[] {
  const day = useCareDay(classId, todayWire());
  return (day.data?.witnesses ?? []).map((p) => ({ value: p._id, label: p.name }));
}

/** "Give dose": the time (now), the dose (the record's), a witness and a note; "too soon" and "no permission" said plainly. */
function DoseModal({ medicine, classId, onClose }: { medicine: Medicine; classId: string | null; onClose: () => void }) {
  const { t } = useTranslation(CARELOG_NS);
  const give = useGiveDose();
  const witnesses = useWitnessOptions(classId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useContractForm({
    schema: doseRequestSchema,
    initialValues: { time: fieldFromWire(nowWire()), dose: medicine.dose, witness_id: null as string | null, note: '' },
    toBody: (v) => ({
      date: todayWire(),
      time: wireFromField(v.time) ?? '',
      dose: v.dose.trim() || undefined,
      witness_id: v.witness_id ?? undefined,
      note: v.note,
    }),
    messages: { time: { required: t('field.timeRequired'), format: t('field.timeRequired') } },
  });
  const submit = form.submitWith(
    (body) => {
      setRefusal(null);
      return give.mutateAsync({ id: medicine._id, body });
    },
    {
      onSuccess: toastThen(careMessage('doseRecorded'), onClose),
      onError: (err) => setRefusal(err instanceof ApiError ? err.code : null),
    },
  );
  const error =
    refusal === ERROR_CODES.doseTooSoon
      ? tooSoonText(medicine, t)
      : refusal && refusal !== ERROR_CODES.validation
        ? careErrorText(new ApiError(409, '', refusal))
        : form.error;
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('medicine.giveTitle', { medicine: medicine.name, name: medicine.student.name })}
      submitLabel={t('medicine.recordDose')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={error}
      size="md"
    >
      {medicine.next_allowed_at && !doseAllowed(medicine.next_allowed_at) && (
        <Alert color="orange" variant="light" icon={<IconClockHour4 size={18} aria-hidden />} p="xs">
          {t('medicine.nextFrom', { time: readableMoment(medicine.next_allowed_at, currentLanguage()) })}
        </Alert>
      )}
      <TimeInput label={t('field.time')} required {...form.getInputProps('time')} />
      <TextInput label={t('field.dose')} maxLength={200} {...form.getInputProps('dose')} />
      <Select
        label={t('field.witness')}
        description={t('field.witnessHint')}
        data={witnesses}
        searchable
        clearable
        nothingFoundMessage={t('field.noWitness')}
        {...form.getInputProps('witness_id')}
      />
      <Textarea label={t('field.note')} autosize minRows={1} maxLength={1000} {...form.getInputProps('note')} />
    </FormModal>
  );
}

/** "Given at home": the day and time the family last gave it, so the school does not give it too soon. */
function HomeDoseModal({ medicine, onClose }: { medicine: Medicine; onClose: () => void }) {
  const { t } = useTranslation(CARELOG_NS);
  const home = useHomeDose();
  const form = useContractForm({
    schema: homeDoseRequestSchema,
    initialValues: { date: pickerDay(todayWire()), time: fieldFromWire(nowWire()), note: '' },
    toBody: (v) => ({ date: wireDay(v.date), time: wireFromField(v.time) ?? '', note: v.note }),
    messages: { time: { required: t('field.timeRequired'), format: t('field.timeRequired') } },
  });
  const submit = form.submitWith((body) => home.mutateAsync({ id: medicine._id, body }), {
    onSuccess: toastThen(careMessage('homeDoseRecorded'), onClose),
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('medicine.homeTitle', { medicine: medicine.name })}
      submitLabel={t('action.save')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
      size="sm"
    >
      <DatePickerInput
        label={t('field.date')}
        required
        maxDate={pickerDay(todayWire()) ?? undefined}
        {...dayField}
        {...form.getInputProps('date')}
      />
      <TimeInput label={t('field.time')} required {...form.getInputProps('time')} />
      <Textarea label={t('field.note')} autosize minRows={1} maxLength={1000} {...form.getInputProps('note')} />
    </FormModal>
  );
}

/**
 * A new medicine record: by the family in the app (their permission ticked, required), or by staff from
 * the family's signed paper form (the child chosen from the class).
 */
export function MedicineModal({
  side,
  studentId,
  childOptions,
  onClose,
}: {
  side: Side;
  /** The family's child; staff choose among `childOptions`. */
  studentId?: string;
  childOptions?: { value: string; label: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation(CARELOG_NS);
  const create = useCreateMedicine(side);
  const parent = side === 'parent';
  const today = pickerDay(todayWire());
  const form = useContractForm({
    schema: medicineRequestSchema,
    initialValues: {
      student_id: studentId ?? (null as string | null),
      name: '',
      dose: '',
      times: '',
      reason: '',
      min_interval_hours: 4 as number | string,
      from: today,
      to: today,
      consent: false,
      signed_form: false,
    },
    toBody: (v) => ({
      ...v,
      student_id: v.student_id ?? '',
      min_interval_hours: v.min_interval_hours === '' ? 4 : Number(v.min_interval_hours),
      from: wireDay(v.from),
      to: wireDay(v.to),
      consent: parent ? v.consent : false,
      signed_form: parent ? false : v.signed_form,
    }),
    messages: { student_id: { required: t('field.childRequired'), format: t('field.childRequired') } },
    rules: (v) => ({
      consent: parent && !v.consent && careMessage('consentRequired'),
      signed_form: !parent && !v.signed_form && t('medicine.signedFormRequired'),
      to: v.from && v.to && v.to < v.from && t('field.toAfterFrom'),
    }),
  });
  const submit = form.submitWith((body) => create.mutateAsync(body), {
    onSuccess: toastThen(careMessage('medicineSaved'), onClose),
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={parent ? t('medicine.addTitle') : t('medicine.addSignedTitle')}
      submitLabel={t('action.save')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
    >
      <DatesProvider settings={{ locale: currentLanguage() }}>
        <Stack gap="md">
          {!parent && (
            <Select
              label={t('field.child')}
              data={childOptions ?? []}
              searchable
              required
              {...form.getInputProps('student_id')}
            />
          )}
          <TextInput label={t('field.medicineName')} required maxLength={200} {...form.getInputProps('name')} />
          <TextInput
            label={t('field.dose')}
            description={t('field.doseHint')}
            required
            maxLength={200}
            {...form.getInputProps('dose')}
          />
          <TextInput
            label={t('field.times')}
            description={t('field.timesHint')}
            maxLength={300}
            {...form.getInputProps('times')}
          />
          <Textarea label={t('field.reason')} autosize minRows={1} maxLength={1000} {...form.getInputProps('reason')} />
          <NumberInput
            label={t('field.interval')}
            min={0}
            max={72}
            step={0.5}
            decimalScale={1}
            {...form.getInputProps('min_interval_hours')}
          />
          <Group grow gap="sm" align="flex-start">
            <DatePickerInput label={t('field.from')} required {...dayField} {...form.getInputProps('from')} />
            <DatePickerInput
              label={t('field.to')}
              required
              minDate={form.values.from ?? undefined}
              {...dayField}
              {...form.getInputProps('to')}
            />
          </Group>
          {parent ? (
            <Checkbox label={t('field.consent')} required {...form.getInputProps('consent', { type: 'checkbox' })} />
          ) : (
            <Checkbox label={t('field.signedForm')} required {...form.getInputProps('signed_form', { type: 'checkbox' })} />
          )}
        </Stack>
      </DatesProvider>
    </FormModal>
  );
}

/** Who gave permission, or that nobody has. */
function ConsentBadge({ medicine }: { medicine: Medicine }) {
  const { t } = useTranslation(CARELOG_NS);
  if (!medicine.consent)
    return (
      <SoftBadge color="red" size="sm" radius="sm" data-testid="consent-state" data-state="none">
        {t('medicine.noConsent')}
      </SoftBadge>
    );
  return (
    <SoftBadge
      color="green"
      size="sm"
      radius="sm"
      leftSection={<IconCircleCheck size={12} aria-hidden />}
      data-testid="consent-state"
      data-state={medicine.consent.kind}
    >
      {medicine.consent.kind === 'app'
        ? t('medicine.consentApp', { name: isolate(medicine.consent.by.name) })
        : t('medicine.consentForm', { name: isolate(medicine.consent.by.name) })}
    </SoftBadge>
  );
}

/** One medicine record: name, dose, times, permission, last dose and the next allowed; what the reader may do with it. */
export function MedicineCard({
  medicine,
  onGive,
  onHome,
  onEnd,
  showChild,
}: {
  medicine: Medicine;
  onGive?: () => void;
  onHome?: () => void;
  onEnd?: () => void;
  showChild?: boolean;
}) {
  const { t } = useTranslation(CARELOG_NS);
  const lng = currentLanguage();
  const last = lastDose(medicine.doses);
  const waiting = !doseAllowed(medicine.next_allowed_at);
  return (
    <Paper withBorder radius="md" p="md" data-testid="medicine" data-medicine={medicine.name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <IconPill size={22} aria-hidden color="var(--mantine-color-grape-6)" />
            <Stack gap={0} miw={0}>
              <Text fw={700} dir="auto" style={{ overflowWrap: 'anywhere' }}>
                {medicine.name}
              </Text>
              {showChild && (
                <Text fz="sm" fw={500}>
                  <bdi>{medicine.student.name}</bdi>
                </Text>
              )}
            </Stack>
          </Group>
          <Group gap={6}>
            <ConsentBadge medicine={medicine} />
            {medicine.status === 'ended' && (
              <SoftBadge color="gray" size="sm" radius="sm">
                {t('medicine.ended')}
              </SoftBadge>
            )}
          </Group>
        </Group>
        <Text fz="sm" dir="auto">
          {t('medicine.doseLine', { dose: isolate(medicine.dose), hours: medicine.min_interval_hours })}
        </Text>
        {medicine.times && (
          <Text fz="sm" dir="auto">
            {t('medicine.timesLine', { times: isolate(medicine.times) })}
          </Text>
        )}
        {medicine.reason && (
          <Text fz="sm" c="dimmed" dir="auto">
            {medicine.reason}
          </Text>
        )}
        <Text fz="xs" c="dimmed">
          {t('medicine.period', { from: readableDay(medicine.from, lng), to: readableDay(medicine.to, lng) })}
        </Text>
        <Text fz="sm" data-testid="last-dose">
          {last
            ? t(last.at_home ? 'medicine.lastHome' : 'medicine.lastSchool', {
                time: readableTime(last.time, lng),
                date: readableDay(last.date, lng),
                name: isolate(last.given_by.name),
              })
            : t('medicine.noDoseYet')}
        </Text>
        {medicine.status === 'active' && medicine.next_allowed_at && (
          <Text fz="sm" c={waiting ? 'orange.9' : 'green.9'} fw={500} data-testid="next-dose">
            {waiting ? t('medicine.nextFrom', { time: readableMoment(medicine.next_allowed_at, lng) }) : t('medicine.nextNow')}
          </Text>
        )}
        {onGive && medicine.status === 'active' && !medicine.consent && (
          <Alert color="red" variant="light" p="xs" data-testid="no-consent">
            {careMessage('noConsent')}
          </Alert>
        )}
        {(onGive || onHome || onEnd) && medicine.status === 'active' && (
          <Group gap="sm" mt={4}>
            {onGive && medicine.abilities.can_give && (
              <Button
                size="xs"
                leftSection={<IconPill size={14} aria-hidden />}
                onClick={onGive}
                aria-label={t('medicine.giveOne', { medicine: medicine.name, name: medicine.student.name })}
              >
                {t('medicine.give')}
              </Button>
            )}
            {onHome && medicine.abilities.can_record_home_dose && (
              <Button size="xs" variant="light" leftSection={<IconHome size={14} aria-hidden />} onClick={onHome}>
                {t('medicine.givenAtHome')}
              </Button>
            )}
            {onEnd && medicine.abilities.can_end && (
              <Button size="xs" variant="default" onClick={onEnd}>
                {t('medicine.end')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** A list of medicine records with their dialogs: giving a dose (staff), given at home (family), ending a record. */
export function MedicineList({
  side,
  medicines,
  classId = null,
  showChild = false,
}: {
  side: Side;
  medicines: Medicine[];
  classId?: string | null;
  showChild?: boolean;
}) {
  const { t } = useTranslation(CARELOG_NS);
  const end = useEndMedicine(side);
  const [giving, setGiving] = useState<string | null>(null);
  const [home, setHome] = useState<string | null>(null);
  const [ending, setEnding] = useState<Medicine | null>(null);
  // The dialogs read the record from the list, so a refusal's fresh read (a dose given at home meanwhile) shows.
  const givingNow = medicines.find((m) => m._id === giving);
  const homeNow = medicines.find((m) => m._id === home);
  return (
    <>
      <Stack gap="sm" data-testid="medicine-list">
        {medicines.map((m) => (
          <MedicineCard
            key={m._id}
            medicine={m}
            showChild={showChild}
            onGive={side === 'staff' ? () => setGiving(m._id) : undefined}
            onHome={side === 'parent' ? () => setHome(m._id) : undefined}
            onEnd={() => setEnding(m)}
          />
        ))}
      </Stack>
      {givingNow && <DoseModal medicine={givingNow} classId={classId} onClose={() => setGiving(null)} />}
      {homeNow && <HomeDoseModal medicine={homeNow} onClose={() => setHome(null)} />}
      <ConfirmModal
        opened={!!ending}
        onClose={() => setEnding(null)}
        title={t('medicine.endTitle')}
        message={ending ? t('medicine.endBody', { medicine: ending.name, name: ending.student.name }) : ''}
        confirmLabel={t('medicine.end')}
        pending={end.isPending}
        onConfirm={() =>
          ending &&
          end.mutate(ending._id, {
            onSuccess: toastThen(careMessage('medicineEnded'), () => setEnding(null)),
            onError: (err) => toast.error(careErrorText(err)),
          })
        }
      />
    </>
  );
}
