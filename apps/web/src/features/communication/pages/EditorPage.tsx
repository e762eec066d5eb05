import '@mantine/dates/styles.css';
import 'dayjs/locale/ar';
import 'dayjs/locale/he';
import { type Communication, type CommunicationType, communicationRequestSchema, DATE_FORMAT, TITLE_MAX } from '@cue/contract';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Grid,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  useDirection,
} from '@mantine/core';
import { DateInput, DatesProvider, TimePicker } from '@mantine/dates';
import type { FormErrors } from '@mantine/form';
import { IconAlertTriangle, IconArrowLeft, IconCalendarClock, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useContractForm } from '../../../components/form/useContractForm';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import { Gate } from '../../shell/pages/Gate';
import { useCurrentClass } from '../../shell/Selectors';
import { useCommunication, useSaveCommunication } from '../api';
import { AttachmentsField, type FormAttachment } from '../components/AttachmentsField';
import { menuNeed, Page } from '../components/Page';
import { SendConfirm } from '../components/SendConfirm';
import { SummaryEditor } from '../components/SummaryEditor';
import { COMMUNICATION_NS, commMessage, failureText, listPath } from '../i18n';

dayjs.extend(customParseFormat);

interface FormValues {
  title: string;
  summary: string;
  share_with: 'Everyone' | 'Classes';
  classes_ids: string[];
  send_email: boolean;
  schedule_later: boolean;
  /** YYYY-MM-DD (the date pickers' value). */
  date: string | null;
  /** HH:mm:ss (the time picker's value). */
  time: string;
  due_date: string | null;
  attachments: FormAttachment[];
}

const ISO = 'YYYY-MM-DD';
/** 'DD-MM-YYYY' ↔ the pickers' 'YYYY-MM-DD'. */
const fromWire = (value: string | null | undefined) => {
  if (!value) return null;
  const d = dayjs(value, DATE_FORMAT, true);
  return d.isValid() ? d.format(ISO) : null;
};
const toWire = (value: string | null) => (value ? dayjs(value, ISO).format(DATE_FORMAT) : undefined);
/** 'hh:mm A' ↔ the time picker's 'HH:mm:ss'. */
const timeFromWire = (value: string | null | undefined) => {
  const d = value ? dayjs(value, 'hh:mm A', true) : null;
  return d?.isValid() ? d.format('HH:mm:ss') : '';
};
const timeToWire = (value: string) => {
  const d = dayjs(value, ['HH:mm:ss', 'HH:mm'], true);
  return d.isValid() ? d.format('hh:mm A') : undefined;
};
/** Typed dates are read as DD-MM-YYYY (the spec's date format), as shown. */
const parseTyped = (value: string) => {
  const d = dayjs(value.trim(), DATE_FORMAT, true);
  return d.isValid() ? d.format(ISO) : null;
};

function initialValues(item: Communication | undefined, classId: string | null, type: CommunicationType): FormValues {
  if (item)
    return {
      title: item.title,
      summary: item.summary,
      share_with: item.share_with,
      classes_ids: item.classes_ids,
      send_email: item.send_email,
      schedule_later: item.schedule_later,
      date: fromWire(item.date),
      time: timeFromWire(item.time),
      due_date: fromWire(item.due_date),
      attachments: item.announcement_media.map((m) => ({ key: m.media_link, ...m, percent: 100 })),
    };
  return {
    title: '',
    summary: '',
    share_with: type === 'homework' ? 'Classes' : 'Everyone',
    classes_ids: type === 'homework' && classId ? [classId] : [],
    send_email: false,
    schedule_later: false,
    date: null,
    time: '',
    due_date: null,
    attachments: [],
  };
}

type Action = 'draft' | 'send' | 'schedule';

/** The create and edit form of an announcement or homework. */
function EditorForm({ type, item }: { type: CommunicationType; item?: Communication }) {
  const { t } = useTranslation(COMMUNICATION_NS);
  const navigate = useNavigate();
  const { schools, current } = useCurrentClass();
  const save = useSaveCommunication(type);
  /** The button the request is for: what it must have (a title to send, a time to schedule) depends on it. */
  const action = useRef<Action>('draft');
  const isAnnouncement = type === 'announcement';
  const toClasses = (v: FormValues) => !isAnnouncement || v.share_with === 'Classes';
  const form = useContractForm({
    schema: communicationRequestSchema,
    initialValues: initialValues(item, current?.id ?? null, type),
    toBody: (v) => ({
      title: v.title.trim(),
      summary: v.summary,
      share_with: isAnnouncement ? v.share_with : 'Classes',
      classes_ids: toClasses(v) ? v.classes_ids : [],
      send_email: v.send_email,
      save_as_draft: action.current === 'draft',
      schedule_later: v.schedule_later,
      ...(v.schedule_later ? { date: toWire(v.date), time: timeToWire(v.time) } : {}),
      announcement_media: v.attachments.flatMap((a) => (a.media_link ? [{ media_link: a.media_link }] : [])),
      ...(isAnnouncement ? {} : { due_date: toWire(v.due_date) ?? null }),
    }),
    fields: { announcement_media: 'attachments' },
    messages: { date: t('validation.dateRequired'), time: t('validation.timeRequired') },
    // The rules of sending (the server holds them too): a title to send or schedule, a class to reach, a time ahead.
    rules: (v) => {
      const time = timeToWire(v.time);
      // The browser's clock; the server checks again on the school's.
      const when = v.date && time ? dayjs(`${v.date} ${time}`, `${ISO} hh:mm A`, true) : null;
      return {
        title: action.current !== 'draft' && !v.title.trim() && commMessage('titleRequired'),
        classes_ids: toClasses(v) && v.classes_ids.length === 0 && commMessage('classesRequired'),
        date: v.schedule_later && !v.date && t('validation.dateRequired'),
        time:
          v.schedule_later &&
          (!time
            ? t('validation.timeRequired')
            : action.current === 'schedule' && when?.isValid() && !when.isAfter(dayjs()) && commMessage('scheduleInPast')),
      };
    },
  });
  const values = form.values;
  const pending = form.pending ? action.current : null;
  /** Send asks first: the confirmation says whom it reaches. */
  const [confirming, setConfirming] = useState(false);

  const classOptions = useMemo(() => {
    const mine = (schools.data?.find((s) => s.current)?.classes ?? []).map((c) => ({ value: c.id, label: c.class_name }));
    // Classes it already went to stay choosable even when they are not the staff member's.
    const extra = (item?.classes ?? []).filter((c) => !mine.some((m) => m.value === c.id));
    return [...mine, ...extra.map((c) => ({ value: c.id, label: c.class_name }))];
  }, [schools.data, item]);

  const uploading = values.attachments.some((a) => !a.media_link && !a.failed);

  const toggleSchedule = (on: boolean) => {
    form.setValues((v) => ({
      schedule_later: on,
      // A first schedule: tomorrow at nine.
      date: on && !v.date ? dayjs().add(1, 'day').format(ISO) : v.date,
      time: on && !v.time ? '09:00:00' : v.time,
    }));
    form.clearFieldError('date');
    form.clearFieldError('time');
  };

  /** What is missing is also said in a toast: the fields may be out of sight on a phone. */
  const sayFirst = (errors: FormErrors) => {
    const first = Object.values(errors).find(Boolean);
    if (first) toast.error(String(first));
  };

  const askToSend = () => {
    if (pending || uploading) return;
    action.current = 'send';
    const checked = form.validate();
    if (checked.hasErrors) sayFirst(checked.errors);
    else setConfirming(true);
  };

  const submit = (next: Action) => {
    if (pending || uploading) return;
    action.current = next;
    form.submitWith((body) => save.mutateAsync({ id: item?.id, body }), {
      onSuccess: (answer) => {
        const { result } = answer as { result: Communication };
        toast.success(commMessage(result.status === 'draft' ? 'draft' : result.status === 'scheduled' ? 'scheduled' : 'sent'));
        navigate(listPath(type));
      },
      onInvalid: sayFirst,
      onError: () => setConfirming(false),
    })();
  };

  const titleCount = Array.from(values.title).length;

  return (
    <DatesProvider settings={{ locale: currentLanguage() }}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <TextInput
                label={t('field.title')}
                placeholder={t(`${type}.titlePlaceholder`)}
                {...form.getInputProps('title')}
                maxLength={TITLE_MAX}
                description={t('field.titleCount', { count: titleCount, max: TITLE_MAX })}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                data-autofocus
                required
              />
              <SummaryEditor
                label={t('field.summary')}
                value={values.summary}
                onChange={(html) => form.setFieldValue('summary', html)}
              />
              <AttachmentsField value={values.attachments} onChange={(updater) => form.setFieldValue('attachments', updater)} />
              {form.errors.attachments && (
                <Text fz="sm" c="red">
                  {form.errors.attachments}
                </Text>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              {isAnnouncement && (
                <Stack gap={4}>
                  <Text fz="sm" fw={500} id="share-with-label">
                    {t('field.shareWith')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="share-with-label"
                    fullWidth
                    {...form.getInputProps('share_with')}
                    data={[
                      { value: 'Everyone', label: t('shareWith.everyone') },
                      { value: 'Classes', label: t('shareWith.classes') },
                    ]}
                  />
                </Stack>
              )}
              {toClasses(values) && (
                <MultiSelect
                  label={t('field.classes')}
                  placeholder={values.classes_ids.length ? undefined : t('field.classesPlaceholder')}
                  data={classOptions}
                  {...form.getInputProps('classes_ids')}
                  searchable
                  nothingFoundMessage={t('nothingFound')}
                  required
                  data-testid="class-picker"
                />
              )}
              {!isAnnouncement && (
                <DateInput
                  label={t('field.dueDate')}
                  placeholder={DATE_FORMAT}
                  valueFormat={DATE_FORMAT}
                  dateParser={parseTyped}
                  {...form.getInputProps('due_date')}
                  clearable
                  data-testid="due-date"
                />
              )}
              <Switch
                label={t('field.sendEmail')}
                description={t('field.sendEmailHint')}
                {...form.getInputProps('send_email', { type: 'checkbox' })}
              />
              <Divider />
              <Switch
                label={t('field.scheduleLater')}
                checked={values.schedule_later}
                onChange={(e) => toggleSchedule(e.currentTarget.checked)}
                data-testid="schedule-toggle"
              />
              {values.schedule_later && (
                <Stack gap="sm">
                  <DateInput
                    label={t('field.date')}
                    placeholder={DATE_FORMAT}
                    valueFormat={DATE_FORMAT}
                    dateParser={parseTyped}
                    minDate={dayjs().format(ISO)}
                    {...form.getInputProps('date')}
                    data-testid="schedule-date"
                  />
                  <TimePicker
                    label={t('field.time')}
                    format="12h"
                    withDropdown
                    {...form.getInputProps('time')}
                    hoursInputLabel={t('field.hours')}
                    minutesInputLabel={t('field.minutes')}
                    amPmInputLabel={t('field.amPm')}
                    data-testid="schedule-time"
                  />
                </Stack>
              )}
              <Divider />
              <Stack gap="sm">
                {form.error && (
                  <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="form-error">
                    {form.error}
                  </Alert>
                )}
                {values.schedule_later ? (
                  <Button
                    leftSection={<IconCalendarClock size={18} aria-hidden />}
                    onClick={() => submit('schedule')}
                    loading={pending === 'schedule'}
                    disabled={uploading || (!!pending && pending !== 'schedule')}
                  >
                    {t('action.schedule')}
                  </Button>
                ) : (
                  <Button
                    leftSection={<IconSend size={18} aria-hidden />}
                    onClick={askToSend}
                    loading={pending === 'send'}
                    disabled={uploading || (!!pending && pending !== 'send')}
                  >
                    {t('action.send')}
                  </Button>
                )}
                <Button
                  variant="default"
                  leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                  onClick={() => submit('draft')}
                  loading={pending === 'draft'}
                  disabled={uploading || (!!pending && pending !== 'draft')}
                >
                  {t('action.saveDraft')}
                </Button>
                {uploading && (
                  <Text fz="xs" c="dimmed" ta="center">
                    {t('attachments.waiting')}
                  </Text>
                )}
              </Stack>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <SendConfirm
        opened={confirming}
        type={type}
        title={values.title.trim()}
        shareWith={isAnnouncement ? values.share_with : 'Classes'}
        classIds={toClasses(values) ? values.classes_ids : []}
        classNames={classOptions.filter((c) => values.classes_ids.includes(c.value)).map((c) => c.label)}
        sendEmail={values.send_email}
        pending={pending === 'send'}
        onConfirm={() => submit('send')}
        onClose={() => setConfirming(false)}
      />
    </DatesProvider>
  );
}

function BackLink({ type }: { type: CommunicationType }) {
  const { t } = useTranslation(COMMUNICATION_NS);
  const { dir } = useDirection();
  return (
    <Anchor component={Link} to={listPath(type)} fz="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined} />
        {t(`${type}.back`)}
      </Group>
    </Anchor>
  );
}

function CreatePage({ type }: { type: CommunicationType }) {
  const { t } = useTranslation(COMMUNICATION_NS);
  return (
    <Gate need={menuNeed(type)}>
      <Page title={t(`${type}.createTitle`)} actions={<BackLink type={type} />}>
        <EditorForm type={type} />
      </Page>
    </Gate>
  );
}

function EditLoader({ type }: { type: CommunicationType }) {
  const { t } = useTranslation(COMMUNICATION_NS);
  const { id = '' } = useParams();
  const item = useCommunication('staff', type, id);
  let body: ReactNode;
  if (item.isPending) body = <Skeleton h={360} radius="lg" />;
  else if (item.error || !item.data)
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="edit-refused">
        {failureText(item.error)}
      </Alert>
    );
  else if (!item.data.abilities.can_edit)
    body = (
      <Alert color="gray" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="edit-refused">
        {item.data.is_published ? commMessage('cannotEditPublished') : t('noEditPermission')}
      </Alert>
    );
  else body = <EditorForm key={item.data.id} type={type} item={item.data} />;
  return (
    <Page title={t(`${type}.editTitle`)} actions={<BackLink type={type} />}>
      {body}
    </Page>
  );
}

function EditPage({ type }: { type: CommunicationType }) {
  return (
    <Gate need={menuNeed(type)}>
      <EditLoader type={type} />
    </Gate>
  );
}

export const AnnouncementCreatePage = () => <CreatePage type="announcement" />;
export const HomeworkCreatePage = () => <CreatePage type="homework" />;
export const AnnouncementEditPage = () => <EditPage type="announcement" />;
export const HomeworkEditPage = () => <EditPage type="homework" />;
