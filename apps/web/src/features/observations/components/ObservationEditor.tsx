import '@mantine/dates/styles.css';
import {
  createObservationRequestSchema,
  OBSERVATION_DATE_DISPLAY,
  OBSERVATION_DEFAULTS,
  OBSERVATION_MESSAGES,
  UPLOAD_LIMITS,
} from '@cue/contract';
import {
  Button,
  Chip,
  CloseButton,
  Group,
  Image,
  Input,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconLock, IconPhotoPlus, IconUsers } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChildAlertBadges, useClassAlerts } from '../../../components/ChildAlertBadges';
import { LONG_DAY, readerDateFormatter } from '../../../components/dateFormat';
import { FileDrop } from '../../../components/FileDrop';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { UploadProgress } from '../../../components/UploadProgress';
import { fullName } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { StatementPicker } from '../../academic/components/StatementPicker';
import {
  type LearningArea,
  type ObservationEntry,
  type ObservationType,
  uploadPhoto,
  useCreateObservation,
  useLearningAreas,
  useRoster,
  useUpdateObservation,
  type Visibility,
} from '../api';
import { pickerToWire, wireToPicker } from '../dates';
import { areaName, groupName, OBSERVATIONS_NS } from '../i18n';
import { observationTitle, titleToStore } from '../title';

/** Pictures the server re-encodes (SVG is refused). */
const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/heic', 'image/heif', 'image/avif'];

/** Kinds of note a teacher may file an observation as; 'general' is the default. */
export const ANECDOTE_KINDS = ['general', 'milestone', 'interest', 'wellbeing', 'behaviour'] as const;

interface Photo {
  key: string;
  file: File;
  preview: string;
  percent: number;
  failed: boolean;
  link?: string;
}

export interface EditorTarget {
  /** The entry being edited; null for a new observation. */
  entry: ObservationEntry | null;
  /** Preselected children of a new observation. */
  studentIds?: string[];
}

interface ObservationEditorProps {
  classId: string;
  type: ObservationType;
  date: string;
  reportTitle: string;
  target: EditorTarget;
  onClose: () => void;
}

/** Learning areas as chips, grouped as the framework groups them. */
function AreaPicker({ areas, value, onChange }: { areas: LearningArea[]; value: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation(OBSERVATIONS_NS);
  const groups = useMemo(() => {
    const map = new Map<string, LearningArea[]>();
    for (const area of areas) map.set(area.group, [...(map.get(area.group) ?? []), area]);
    return [...map.entries()];
  }, [areas]);
  return (
    <Chip.Group multiple value={value} onChange={onChange}>
      <Stack gap="xs">
        {groups.map(([group, items]) => (
          <div key={group}>
            <Text fz="xs" fw={600} c="dimmed" mb={4}>
              {groupName(t, group)}
            </Text>
            <Group gap={6}>
              {items.map((area) => (
                <Chip key={area.id} value={area.id} size="sm" variant="outline">
                  {areaName(t, area)}
                </Chip>
              ))}
            </Group>
          </div>
        ))}
      </Stack>
    </Chip.Group>
  );
}

/**
 * Writes or edits an observation: several children at once, the day, a title and note, the kind of note,
 * learning-area tags, who may see it, and photos (uploaded with progress when saving).
 */
export function ObservationEditor({ classId, type, date, reportTitle, target, onClose }: ObservationEditorProps) {
  const { t, i18n } = useTranslation(OBSERVATIONS_NS);
  const entry = target.entry;
  const roster = useRoster(classId);
  // A child's severe allergy or medical alert shows beside their name in the picker.
  const alerts = useClassAlerts(classId);
  const areas = useLearningAreas(classId);
  const create = useCreateObservation();
  const update = useUpdateObservation();
  const photosId = useId();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const kind: ObservationType = entry?.type ?? type;
  const form = useContractForm({
    schema: createObservationRequestSchema,
    initialValues: {
      students: entry ? [entry.student_id] : (target.studentIds ?? []),
      date: entry?.date ?? date,
      // The spec's default title is stored in English and shown in the reader's language.
      title: observationTitle(t, entry?.title ?? OBSERVATION_DEFAULTS.title),
      general_note: entry?.general_note ?? '',
      type_of_anecdote: entry?.type_of_anecdote ?? OBSERVATION_DEFAULTS.type_of_anecdote,
      report_title: entry?.report_title ?? reportTitle,
      visibility: (entry?.visibility ?? 'family') as Visibility,
      learning_area_ids: entry?.learning_areas.map((a) => a.id) ?? [],
      statement_ids: entry?.statements.map((s) => s._id) ?? [],
    },
    // Checked as the request that records it for every chosen child.
    toBody: (values) => ({
      class_id: classId,
      type: kind,
      report_title: kind === 'report_card' ? values.report_title : null,
      visibility: values.visibility,
      learning_area_ids: values.learning_area_ids,
      statement_ids: values.statement_ids,
      observation_entries: values.students.map((student_id) => ({
        student_id,
        date: values.date,
        title: titleToStore(t, values.title),
        general_note: values.general_note,
        type_of_anecdote: values.type_of_anecdote || OBSERVATION_DEFAULTS.type_of_anecdote,
      })),
    }),
    fields: {
      observation_entries: 'students',
      'observation_entries.*.student_id': 'students',
      'observation_entries.*.date': 'date',
      'observation_entries.*.title': 'title',
      'observation_entries.*.general_note': 'general_note',
      'observation_entries.*.type_of_anecdote': 'type_of_anecdote',
      media: 'photos',
    },
    messages: {
      students: t('editor.childrenRequired'),
      date: t('editor.dateRequired'),
      general_note: { required: t('editor.noteRequired') },
    },
    rules: (values) => ({
      report_title: kind === 'report_card' && !values.report_title.trim() && t('editor.reportTitleRequired'),
    }),
  });
  const v = form.values;

  // Previews are object URLs: released when removed and when the editor closes.
  const previews = useRef(new Set<string>());
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const children = useMemo(
    () =>
      (roster.data?.student_list ?? [])
        .map((s) => ({ value: s.id, label: fullName(s) }))
        .sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [roster.data, i18n.language],
  );
  const kinds: { value: string; label: string }[] = ANECDOTE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }));
  if (entry && !ANECDOTE_KINDS.includes(entry.type_of_anecdote as (typeof ANECDOTE_KINDS)[number]))
    kinds.push({ value: entry.type_of_anecdote, label: entry.type_of_anecdote });

  const addPhotos = (files: File[]) => {
    const room = UPLOAD_LIMITS.total_media - photos.length - (entry?.media.length ?? 0);
    if (files.length > room) toast.error(t('editor.tooManyPhotos', { count: UPLOAD_LIMITS.total_media }));
    const added = files.slice(0, Math.max(0, room)).map((file) => ({
      key: `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`,
      file,
      preview: URL.createObjectURL(file),
      percent: 0,
      failed: false,
    }));
    for (const photo of added) previews.current.add(photo.preview);
    setPhotos((list) => [...list, ...added]);
  };

  const removePhoto = (key: string) =>
    setPhotos((list) => {
      const gone = list.find((p) => p.key === key);
      if (gone) {
        URL.revokeObjectURL(gone.preview);
        previews.current.delete(gone.preview);
      }
      return list.filter((p) => p.key !== key);
    });

  /** Uploads the photos not yet stored; their links. A failed one is marked and its refusal thrown. */
  const uploadAll = async (): Promise<string[]> => {
    const links: string[] = [];
    for (const photo of photos) {
      if (photo.link) {
        links.push(photo.link);
        continue;
      }
      const setOne = (changes: Partial<Photo>) =>
        setPhotos((list) => list.map((p) => (p.key === photo.key ? { ...p, ...changes } : p)));
      try {
        setOne({ failed: false, percent: 0 });
        const stored = await uploadPhoto(photo.file, (fraction) => setOne({ percent: Math.round(fraction * 100) }));
        setOne({ link: stored.media_link, percent: 100 });
        links.push(stored.media_link);
      } catch (err) {
        setOne({ failed: true });
        throw err;
      }
    }
    return links;
  };

  const submit = form.submitWith(
    async (body, values) => {
      const links = await uploadAll();
      const [first] = body.observation_entries;
      const common = {
        title: first?.title ?? OBSERVATION_DEFAULTS.title,
        general_note: first?.general_note ?? values.general_note.trim(),
        type_of_anecdote: first?.type_of_anecdote ?? OBSERVATION_DEFAULTS.type_of_anecdote,
      };
      const others = entry ? values.students.filter((id) => id !== entry.student_id) : values.students;
      if (entry) {
        await update.mutateAsync({
          id: entry.id,
          input: {
            ...common,
            date: values.date,
            visibility: body.visibility,
            learning_area_ids: body.learning_area_ids,
            statement_ids: body.statement_ids,
            ...(kind === 'report_card' ? { report_title: body.report_title } : {}),
          },
          media: links,
        });
      }
      if (others.length > 0) {
        await create.mutateAsync({
          ...body,
          // An edited observation recorded for more children carries its photos to them too.
          media: [...(entry?.media.map((m) => m.media_link) ?? []), ...links].map((media_link) => ({ media_link })),
          observation_entries: body.observation_entries.filter((e) => others.includes(e.student_id)),
        });
      }
    },
    {
      onSuccess: () => {
        toast.success(t('messages.saved', { defaultValue: OBSERVATION_MESSAGES.saved }));
        onClose();
      },
    },
  );

  const pending = form.pending;
  const title = entry
    ? kind === 'report_card'
      ? t('editor.editReportTitle')
      : t('editor.editTitle')
    : kind === 'report_card'
      ? t('editor.createReportTitle')
      : t('editor.createTitle');

  return (
    <FormModal
      opened
      onClose={onClose}
      title={title}
      submitLabel={pending ? t('editor.saving', { defaultValue: OBSERVATION_MESSAGES.saving }) : t('editor.save')}
      onSubmit={submit}
      pending={pending}
      error={form.error}
      size="xl"
    >
      <MultiSelect
        label={t('editor.children')}
        description={entry ? t('editor.childrenEditHint') : t('editor.childrenHint')}
        placeholder={v.students.length ? undefined : t('editor.childrenPlaceholder')}
        data={children}
        {...form.getInputProps('students')}
        // The child of the entry being edited stays.
        onChange={(ids) =>
          form.setFieldValue('students', entry && !ids.includes(entry.student_id) ? [entry.student_id, ...ids] : ids)
        }
        renderOption={({ option }) => (
          <Group gap={6} wrap="nowrap" data-testid="child-option">
            <span>{option.label}</span>
            <ChildAlertBadges alerts={alerts.get(option.value)} size="xs" />
          </Group>
        )}
        searchable
        hidePickedOptions
        required
        nothingFoundMessage={t('editor.noChildFound')}
        disabled={roster.isPending}
        data-autofocus
        rightSectionWidth={entry ? undefined : 'auto'}
        rightSection={
          !entry && children.length > 0 && v.students.length < children.length ? (
            <Button
              size="compact-xs"
              variant="subtle"
              me={6}
              onClick={() =>
                form.setFieldValue(
                  'students',
                  children.map((c) => c.value),
                )
              }
            >
              {t('editor.wholeClass')}
            </Button>
          ) : undefined
        }
        rightSectionPointerEvents="all"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DatePickerInput
          label={t('editor.date')}
          {...form.getInputProps('date')}
          value={wireToPicker(v.date)}
          onChange={(value) => form.setFieldValue('date', pickerToWire(value) ?? '')}
          valueFormat={OBSERVATION_DATE_DISPLAY}
          valueFormatter={readerDateFormatter(LONG_DAY)}
          leftSection={<IconCalendar size={16} aria-hidden />}
          maxDate={new Date()}
          required
          popoverProps={{ withinPortal: true }}
        />
        <Select label={t('editor.kind')} data={kinds} {...form.getInputProps('type_of_anecdote')} allowDeselect={false} />
      </SimpleGrid>
      {kind === 'report_card' && (
        <TextInput
          label={t('editor.reportTitle')}
          description={t('editor.reportTitleHint')}
          placeholder={t('reportTitle.placeholder')}
          {...form.getInputProps('report_title')}
          required
          maxLength={200}
        />
      )}
      <TextInput label={t('editor.title')} {...form.getInputProps('title')} maxLength={200} />
      <Textarea
        label={t('editor.note')}
        placeholder={t('editor.notePlaceholder')}
        {...form.getInputProps('general_note')}
        autosize
        minRows={4}
        maxRows={12}
        maxLength={10_000}
        required
      />
      <Input.Wrapper label={t('editor.areas')} description={t('editor.areasHint')}>
        <div style={{ marginTop: 8 }}>
          {areas.data && areas.data.length > 0 ? (
            <AreaPicker
              areas={areas.data}
              value={v.learning_area_ids}
              onChange={(ids) => form.setFieldValue('learning_area_ids', ids)}
            />
          ) : (
            <Text fz="sm" c="dimmed">
              {areas.isPending ? t('loading') : t('editor.noCurriculum')}
            </Text>
          )}
        </div>
      </Input.Wrapper>
      <StatementPicker
        classId={classId}
        value={v.statement_ids}
        onChange={(ids) => form.setFieldValue('statement_ids', ids)}
        existing={entry?.statements}
        disabled={pending}
        error={form.errors.statement_ids}
      />
      <Input.Wrapper label={t('editor.visibility')}>
        <SegmentedControl
          mt={6}
          fullWidth
          {...form.getInputProps('visibility')}
          data={[
            {
              value: 'family',
              label: (
                <Group gap={6} justify="center" wrap="nowrap">
                  <IconUsers size={16} aria-hidden />
                  <span>{t('visibility.familyLong')}</span>
                </Group>
              ),
            },
            {
              value: 'staff',
              label: (
                <Group gap={6} justify="center" wrap="nowrap">
                  <IconLock size={16} aria-hidden />
                  <span>{t('visibility.staffLong')}</span>
                </Group>
              ),
            },
          ]}
        />
      </Input.Wrapper>
      <Input.Wrapper label={t('editor.photos')} id={photosId} error={form.errors.photos}>
        <Stack gap="xs" mt={6}>
          {entry && entry.media.length > 0 && (
            <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
              {entry.media.map((m, index) => (
                <Image
                  key={m.media_link}
                  src={m.media_link}
                  alt={t('card.photo', { n: index + 1, title: entry.title })}
                  h={72}
                  radius="sm"
                  fit="cover"
                />
              ))}
            </SimpleGrid>
          )}
          <FileDrop
            onDrop={addPhotos}
            onReject={() => toast.error(t('editor.photoRejected', { size: UPLOAD_LIMITS.max_image_size / 1024 / 1024 }))}
            accept={PHOTO_TYPES}
            maxSize={UPLOAD_LIMITS.max_image_size}
            disabled={pending}
            aria-labelledby={photosId}
            data-testid="photo-dropzone"
          >
            <Group justify="center" gap="sm" mih={56} style={{ pointerEvents: 'none' }}>
              <IconPhotoPlus size={28} aria-hidden color="var(--mantine-color-cue-6)" />
              <div>
                <Text fz="sm" fw={600}>
                  {t('editor.dropzone')}
                </Text>
                <Text fz="xs" c="dimmed">
                  {t('editor.photosHint', { size: UPLOAD_LIMITS.max_image_size / 1024 / 1024 })}
                </Text>
              </div>
            </Group>
          </FileDrop>
          {photos.map((photo) => (
            <Paper key={photo.key} withBorder radius="md" p="xs">
              <Group gap="sm" wrap="nowrap">
                <Image src={photo.preview} alt="" w={48} h={48} radius="sm" fit="cover" />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <UploadProgress name={photo.file.name} percent={photo.percent} failed={photo.failed} />
                </div>
                <CloseButton
                  aria-label={t('editor.removePhoto', { name: photo.file.name })}
                  onClick={() => removePhoto(photo.key)}
                  disabled={pending}
                />
              </Group>
            </Paper>
          ))}
        </Stack>
      </Input.Wrapper>
    </FormModal>
  );
}
