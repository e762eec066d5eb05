import '@mantine/dates/styles.css';
import 'dayjs/locale/ar';
import 'dayjs/locale/he';
import { type Communication, type CommunicationRequest, type CommunicationType, DATE_FORMAT, TITLE_MAX } from '@cue/contract';
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
import { IconAlertTriangle, IconArrowLeft, IconCalendarClock, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api';
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

type Errors = Partial<Record<'title' | 'classes_ids' | 'date' | 'time' | 'due_date', string>>;

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
  const [values, setValues] = useState<FormValues>(() => initialValues(item, current?.id ?? null, type));
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState<Action | null>(null);
  /** Send asks first: the confirmation says whom it reaches. */
  const [confirming, setConfirming] = useState(false);
  const isAnnouncement = type === 'announcement';

  const set = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field in errors) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const classOptions = useMemo(() => {
    const mine = (schools.data?.find((s) => s.current)?.classes ?? []).map((c) => ({ value: c.id, label: c.class_name }));
    // Classes it already went to stay choosable even when they are not the staff member's.
    const extra = (item?.classes ?? []).filter((c) => !mine.some((m) => m.value === c.id));
    return [...mine, ...extra.map((c) => ({ value: c.id, label: c.class_name }))];
  }, [schools.data, item]);

  const uploading = values.attachments.some((a) => !a.media_link && !a.failed);
  const toClasses = !isAnnouncement || values.share_with === 'Classes';

  const toggleSchedule = (on: boolean) => {
    setValues((v) => ({
      ...v,
      schedule_later: on,
      // A first schedule: tomorrow at nine.
      date: on && !v.date ? dayjs().add(1, 'day').format(ISO) : v.date,
      time: on && !v.time ? '09:00:00' : v.time,
    }));
    setErrors((e) => ({ ...e, date: undefined, time: undefined }));
  };

  const check = (action: Action): Errors => {
    const found: Errors = {};
    if (action !== 'draft' && !values.title.trim()) found.title = commMessage('titleRequired');
    if (toClasses && values.classes_ids.length === 0) found.classes_ids = commMessage('classesRequired');
    if (values.schedule_later) {
      if (!values.date) found.date = t('validation.dateRequired');
      if (!timeToWire(values.time)) found.time = t('validation.timeRequired');
      const time = timeToWire(values.time);
      if (action === 'schedule' && values.date && time) {
        // The browser's clock; the server checks again on the school's.
        const when = dayjs(`${values.date} ${time}`, `${ISO} hh:mm A`, true);
        if (when.isValid() && !when.isAfter(dayjs())) found.time = commMessage('scheduleInPast');
      }
    }
    return Object.fromEntries(Object.entries(found).filter(([, v]) => v)) as Errors;
  };

  /** Whether the form may go as `action`; shows what is missing when not. */
  const ready = (action: Action): boolean => {
    const found = check(action);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(Object.values(found)[0] ?? '');
      return false;
    }
    return true;
  };

  const askToSend = () => {
    if (pending || uploading) return;
    if (ready('send')) setConfirming(true);
  };

  const submit = (action: Action) => {
    if (pending || uploading) return;
    if (!ready(action)) return;
    const body: CommunicationRequest = {
      title: values.title.trim(),
      summary: values.summary,
      share_with: isAnnouncement ? values.share_with : 'Classes',
      classes_ids: toClasses ? values.classes_ids : [],
      send_email: values.send_email,
      save_as_draft: action === 'draft',
      schedule_later: values.schedule_later,
      ...(values.schedule_later ? { date: toWire(values.date), time: timeToWire(values.time) } : {}),
      announcement_media: values.attachments.flatMap((a) => (a.media_link ? [{ media_link: a.media_link }] : [])),
      ...(isAnnouncement ? {} : { due_date: toWire(values.due_date) ?? null }),
    };
    setPending(action);
    save.mutate(
      { id: item?.id, body },
      {
        onSuccess: ({ result }) => {
          toast.success(commMessage(result.status === 'draft' ? 'draft' : result.status === 'scheduled' ? 'scheduled' : 'sent'));
          navigate(listPath(type));
        },
        onError: (err) => {
          if (err instanceof ApiError && err.errors?.length) {
            const fields: Errors = {};
            for (const e of err.errors) {
              const field =
                e.field === 'classes_ids' ||
                e.field === 'title' ||
                e.field === 'date' ||
                e.field === 'time' ||
                e.field === 'due_date'
                  ? e.field
                  : null;
              if (field) fields[field] = failureText(new ApiError(err.status, e.message, err.code));
            }
            setErrors((current) => ({ ...current, ...fields }));
          }
          toast.error(failureText(err));
        },
        onSettled: () => {
          setPending(null);
          setConfirming(false);
        },
      },
    );
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
                value={values.title}
                onChange={(e) => set('title', e.currentTarget.value)}
                maxLength={TITLE_MAX}
                error={errors.title}
                description={t('field.titleCount', { count: titleCount, max: TITLE_MAX })}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                data-autofocus
                required
              />
              <SummaryEditor label={t('field.summary')} value={values.summary} onChange={(html) => set('summary', html)} />
              <AttachmentsField
                value={values.attachments}
                onChange={(updater) => setValues((v) => ({ ...v, attachments: updater(v.attachments) }))}
              />
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
                    value={values.share_with}
                    onChange={(value) => set('share_with', value as FormValues['share_with'])}
                    data={[
                      { value: 'Everyone', label: t('shareWith.everyone') },
                      { value: 'Classes', label: t('shareWith.classes') },
                    ]}
                  />
                </Stack>
              )}
              {toClasses && (
                <MultiSelect
                  label={t('field.classes')}
                  placeholder={values.classes_ids.length ? undefined : t('field.classesPlaceholder')}
                  data={classOptions}
                  value={values.classes_ids}
                  onChange={(value) => set('classes_ids', value)}
                  error={errors.classes_ids}
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
                  value={values.due_date}
                  onChange={(value) => set('due_date', value)}
                  error={errors.due_date}
                  clearable
                  data-testid="due-date"
                />
              )}
              <Switch
                label={t('field.sendEmail')}
                description={t('field.sendEmailHint')}
                checked={values.send_email}
                onChange={(e) => set('send_email', e.currentTarget.checked)}
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
                    value={values.date}
                    onChange={(value) => set('date', value)}
                    error={errors.date}
                    data-testid="schedule-date"
                  />
                  <TimePicker
                    label={t('field.time')}
                    format="12h"
                    withDropdown
                    value={values.time}
                    onChange={(value) => set('time', value)}
                    error={errors.time}
                    hoursInputLabel={t('field.hours')}
                    minutesInputLabel={t('field.minutes')}
                    amPmInputLabel={t('field.amPm')}
                    data-testid="schedule-time"
                  />
                </Stack>
              )}
              <Divider />
              <Stack gap="sm">
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
        classIds={toClasses ? values.classes_ids : []}
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
