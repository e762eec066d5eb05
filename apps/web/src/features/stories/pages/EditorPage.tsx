import { can, type MediaItem, STORY_NEXT_MAX, STORY_TITLE_MAX, type Story, storyRequestSchema } from '@cue/contract';
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  MultiSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  useDirection,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { FormErrors } from '@mantine/form';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowLeft,
  IconDeviceFloppy,
  IconPhotoPlus,
  IconSend,
} from '@tabler/icons-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useContractForm } from '../../../components/form/useContractForm';
import { toast } from '../../../lib/notify';
import { StatementPicker } from '../../academic/components/StatementPicker';
import { Page } from '../../communication/components/Page';
import { SummaryEditor } from '../../communication/components/SummaryEditor';
import { useLearningAreas } from '../../observations/api';
import { Gate } from '../../shell/pages/Gate';
import { useCurrentClass } from '../../shell/Selectors';
import { useShell } from '../../shell/ShellContext';
import { useSaveStory, useStory, useStorySettings, useStoryTags } from '../api';
import { dayFieldProps, StoryDates } from '../components/dates';
import { MediaPicker } from '../components/MediaPicker';
import { Sources } from '../components/Sources';
import { Thumb } from '../components/StoryMedia';
import { useClassChildren } from '../components/useChildren';
import { STORIES_NS, STORIES_PATH, storyErrorText, storyMessage, storyPath } from '../i18n';
import { storiesNeed } from '../need';
import { formValuesOf, publishMode, type StoryFormValues, storyRequestOf, todayIso } from '../story';

/** The toast of a saved story, by where it stands now. */
const savedMessage = (story: Story) =>
  storyMessage(story.status === 'published' ? 'published' : story.status === 'pending' ? 'submitted' : 'saved');

/** The create and edit form of a story of one class. */
function EditorForm({ classId, className, story }: { classId: string; className: string; story?: Story }) {
  const { t } = useTranslation(STORIES_NS);
  const navigate = useNavigate();
  const { held } = useShell();
  const save = useSaveStory();
  const settings = useStorySettings();
  const tags = useStoryTags();
  const areas = useLearningAreas(classId);
  const children = useClassChildren(classId);
  const action = useRef<'draft' | 'publish'>('draft');
  const [picking, setPicking] = useState(false);
  /** The gallery items known for the chosen ids (the story's own, then those picked). */
  const [known, setKnown] = useState<Map<string, MediaItem>>(() => new Map((story?.media ?? []).map((m) => [m._id, m])));
  const published = story?.status === 'published';
  const form = useContractForm({
    schema: storyRequestSchema,
    // The curriculum statements ride beside the story's own values (the picker keeps them as ids).
    initialValues: { ...formValuesOf(story, todayIso()), statement_ids: story?.statements.map((s) => s._id) ?? [] },
    toBody: (v: StoryFormValues & { statement_ids: string[] }) => ({
      ...storyRequestOf(v, classId, action.current, story?.sources),
      statement_ids: v.statement_ids,
    }),
    messages: { story_date: t('field.dateRequired') },
    // What publishing needs (the server holds the same rule): a title and at least one child.
    rules: (v) => ({
      title: action.current === 'publish' && !v.title.trim() && storyMessage('titleRequired'),
      student_ids: action.current === 'publish' && v.student_ids.length === 0 && storyMessage('childrenRequired'),
    }),
  });
  const values = form.values;
  const pending = form.pending ? action.current : null;
  const mode = publishMode(settings.data?.approval_required, can({ permission: 'daily_communication.story_approval' }, held));
  // A published story is saved as published (its changes reach the families); a draft by its abilities.
  const mayPublish = !story || published || story.abilities.can_publish;

  const childOptions = useMemo(() => {
    // Children the story names stay choosable even if they have left the class.
    const extra = (story?.children ?? []).filter((c) => !children.options.some((o) => o.value === c._id));
    return [...children.options, ...extra.map((c) => ({ value: c._id, label: c.name }))];
  }, [children.options, story]);
  const tagOptions = useMemo(() => {
    const active = (tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name }));
    const extra = (story?.tags ?? []).filter((tag) => !active.some((o) => o.value === tag._id));
    return [...active, ...extra.map((tag) => ({ value: tag._id, label: tag.name }))];
  }, [tags.data, story]);
  const areaOptions = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const area of areas.data ?? []) {
      const group = groups.get(area.group) ?? [];
      group.push({ value: area.id, label: area.code ? `${area.code} · ${area.name}` : area.name });
      groups.set(area.group, group);
    }
    const listed = new Set((areas.data ?? []).map((a) => a.id));
    const extra = (story?.areas ?? []).filter((a) => !listed.has(a._id)).map((a) => ({ value: a._id, label: a.name }));
    return [
      ...[...groups].map(([group, items]) => ({ group: group || t('field.areas'), items })),
      ...(extra.length ? [{ group: t('field.areasOther'), items: extra }] : []),
    ];
  }, [areas.data, story, t]);

  const sayFirst = (errors: FormErrors) => {
    const first = Object.values(errors).find(Boolean);
    if (first) toast.error(String(first));
  };

  const submit = (next: 'draft' | 'publish') => {
    if (pending) return;
    action.current = next;
    form.submitWith((body) => save.mutateAsync({ id: story?._id, body }), {
      onSuccess: (answer) => {
        const saved = (answer as { result: Story }).result;
        toast.success(savedMessage(saved));
        navigate(storyPath(saved._id));
      },
      onInvalid: sayFirst,
    })();
  };

  const chosenMedia = values.media_ids.map((id) => known.get(id)).filter((m): m is MediaItem => !!m);

  return (
    <StoryDates>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {story?.return_note && story.status === 'draft' && (
              <Alert color="orange" variant="light" icon={<IconArrowBackUp size={20} aria-hidden />} title={t('returned.title')}>
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="return-note">
                  {story.return_note}
                </Text>
              </Alert>
            )}
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="md">
                <TextInput
                  label={t('field.title')}
                  placeholder={t('field.titlePlaceholder')}
                  {...form.getInputProps('title')}
                  maxLength={STORY_TITLE_MAX}
                  data-autofocus
                  required
                />
                <Group grow align="flex-start" gap="md" wrap="wrap">
                  <DateInput
                    label={t('field.date')}
                    {...dayFieldProps}
                    {...form.getInputProps('story_date')}
                    required
                    miw={180}
                  />
                  <MultiSelect
                    label={t('field.children')}
                    placeholder={values.student_ids.length ? undefined : t('field.childrenPlaceholder')}
                    data={childOptions}
                    {...form.getInputProps('student_ids')}
                    searchable
                    nothingFoundMessage={t('nothingFound')}
                    required
                    miw={240}
                  />
                </Group>
                <SummaryEditor
                  label={t('field.body')}
                  value={values.body}
                  onChange={(html) => form.setFieldValue('body', html)}
                />
                {form.errors.body && (
                  <Text fz="sm" c="red">
                    {form.errors.body}
                  </Text>
                )}
                <Textarea
                  label={t('field.whatNext')}
                  description={t('field.whatNextHint')}
                  {...form.getInputProps('what_next')}
                  maxLength={STORY_NEXT_MAX}
                  autosize
                  minRows={3}
                  maxRows={10}
                />
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="story-media-title">
              <Stack gap="sm">
                <Group justify="space-between" gap="sm">
                  <Text fw={600} id="story-media-title">
                    {t('field.media')}
                  </Text>
                  <Button
                    variant="default"
                    leftSection={<IconPhotoPlus size={16} aria-hidden />}
                    onClick={() => setPicking(true)}
                  >
                    {t('picker.open')}
                  </Button>
                </Group>
                {chosenMedia.length === 0 ? (
                  <Text fz="sm" c="dimmed">
                    {t('field.mediaNone')}
                  </Text>
                ) : (
                  <SimpleGrid cols={{ base: 3, xs: 4, sm: 6 }} spacing="xs" data-testid="story-media-chosen">
                    {chosenMedia.map((item) => (
                      <Thumb
                        key={item._id}
                        item={item}
                        label={item.caption || item.name}
                        onClick={() => setPicking(true)}
                        onRemove={() =>
                          form.setFieldValue(
                            'media_ids',
                            values.media_ids.filter((id) => id !== item._id),
                          )
                        }
                      />
                    ))}
                  </SimpleGrid>
                )}
                {form.errors.media_ids && (
                  <Text fz="sm" c="red">
                    {form.errors.media_ids}
                  </Text>
                )}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="md">
                <Text fz="sm" c="dimmed">
                  {t('editor.forClass', { name: className })}
                </Text>
                <MultiSelect
                  label={t('field.tags')}
                  placeholder={values.tag_ids.length ? undefined : t('field.tagsPlaceholder')}
                  data={tagOptions}
                  {...form.getInputProps('tag_ids')}
                  searchable
                  nothingFoundMessage={t('nothingFound')}
                />
                <MultiSelect
                  label={t('field.areas')}
                  placeholder={values.area_ids.length ? undefined : t('field.areasPlaceholder')}
                  data={areaOptions}
                  {...form.getInputProps('area_ids')}
                  searchable
                  nothingFoundMessage={t('nothingFound')}
                />
                <StatementPicker
                  classId={classId}
                  value={values.statement_ids}
                  onChange={(ids) => form.setFieldValue('statement_ids', ids)}
                  existing={story?.statements}
                  disabled={!!pending}
                  error={form.errors.statement_ids}
                />
                {form.error && (
                  <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="form-error">
                    {form.error}
                  </Alert>
                )}
                {mode === 'sendForApproval' && !published && (
                  <Text fz="xs" c="dimmed">
                    {t('editor.approvalHint')}
                  </Text>
                )}
                {mayPublish && (
                  <Button
                    leftSection={<IconSend size={18} aria-hidden />}
                    onClick={() => submit('publish')}
                    loading={pending === 'publish'}
                    disabled={!!pending && pending !== 'publish'}
                  >
                    {published
                      ? t('action.saveChanges')
                      : mode === 'sendForApproval'
                        ? t('action.sendForApproval')
                        : t('action.publish')}
                  </Button>
                )}
                {!published && (
                  <Button
                    variant="default"
                    leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                    onClick={() => submit('draft')}
                    loading={pending === 'draft'}
                    disabled={!!pending && pending !== 'draft'}
                  >
                    {t('action.saveDraft')}
                  </Button>
                )}
                {published && (
                  <Text fz="xs" c="dimmed">
                    {t('editor.versionHint', { version: story.version })}
                  </Text>
                )}
              </Stack>
            </Paper>
            {story && <Sources sources={story.sources} />}
          </Stack>
        </Grid.Col>
      </Grid>
      {picking && (
        <MediaPicker
          opened
          classId={classId}
          value={values.media_ids}
          onClose={() => setPicking(false)}
          onDone={(ids, items) => {
            setKnown((map) => {
              const next = new Map(map);
              for (const item of items) next.set(item._id, item);
              return next;
            });
            form.setFieldValue('media_ids', ids);
            setPicking(false);
          }}
        />
      )}
    </StoryDates>
  );
}

export function BackToStories() {
  const { t } = useTranslation(STORIES_NS);
  const { dir } = useDirection();
  return (
    <Anchor component={Link} to={STORIES_PATH} fz="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined} />
        {t('back')}
      </Group>
    </Anchor>
  );
}

function CreateForm() {
  const { t } = useTranslation(STORIES_NS);
  const { current, schools } = useCurrentClass();
  let body: ReactNode;
  if (current) body = <EditorForm key={current.id} classId={current.id} className={current.class_name} />;
  else if (schools.isPending) body = <Skeleton h={360} radius="lg" />;
  else
    body = (
      <Alert color="gray" variant="light" title={t('noClassTitle')}>
        {t('noClassBody')}
      </Alert>
    );
  return (
    <Page title={t('editor.newTitle')} actions={<BackToStories />}>
      {body}
    </Page>
  );
}

/** /communication/stories/new: a new story of the current class. */
export function StoryCreatePage() {
  return (
    <Gate need={storiesNeed()}>
      <CreateForm />
    </Gate>
  );
}

function EditLoader() {
  const { t } = useTranslation(STORIES_NS);
  const { id = '' } = useParams();
  const story = useStory('staff', id);
  let body: ReactNode;
  if (story.isPending) body = <Skeleton h={360} radius="lg" />;
  else if (story.error || !story.data)
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="edit-refused">
        {storyErrorText(story.error)}
      </Alert>
    );
  else if (!story.data.abilities.can_edit)
    body = (
      <Alert color="gray" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="edit-refused">
        {storyMessage('notEditable')}
      </Alert>
    );
  else
    body = (
      <EditorForm key={story.data._id} classId={story.data.class._id} className={story.data.class.name} story={story.data} />
    );
  return (
    <Page title={t('editor.editTitle')} actions={<BackToStories />}>
      {body}
    </Page>
  );
}

/** /communication/stories/:id/edit: a story's editor (when its abilities allow it). */
export function StoryEditPage() {
  return (
    <Gate need={storiesNeed()}>
      <EditLoader />
    </Gate>
  );
}
