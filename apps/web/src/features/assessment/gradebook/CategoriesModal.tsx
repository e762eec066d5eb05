import { ActionIcon, Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notify';
import { type GradeCategory, useCreateCategory, useDeleteCategory, useUpdateCategory } from '../api-gradebook';
import { assessmentErrorText, assessmentMessage, GRADEBOOK_NS } from '../i18n';
import { totalWeight } from './grid';

interface Row {
  id: string | null;
  name: string;
  weight: number | string;
}

const rowOf = (c: GradeCategory): Row => ({ id: c._id, name: c.name, weight: c.weight ?? '' });
const weightOf = (row: Row): number | null => (row.weight === '' || row.weight === null ? null : Number(row.weight));

/** One category: its name and weight (empty: not weighted), saved or deleted on its own. */
function CategoryRow({ classId, row, onDone }: { classId: string; row: Row; onDone: () => void }) {
  const { t } = useTranslation(GRADEBOOK_NS);
  const [value, setValue] = useState(row);
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [error, setError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending || remove.isPending;
  const changed = value.name.trim() !== row.name || weightOf(value) !== weightOf(row);

  const save = async () => {
    setError(null);
    const body = { name: value.name.trim(), weight: weightOf(value) };
    try {
      if (row.id) await update.mutateAsync({ id: row.id, body });
      else await create.mutateAsync({ class_id: classId, ...body });
      toast.success(assessmentMessage(row.id ? 'categorySaved' : 'categoryCreated'));
      onDone();
    } catch (err) {
      setError(assessmentErrorText(err));
    }
  };
  const drop = async () => {
    if (!row.id) return;
    setError(null);
    try {
      await remove.mutateAsync(row.id);
      toast.success(assessmentMessage('categoryDeleted'));
    } catch (err) {
      setError(assessmentErrorText(err));
    }
  };

  return (
    <Stack gap={4} data-testid="category-row">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('categories.name')}
          value={value.name}
          maxLength={80}
          dir="auto"
          flex={1}
          miw={0}
          onChange={(e) => setValue({ ...value, name: e.currentTarget.value })}
        />
        <NumberInput
          label={t('categories.weight')}
          value={value.weight}
          min={0}
          max={100}
          suffix="%"
          w={96}
          onChange={(weight) => setValue({ ...value, weight })}
        />
        <ActionIcon
          variant="light"
          size="lg"
          mb={1}
          aria-label={row.id ? t('categories.save', { name: row.name }) : t('categories.add')}
          disabled={!changed || !value.name.trim()}
          loading={create.isPending || update.isPending}
          onClick={save}
        >
          {row.id ? <IconDeviceFloppy size={18} aria-hidden /> : <IconPlus size={18} aria-hidden />}
        </ActionIcon>
        {row.id && (
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={1}
            aria-label={t('categories.delete', { name: row.name })}
            disabled={pending}
            loading={remove.isPending}
            onClick={drop}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      {error && (
        <Text c="red.8" fz="xs" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** "Categories": the class's categories with their weights, the weights' total (at most 100). */
export function CategoriesModal({
  classId,
  categories,
  onClose,
}: {
  classId: string;
  categories: GradeCategory[];
  onClose: () => void;
}) {
  const { t } = useTranslation(GRADEBOOK_NS);
  // A new row starts empty again after each category added.
  const [fresh, setFresh] = useState(0);
  const total = totalWeight(categories);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('categories.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('drawer.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md" data-testid="categories-modal">
        <Text fz="sm" c="dimmed">
          {t('categories.hint')}
        </Text>
        {categories.length === 0 && (
          <Text fz="sm" data-testid="categories-empty">
            {t('categories.none')}
          </Text>
        )}
        {categories.map((c) => (
          <CategoryRow key={`${c._id}:${c.name}:${c.weight}`} classId={classId} row={rowOf(c)} onDone={() => undefined} />
        ))}
        <CategoryRow
          key={`new-${fresh}`}
          classId={classId}
          row={{ id: null, name: '', weight: '' }}
          onDone={() => setFresh((n) => n + 1)}
        />
        <Alert color={total > 100 ? 'red' : 'gray'} variant="light" data-testid="categories-total">
          {t('categories.total', { total })}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('categories.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
