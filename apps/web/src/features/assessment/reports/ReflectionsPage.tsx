import { ddmmyyyyFromIso, isoFromDdmmyyyy, REFLECTION_AUTHORS } from '@cue/contract';
import {
  ActionIcon,
  Button,
  Group,
  Image,
  Menu,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { ConfirmModal, FormModal } from '../../../components/FormModal';
import { Pager } from '../../../components/Pager';
import { withReaderDates } from '../../../components/ReaderDates';
import { SoftBadge } from '../../../components/SoftBadge';
import { useAddressParam } from '../../../lib/addressParam';
import { todayWire } from '../../../lib/day';
import { formatClassName, fullName } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { useRoster } from '../../observations/api';
import { NoClass, usePlanClass } from '../../planning/components/PlanClass';
import { showDay } from '../../planning/planFormat';
import { Gate } from '../../shell/pages/Gate';
import {
  type Reflection,
  useClassUnits,
  useCreateReflection,
  useDeleteReflection,
  useReflections,
  useUpdateReflection,
} from '../api-reports';
import { assessmentErrorText, assessmentMessage, REPORT_CARDS_NS } from '../i18n';
import { LoadError, menuNeed } from './common';

const NEED = menuNeed('assessment.reflections');
type Author = (typeof REFLECTION_AUTHORS)[number];
const isAuthor = (v: string | null): v is Author => REFLECTION_AUTHORS.some((a) => a === v);

/** /assessment/reflections: the class's reflections (teachers' and children's), filtered by author and child. */
function ReflectionsBody() {
  const { t, i18n } = useTranslation(REPORT_CARDS_NS);
  const { classId, name, loading } = usePlanClass();
  const [authorParam] = useAddressParam('author');
  const [studentId] = useAddressParam('student_id');
  const [pageParam, setPage] = useAddressParam('page');
  const [, setParams] = useSearchParams();
  // A filter and the page back to the first in one change of the address: two setters in a row would
  // each start from the same address, and the second would undo the first.
  const setFilter = (name: 'author' | 'student_id', value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === null) next.delete(name);
        else next.set(name, value);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const author = isAuthor(authorParam) ? authorParam : undefined;
  const page = Math.max(1, Number(pageParam) || 1);
  const roster = useRoster(classId);
  const children = [...(roster.data?.student_list ?? [])]
    .sort((a, b) => fullName(a).localeCompare(fullName(b)))
    .map((s) => ({ value: s.id, label: fullName(s) }));
  const list = useReflections(
    { class_id: classId ?? undefined, author_kind: author, student_id: studentId ?? undefined, page },
    !!classId,
  );
  const [editing, setEditing] = useState<Reflection | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Reflection | null>(null);
  const remove = useDeleteReflection();
  const pages = list.data ? Math.ceil(list.data.total / (list.data.page_size || 1)) : 0;
  const filtered = !!author || !!studentId;
  return (
    <Page
      title={t('reflections.title')}
      description={name ? t('reflections.forClass', { name: formatClassName(name).text }) : t('reflections.description')}
      actions={
        classId && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} data-testid="reflection-add">
            {t('reflections.add')}
          </Button>
        )
      }
    >
      {!classId ? (
        loading ? (
          <Skeleton h={200} radius="lg" />
        ) : (
          <NoClass />
        )
      ) : (
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Stack gap={4}>
              <Text fz="sm" fw={500} id="reflection-author-filter">
                {t('reflections.author')}
              </Text>
              <SegmentedControl
                aria-labelledby="reflection-author-filter"
                value={author ?? 'all'}
                onChange={(v) => {
                  setFilter('author', v === 'all' ? null : v);
                }}
                data={[
                  { value: 'all', label: t('reflections.allAuthors') },
                  { value: 'teacher', label: t('authors.teacher') },
                  { value: 'child', label: t('authors.child') },
                ]}
                data-testid="reflection-author-filter"
              />
            </Stack>
            <Select
              label={t('reflections.child')}
              placeholder={t('reflections.allChildren')}
              data={children}
              value={studentId}
              onChange={(v) => {
                setFilter('student_id', v);
              }}
              clearable
              searchable
              w={{ base: '100%', xs: 240 }}
              comboboxProps={{ withinPortal: true }}
              data-testid="reflection-child-filter"
            />
          </Group>
          {list.error && !list.data ? (
            <LoadError error={list.error} onRetry={() => list.refetch()} />
          ) : !list.data ? (
            <Skeleton h={200} radius="lg" />
          ) : list.data.items.length === 0 ? (
            <Paper withBorder radius="lg" p="lg" data-testid="reflections-empty">
              <Stack gap="xs" align="center">
                <Text fw={600}>{filtered ? t('reflections.emptyFiltered') : t('reflections.empty')}</Text>
                {!filtered && (
                  <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
                    {t('reflections.add')}
                  </Button>
                )}
              </Stack>
            </Paper>
          ) : (
            <Stack
              component="ul"
              gap="sm"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={t('reflections.listLabel')}
              data-testid="reflection-list"
            >
              {list.data.items.map((r) => (
                <Paper
                  component="li"
                  key={r._id}
                  withBorder
                  radius="lg"
                  p="md"
                  data-testid="reflection"
                  data-author={r.author_kind}
                >
                  <Stack gap={6}>
                    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                      <Group gap="xs" wrap="wrap" miw={0}>
                        <SoftBadge color={r.author_kind === 'child' ? 'grape' : 'blue'} size="sm">
                          {t(`authors.${r.author_kind}`)}
                        </SoftBadge>
                        {r.student_name && (
                          <Text fw={600} fz="sm">
                            {r.student_name}
                          </Text>
                        )}
                        <Text fz="sm" c="dimmed">
                          {showDay(r.date, i18n.language)}
                          {r.unit_title ? ` · ${r.unit_title}` : ''}
                        </Text>
                      </Group>
                      {(r.abilities.can_edit || r.abilities.can_delete) && (
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={t('reflections.actions', { day: showDay(r.date, i18n.language) })}
                            >
                              <IconDots size={18} aria-hidden />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            {r.abilities.can_edit && (
                              <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(r)}>
                                {t('reflections.edit')}
                              </Menu.Item>
                            )}
                            {r.abilities.can_delete && (
                              <Menu.Item
                                color="red"
                                leftSection={<IconTrash size={16} aria-hidden />}
                                onClick={() => setDeleting(r)}
                              >
                                {t('reflections.delete')}
                              </Menu.Item>
                            )}
                          </Menu.Dropdown>
                        </Menu>
                      )}
                    </Group>
                    <Text fz="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {r.body}
                    </Text>
                    {r.media.length > 0 && (
                      <Group gap={6} wrap="wrap">
                        {r.media.map((m, n) => (
                          <Image
                            key={m.media_link}
                            src={m.media_link}
                            alt={t('reflections.photo', { n: n + 1 })}
                            w={72}
                            h={72}
                            radius="sm"
                            fit="cover"
                          />
                        ))}
                      </Group>
                    )}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
          <Pager
            pages={pages}
            page={page}
            onChange={(n) => setPage(n > 1 ? String(n) : null)}
            controlLabel={(control) => t(`pagination.${control}`)}
            pageLabel={(n) => t('pagination.page', { page: n })}
          />
        </Stack>
      )}
      {editing && classId && (
        <ReflectionModal
          classId={classId}
          reflection={editing === 'new' ? null : editing}
          choices={children}
          studentId={studentId}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={!!deleting}
        onClose={() => setDeleting(null)}
        title={t('reflections.deleteTitle')}
        message={<Text fz="sm">{t('reflections.deleteBody')}</Text>}
        confirmLabel={t('reflections.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              toast.success(assessmentMessage('reflectionDeleted'));
              setDeleting(null);
            },
            onError: (err) => toast.error(assessmentErrorText(err)),
          })
        }
      />
    </Page>
  );
}

/** "Add reflection" / edit: a teacher's or a child's, the child (required for a child's), the unit, the day and the words. */
function ReflectionModal({
  classId,
  reflection,
  choices,
  studentId,
  onClose,
}: {
  classId: string;
  reflection: Reflection | null;
  choices: { value: string; label: string }[];
  studentId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(REPORT_CARDS_NS);
  const units = useClassUnits(classId);
  const create = useCreateReflection();
  const update = useUpdateReflection();
  const [author, setAuthor] = useState<Author>(reflection?.author_kind ?? 'teacher');
  const [child, setChild] = useState<string | null>(reflection ? reflection.student_id : studentId);
  const [unit, setUnit] = useState<string | null>(reflection?.unit_id ?? null);
  const [date, setDate] = useState<string | null>(isoFromDdmmyyyy(reflection?.date ?? todayWire()));
  const [body, setBody] = useState(reflection?.body ?? '');
  const [tried, setTried] = useState(false);
  const pending = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const problems = {
    child: author === 'child' && !child ? t('form.childRequired') : null,
    date: !date ? t('form.dateRequired') : null,
    body: !body.trim() ? t('form.bodyRequired') : null,
  };
  const submit = () => {
    setTried(true);
    if (problems.child || problems.date || problems.body || !date) return;
    const fields = { author_kind: author, student_id: child, unit_id: unit, date: ddmmyyyyFromIso(date), body: body.trim() };
    const done = (message: string) => () => {
      toast.success(message);
      onClose();
    };
    if (reflection)
      update.mutate({ id: reflection._id, body: fields }, { onSuccess: done(assessmentMessage('reflectionSaved')) });
    else create.mutate({ ...fields, class_id: classId, media: [] }, { onSuccess: done(assessmentMessage('reflectionCreated')) });
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={reflection ? t('form.editTitle') : t('form.addTitle')}
      submitLabel={reflection ? t('form.save') : t('form.add')}
      onSubmit={submit}
      pending={pending}
      error={error ? assessmentErrorText(error) : null}
      size="md"
    >
      <Stack gap={4}>
        <Text fz="sm" fw={500} id="reflection-form-author">
          {t('form.author')}
        </Text>
        <SegmentedControl
          aria-labelledby="reflection-form-author"
          value={author}
          onChange={(v) => isAuthor(v) && setAuthor(v)}
          data={[
            { value: 'teacher', label: t('form.teacherReflection') },
            { value: 'child', label: t('form.childReflection') },
          ]}
        />
      </Stack>
      <Select
        label={t('form.child')}
        description={author === 'teacher' ? t('form.childHint') : undefined}
        data={choices}
        value={child}
        onChange={setChild}
        clearable={author === 'teacher'}
        searchable
        required={author === 'child'}
        error={tried ? problems.child : undefined}
        comboboxProps={{ withinPortal: true }}
        data-testid="reflection-form-child"
      />
      <Select
        label={t('form.unit')}
        placeholder={t('form.noUnit')}
        data={(units.data?.items ?? []).map((u) => ({ value: u._id, label: u.title }))}
        value={unit}
        onChange={setUnit}
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
        data-testid="reflection-form-unit"
      />
      <DatePickerInput
        label={t('form.date')}
        value={date}
        onChange={(v) => setDate(v as string | null)}
        valueFormat="D MMM YYYY"
        valueFormatter={readerDateFormatter(DAY)}
        required
        error={tried ? problems.date : undefined}
        popoverProps={{ withinPortal: true }}
      />
      <Textarea
        label={t('form.body')}
        placeholder={author === 'child' ? t('form.childBodyHint') : t('form.bodyHint')}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        required
        autosize
        minRows={4}
        maxLength={5000}
        dir="auto"
        data-autofocus
        error={tried ? problems.body : undefined}
        data-testid="reflection-form-body"
      />
    </FormModal>
  );
}

const ReflectionsWithDates = withReaderDates(ReflectionsBody);

export default function ReflectionsPage() {
  return (
    <Gate need={NEED}>
      <ReflectionsWithDates />
    </Gate>
  );
}
