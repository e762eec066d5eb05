import {
  type BodyMark,
  ddmmyyyyFromIso,
  INCIDENT_KINDS,
  type Incident,
  incidentAcknowledgeSchema,
  incidentCorrectionSchema,
  incidentRegulatorSchema,
  incidentRequestSchema,
  incidentReviewSchema,
  isoFromDdmmyyyy,
} from '@cue/contract';
import { Checkbox, Group, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput, DatesProvider, TimeInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { IconCalendar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import { toastThen } from '../../../lib/saved';
import { useAcknowledgeIncident, useCorrectIncident, useCreateIncident, useRegulatorNotified, useReviewIncident } from '../api';
import { type CorrectableValues, changedFields, fieldFromWire, nowWire, todayWire, wireFromField } from '../care';
import { CARELOG_NS, careMessage } from '../i18n';
import { BodyMap } from './BodyMap';

const dayField = {
  valueFormat: 'DD-MM-YYYY',
  valueFormatter: readerDateFormatter(DAY),
  leftSection: <IconCalendar size={16} aria-hidden />,
} as const;
const wireDay = (picker: string | null): string => (picker ? ddmmyyyyFromIso(picker) : '');

/** A modal's fields, whose calendars name months and weekdays in the reader's language. */
function DatedFields({ children }: { children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: currentLanguage() }}>
      <Stack gap="md">{children}</Stack>
    </DatesProvider>
  );
}

/** What the report form holds (pickers' values; the wire's made by `reportOf`). */
interface ReportFields {
  kind: Incident['kind'];
  date: string | null;
  time: string;
  location: string;
  description: string;
  injury: string;
  first_aid: string;
  witness: string;
  serious: boolean;
  body_map: BodyMark[];
}

const fieldsOf = (incident: Incident): ReportFields => ({
  kind: incident.kind,
  date: isoFromDdmmyyyy(incident.date),
  time: fieldFromWire(incident.time),
  location: incident.location,
  description: incident.description,
  injury: incident.injury,
  first_aid: incident.first_aid,
  witness: incident.witness,
  serious: incident.serious,
  body_map: incident.body_map,
});

const reportOf = (v: ReportFields): CorrectableValues => ({
  kind: v.kind,
  date: wireDay(v.date),
  time: wireFromField(v.time) ?? '',
  location: v.location.trim(),
  description: v.description.trim(),
  injury: v.injury.trim(),
  first_aid: v.first_aid.trim(),
  witness: v.witness.trim(),
  serious: v.serious,
  body_map: v.body_map,
});

/** The report's own fields, shared by a new report and a correction. */
function ReportFieldsInputs<V extends ReportFields>({
  form,
  onBodyMap,
}: {
  form: UseFormReturnType<V>;
  onBodyMap: (marks: BodyMark[]) => void;
}) {
  const { t } = useTranslation(CARELOG_NS);
  return (
    <>
      <Radio.Group label={t('field.incidentKind')} required {...form.getInputProps('kind')}>
        <Group gap="md" mt={6}>
          {INCIDENT_KINDS.map((k) => (
            <Radio key={k} value={k} label={t(`incidentKind.${k}`)} />
          ))}
        </Group>
      </Radio.Group>
      <Group grow gap="sm" align="flex-start">
        <DatePickerInput
          label={t('field.date')}
          required
          maxDate={isoFromDdmmyyyy(todayWire()) ?? undefined}
          {...dayField}
          {...form.getInputProps('date')}
        />
        <TimeInput label={t('field.time')} required {...form.getInputProps('time')} />
      </Group>
      <TextInput label={t('field.location')} required maxLength={300} {...form.getInputProps('location')} />
      <Textarea
        label={t('field.description')}
        required
        autosize
        minRows={3}
        maxRows={10}
        maxLength={5000}
        {...form.getInputProps('description')}
      />
      <Textarea label={t('field.injury')} autosize minRows={1} maxRows={6} maxLength={2000} {...form.getInputProps('injury')} />
      <Textarea
        label={t('field.firstAid')}
        autosize
        minRows={1}
        maxRows={6}
        maxLength={2000}
        {...form.getInputProps('first_aid')}
      />
      <TextInput label={t('field.incidentWitness')} maxLength={300} {...form.getInputProps('witness')} />
      <Checkbox
        label={t('field.serious')}
        description={t('field.seriousHint')}
        {...form.getInputProps('serious', { type: 'checkbox' })}
      />
      <Stack gap={4}>
        <Text fz="sm" fw={500}>
          {t('body.title')}
        </Text>
        <BodyMap marks={form.values.body_map} onChange={onBodyMap} />
      </Stack>
    </>
  );
}

/** "New report": an accident or incident of a child of the class, with the body map and the staff member's typed signature. */
export function IncidentModal({
  classId,
  childOptions,
  date,
  onClose,
  onSaved,
}: {
  classId: string;
  childOptions: { value: string; label: string }[];
  date: string;
  onClose: () => void;
  onSaved?: (incident: Incident) => void;
}) {
  const { t } = useTranslation(CARELOG_NS);
  const create = useCreateIncident();
  const form = useContractForm({
    schema: incidentRequestSchema,
    initialValues: {
      student_id: null as string | null,
      kind: 'accident' as Incident['kind'],
      date: isoFromDdmmyyyy(date),
      time: fieldFromWire(nowWire()),
      location: '',
      description: '',
      injury: '',
      first_aid: '',
      witness: '',
      serious: false,
      body_map: [] as BodyMark[],
      signature: '',
    },
    toBody: (v) => ({ ...reportOf(v), class_id: classId, student_id: v.student_id ?? '', signature: v.signature.trim() }),
    fields: { 'body_map.*': 'body_map' },
    messages: {
      student_id: { required: t('field.childRequired'), format: t('field.childRequired') },
      signature: { required: t('field.signatureRequired') },
      time: { required: t('field.timeRequired'), format: t('field.timeRequired') },
    },
  });
  const submit = form.submitWith((body) => create.mutateAsync(body), {
    onSuccess: (answer) => {
      toast.success(careMessage('incidentSaved'));
      onClose();
      onSaved?.((answer as { result: Incident }).result);
    },
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('incident.newTitle')}
      submitLabel={t('incident.saveReport')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
      size="xl"
    >
      <DatedFields>
        <Select label={t('field.child')} data={childOptions} searchable required {...form.getInputProps('student_id')} />
        <ReportFieldsInputs form={form} onBodyMap={(marks) => form.setFieldValue('body_map', marks)} />
        <TextInput
          label={t('field.signature')}
          description={t('field.signatureHint')}
          required
          maxLength={200}
          autoComplete="name"
          {...form.getInputProps('signature')}
        />
      </DatedFields>
    </FormModal>
  );
}

/** "Correct": the report's fields as they are; only what changed is sent, with the reason (required). */
export function CorrectModal({ incident, onClose }: { incident: Incident; onClose: () => void }) {
  const { t } = useTranslation(CARELOG_NS);
  const correct = useCorrectIncident();
  const form = useContractForm({
    schema: incidentCorrectionSchema,
    initialValues: { ...fieldsOf(incident), reason: '' },
    toBody: (v) => ({ ...changedFields(incident, reportOf(v)), reason: v.reason.trim() }),
    fields: { 'body_map.*': 'body_map' },
    messages: { reason: { required: careMessage('correctionReason') } },
    rules: (v) => ({ '': Object.keys(changedFields(incident, reportOf(v))).length === 0 && careMessage('nothingChanged') }),
  });
  const submit = form.submitWith((body) => correct.mutateAsync({ id: incident._id, body }), {
    onSuccess: toastThen(careMessage('incidentCorrected'), onClose),
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('incident.correctTitle')}
      submitLabel={t('incident.saveCorrection')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
      size="xl"
    >
      <DatedFields>
        <Text fz="sm" c="dimmed">
          {t('incident.correctHint')}
        </Text>
        <ReportFieldsInputs form={form} onBodyMap={(marks) => form.setFieldValue('body_map', marks)} />
        <Textarea label={t('field.reason')} required autosize minRows={2} maxLength={1000} {...form.getInputProps('reason')} />
      </DatedFields>
    </FormModal>
  );
}

/** The manager's review, with an optional note. */
export function ReviewModal({ incident, onClose }: { incident: Incident; onClose: () => void }) {
  const { t } = useTranslation(CARELOG_NS);
  const review = useReviewIncident();
  const form = useContractForm({ schema: incidentReviewSchema, initialValues: { note: '' } });
  const submit = form.submitWith((body) => review.mutateAsync({ id: incident._id, body }), {
    onSuccess: toastThen(careMessage('incidentReviewed'), onClose),
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('incident.reviewTitle')}
      submitLabel={t('incident.markReviewed')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <Textarea label={t('field.reviewNote')} autosize minRows={2} maxLength={2000} {...form.getInputProps('note')} />
    </FormModal>
  );
}

/** A serious incident told to the regulator: the day and its reference. */
export function RegulatorModal({ incident, onClose }: { incident: Incident; onClose: () => void }) {
  const { t } = useTranslation(CARELOG_NS);
  const notify = useRegulatorNotified();
  const form = useContractForm({
    schema: incidentRegulatorSchema,
    initialValues: { on: isoFromDdmmyyyy(todayWire()), reference: '' },
    toBody: (v) => ({ on: wireDay(v.on), reference: v.reference }),
  });
  const submit = form.submitWith((body) => notify.mutateAsync({ id: incident._id, body }), {
    onSuccess: toastThen(careMessage('regulatorRecorded'), onClose),
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('incident.regulatorTitle')}
      submitLabel={t('action.save')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <DatedFields>
        <DatePickerInput
          label={t('field.notifiedOn')}
          required
          maxDate={isoFromDdmmyyyy(todayWire()) ?? undefined}
          {...dayField}
          {...form.getInputProps('on')}
        />
        <TextInput label={t('field.reference')} maxLength={200} {...form.getInputProps('reference')} />
      </DatedFields>
    </FormModal>
  );
}

/** The family's acknowledgement: their full name typed as an e-signature. */
export function AcknowledgeModal({ incident, onClose }: { incident: Incident; onClose: () => void }) {
  const { t } = useTranslation(CARELOG_NS);
  const acknowledge = useAcknowledgeIncident();
  const form = useContractForm({
    schema: incidentAcknowledgeSchema,
    initialValues: { signature: '' },
    messages: { signature: { required: t('field.signatureRequired') } },
  });
  const submit = form.submitWith((body) => acknowledge.mutateAsync({ id: incident._id, body }), {
    onSuccess: toastThen(careMessage('incidentAcknowledged'), onClose),
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('incident.acknowledgeTitle')}
      submitLabel={t('incident.acknowledge')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <Text fz="sm">{t('incident.acknowledgeHint', { name: incident.student.name })}</Text>
      <TextInput
        label={t('field.ackSignature')}
        description={t('field.signatureHint')}
        required
        maxLength={200}
        autoComplete="name"
        {...form.getInputProps('signature')}
      />
    </FormModal>
  );
}
