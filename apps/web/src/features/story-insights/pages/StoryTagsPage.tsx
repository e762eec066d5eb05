import { can, MENUS, type MenuItem, STORY_TAG_NAME_MAX, storyTagCreateSchema } from '@cue/contract';
import { ActionIcon, Badge, Button, Group, Paper, Select, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconArrowDown,
  IconArrowMerge,
  IconArrowUp,
  IconDeviceFloppy,
  IconPencil,
  IconPlus,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import {
  type StoryTag,
  useCreateTag,
  useEditTag,
  useMergeTag,
  useOrderTags,
  useSaveStorySettings,
  useStorySettings,
  useStoryTags,
} from '../api';
import { moveItem, sameOrder } from '../format';
import { STORY_INSIGHTS_NS } from '../i18n';
import { storyErrorText, storyText } from '../messages';

/** The menu entry academic-setup.story-tags: either tag permission, and the school's `story` feature. */
function tagsEntry(): Omit<MenuItem, 'key' | 'path'> {
  const entry = MENUS.academicSetup.find((item) => item.key === 'academic-setup.story-tags');
  const { key: _key, path: _path, children: _children, ...need } = entry ?? { key: '', path: '' };
  return need;
}

const ns = STORY_INSIGHTS_NS;

function TagModal({ tag, onClose }: { tag: StoryTag | null; onClose: () => void }) {
  const { t } = useTranslation(ns);
  const create = useCreateTag();
  const edit = useEditTag();
  const form = useContractForm({
    schema: storyTagCreateSchema,
    initialValues: { name: tag?.name ?? '' },
    messages: { name: { required: t('tags.nameRequired') } },
  });
  const submit = form.submitWith(
    (body) => (tag ? edit.mutateAsync({ id: tag._id, name: body.name }) : create.mutateAsync(body.name)),
    {
      onSuccess: (answer) => {
        toast.success(storyText(ns, (answer as { message?: string }).message) || t('tags.saved'));
        onClose();
      },
      // The server's sentences (a name already taken) in the reader's words.
      onError: (err) => form.setError(storyErrorText(ns, err)),
    },
  );
  const nameProps = form.getInputProps('name');
  return (
    <FormModal
      opened
      onClose={onClose}
      title={tag ? t('tags.renameTitle', { name: tag.name }) : t('tags.new')}
      submitLabel={tag ? t('tags.save') : t('tags.create')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <TextInput
        label={t('tags.name')}
        {...nameProps}
        // A refusal of the name sent before (already taken) no longer holds once it changes.
        onChange={(event) => {
          form.setError(null);
          nameProps.onChange(event);
        }}
        required
        maxLength={STORY_TAG_NAME_MAX}
        data-autofocus
      />
    </FormModal>
  );
}

function MergeModal({ tag, tags, onClose }: { tag: StoryTag; tags: StoryTag[]; onClose: () => void }) {
  const { t } = useTranslation(ns);
  const merge = useMergeTag();
  const [into, setInto] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const target = tags.find((x) => x._id === into);
  const submit = () => {
    if (!into) {
      setError(t('tags.chooseInto'));
      return;
    }
    merge.mutate(
      { id: tag._id, into },
      {
        onSuccess: (answer) => {
          toast.success(storyText(ns, answer.message));
          onClose();
        },
        onError: (err) => setError(storyErrorText(ns, err)),
      },
    );
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('tags.mergeTitle', { name: tag.name })}
      submitLabel={t('tags.merge')}
      onSubmit={submit}
      pending={merge.isPending}
      error={error}
      submitDisabled={!into}
      danger
      size="md"
    >
      <Select
        label={t('tags.mergeInto')}
        placeholder={t('tags.chooseInto')}
        data={tags.filter((x) => x._id !== tag._id && !x.archived).map((x) => ({ value: x._id, label: x.name }))}
        value={into}
        onChange={(v) => {
          setInto(v);
          setError(null);
        }}
        searchable
        data-autofocus
      />
      <Text fz="sm" c="dimmed">
        {target
          ? t('tags.mergeConfirm', { from: tag.name, into: target.name, count: tag.stories })
          : t('tags.mergeHint', { name: tag.name })}
      </Text>
    </FormModal>
  );
}

/** The school's "stories need approval" switch: shown to all staff, changed only by those the server allows. */
function ApprovalSetting() {
  const { t } = useTranslation(ns);
  const settings = useStorySettings();
  const save = useSaveStorySettings();
  const editable = !!settings.data?.abilities.can_edit;
  return (
    <Paper withBorder radius="lg" p="md">
      <Switch
        label={t('settings.approval')}
        description={editable ? t('settings.approvalHint') : t('settings.approvalReadOnly')}
        checked={settings.data?.approval_required ?? false}
        disabled={!editable || save.isPending || !settings.data}
        onChange={(e) =>
          save.mutate(e.currentTarget.checked, {
            onSuccess: (answer) => toast.success(storyText(ns, answer.message)),
            onError: (err) => toast.error(storyErrorText(ns, err)),
          })
        }
        data-testid="approval-required"
      />
    </Paper>
  );
}

function StoryTags() {
  const { t, i18n } = useTranslation(ns);
  const { held } = useShell();
  const manage = can({ permission: tagsEntry().permission }, held);
  const [archived, setArchived] = useState(false);
  const tags = useStoryTags(archived);
  const edit = useEditTag();
  const order = useOrderTags();
  const [editing, setEditing] = useState<StoryTag | 'new' | null>(null);
  const [merging, setMerging] = useState<StoryTag | null>(null);
  const active = useMemo(() => (tags.data ?? []).filter((x) => !x.archived), [tags.data]);
  const savedIds = useMemo(() => active.map((x) => x._id), [active]);
  // The order being arranged (ids of the active tags); saved in one call.
  const [ids, setIds] = useState<string[]>(savedIds);
  useEffect(() => setIds(savedIds), [savedIds]);
  const changed = !sameOrder(ids, savedIds);
  const byId = new Map((tags.data ?? []).map((x) => [x._id, x] as const));
  const rows = [
    ...ids.map((id) => byId.get(id)).filter((x): x is StoryTag => !!x),
    ...(tags.data ?? []).filter((x) => x.archived),
  ];
  const number = new Intl.NumberFormat(i18n.language);

  const toggleArchive = (tag: StoryTag) =>
    edit.mutate(
      { id: tag._id, archived: !tag.archived },
      {
        onSuccess: () =>
          toast.success(tag.archived ? t('tags.unarchived', { name: tag.name }) : t('tags.archived', { name: tag.name })),
        onError: (err) => toast.error(storyErrorText(ns, err)),
      },
    );
  const saveOrder = () =>
    order.mutate(ids, {
      onSuccess: (answer) => toast.success(storyText(ns, answer.message)),
      onError: (err) => toast.error(storyErrorText(ns, err)),
    });

  return (
    <Page
      title={t('tags.title')}
      description={t('tags.description')}
      actions={
        manage && (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
            {t('tags.new')}
          </Button>
        )
      }
    >
      <ApprovalSetting />
      <DataTable<StoryTag>
        caption={t('tags.caption')}
        testId="story-tags"
        rows={tags.data ? rows : undefined}
        loading={tags.isPending}
        error={tags.error}
        onRetry={() => void tags.refetch()}
        rowKey={(x) => x._id}
        rowLabel={(x) => x.name}
        emptyText={t('tags.empty')}
        rowAttributes={(x) => ({ 'data-archived': x.archived ? 'true' : undefined })}
        toolbar={
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Switch label={t('tags.showArchived')} checked={archived} onChange={(e) => setArchived(e.currentTarget.checked)} />
            {manage && changed && (
              <Group gap="xs">
                <Button variant="default" onClick={() => setIds(savedIds)} disabled={order.isPending}>
                  {t('tags.undoOrder')}
                </Button>
                <Button leftSection={<IconDeviceFloppy size={16} aria-hidden />} onClick={saveOrder} loading={order.isPending}>
                  {t('tags.saveOrder')}
                </Button>
              </Group>
            )}
          </Group>
        }
        columns={[
          ...(manage
            ? [
                {
                  key: 'order',
                  header: t('tags.order'),
                  width: 96,
                  render: (x: StoryTag) => {
                    const index = ids.indexOf(x._id);
                    if (index < 0) return null;
                    return (
                      <Group gap={2} wrap="nowrap">
                        <Tooltip label={t('tags.up')}>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={t('tags.upNamed', { name: x.name })}
                            disabled={index === 0}
                            onClick={() => setIds((current) => moveItem(current, index, -1))}
                          >
                            <IconArrowUp size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('tags.down')}>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={t('tags.downNamed', { name: x.name })}
                            disabled={index === ids.length - 1}
                            onClick={() => setIds((current) => moveItem(current, index, 1))}
                          >
                            <IconArrowDown size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    );
                  },
                },
              ]
            : []),
          {
            key: 'name',
            header: t('tags.name'),
            render: (x: StoryTag) => (
              <Group gap="xs" wrap="nowrap">
                <Text fz="sm" fw={600} c={x.archived ? 'dimmed' : undefined}>
                  {x.name}
                </Text>
                {x.archived && (
                  <Badge variant="light" color="gray" radius="sm">
                    {t('tags.archivedBadge')}
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            key: 'stories',
            header: t('tags.stories'),
            width: 120,
            render: (x: StoryTag) => (
              <Badge variant="light" color="gray" radius="sm">
                {number.format(x.stories)}
              </Badge>
            ),
          },
        ]}
        actions={
          manage
            ? (x) => [
                { label: t('tags.rename'), icon: IconPencil, onClick: () => setEditing(x) },
                {
                  label: x.archived ? t('tags.unarchive') : t('tags.archive'),
                  icon: x.archived ? IconArchiveOff : IconArchive,
                  onClick: () => toggleArchive(x),
                  disabled: edit.isPending,
                },
                {
                  label: t('tags.merge'),
                  icon: IconArrowMerge,
                  onClick: () => setMerging(x),
                  disabled: x.archived || active.length < 2,
                },
              ]
            : undefined
        }
      />
      {editing !== null && (
        <TagModal
          key={editing === 'new' ? 'new' : editing._id}
          tag={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {merging && <MergeModal tag={merging} tags={tags.data ?? []} onClose={() => setMerging(null)} />}
    </Page>
  );
}

/** /admin/academic-setup/story-tags: the school's story tags (create, rename, archive, merge, order) and the approval setting. */
export default function StoryTagsPage() {
  return (
    <Gate need={tagsEntry()}>
      <StoryTags />
    </Gate>
  );
}
