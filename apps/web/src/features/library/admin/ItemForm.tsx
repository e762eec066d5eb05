import { LIBRARY_ITEM_KINDS, type LibraryItem, libraryItemCreateSchema, libraryItemRequestSchema } from '@cue/contract';
import {
  Button,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { toast } from '../../../lib/notify';
import { useCreateItem, useIsbnCheck, useUpdateItem } from '../api-admin';
import { LIBRARY_ADMIN_NS } from '../i18n';
import { languageOptions, libraryText, numberOrNull, textOrNull } from './format';

const ns = LIBRARY_ADMIN_NS;

/** What the item's form holds: text as typed, numbers as the number fields give them ('' when empty). */
export interface ItemValues {
  kind: (typeof LIBRARY_ITEM_KINDS)[number];
  title: string;
  subtitle: string;
  authors: string[];
  isbn: string;
  publisher: string;
  published_year: number | string;
  language: string | null;
  age_min: number | string;
  age_max: number | string;
  tags: string[];
  description: string;
  copies: number | string;
}

export const itemValues = (item: LibraryItem | null): ItemValues => ({
  kind: item?.kind ?? 'book',
  title: item?.title ?? '',
  subtitle: item?.subtitle ?? '',
  authors: item?.authors ?? [],
  isbn: item?.isbn ?? '',
  publisher: item?.publisher ?? '',
  published_year: item?.published_year ?? '',
  language: item?.language ?? null,
  age_min: item?.age_min ?? '',
  age_max: item?.age_max ?? '',
  tags: item?.tags ?? [],
  description: item?.description ?? '',
  copies: 1,
});

/** The request an item's values make (empty text and numbers are "none"). */
export const itemBody = (v: ItemValues) => ({
  kind: v.kind,
  title: v.title.trim(),
  subtitle: textOrNull(v.subtitle),
  authors: v.authors.map((a) => a.trim()).filter(Boolean),
  isbn: textOrNull(v.isbn),
  publisher: textOrNull(v.publisher),
  published_year: numberOrNull(v.published_year),
  language: textOrNull(v.language),
  age_min: numberOrNull(v.age_min),
  age_max: numberOrNull(v.age_max),
  tags: v.tags.map((a) => a.trim()).filter(Boolean),
  description: textOrNull(v.description),
});

/**
 * The ISBN as one types it, checked by the server a moment after typing stops: its hyphenated ISBN-13
 * and ISBN-10, "Enter a valid ISBN-10 or ISBN-13", or the catalogue's item that has it already.
 */
function IsbnField({ form, itemId }: { form: UseFormReturnType<ItemValues>; itemId: string | null }) {
  const { t } = useTranslation(ns);
  const [typed] = useDebouncedValue(form.values.isbn.trim(), 400);
  const check = useIsbnCheck(typed);
  const answer = typed && check.data && typed === form.values.isbn.trim() ? check.data : null;
  const other = answer?.existing && answer.existing.id !== itemId ? answer.existing : null;
  const props = form.getInputProps('isbn');
  let description: ReactNode = t('item.isbnHint');
  let error = props.error as ReactNode;
  if (answer && !answer.valid) error ??= t('item.isbnInvalid');
  if (answer?.valid) {
    description = (
      <Group gap={6} component="span" wrap="wrap" data-testid="isbn-check">
        <IconCircleCheck size={14} aria-hidden color="var(--mantine-color-teal-7)" />
        <span>{t('item.isbn13', { isbn: answer.isbn13 ?? '' })}</span>
        {answer.isbn10 && <span>· {t('item.isbn10', { isbn: answer.isbn10 })}</span>}
      </Group>
    );
  }
  if (other) error ??= t('item.isbnExisting', { title: other.title });
  return (
    <TextInput
      label={t('item.isbn')}
      {...props}
      description={description}
      error={error}
      dir="ltr"
      inputMode="text"
      autoComplete="off"
      rightSection={check.isFetching ? <Loader size="xs" aria-label={t('item.isbnChecking')} /> : null}
      data-testid="item-isbn"
    />
  );
}

/** The item's fields (kind, title, authors, ISBN, publisher, year, language, ages, tags, description). */
function ItemFields({
  form,
  itemId,
  withCopies,
}: {
  form: UseFormReturnType<ItemValues>;
  itemId: string | null;
  withCopies: boolean;
}) {
  const { t, i18n } = useTranslation(ns);
  const languages = useMemo(() => languageOptions(i18n.language, form.values.language), [i18n.language, form.values.language]);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('item.kind')}
          data={LIBRARY_ITEM_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          allowDeselect={false}
          {...form.getInputProps('kind')}
        />
        <TextInput label={t('item.title')} required {...form.getInputProps('title')} data-autofocus />
      </SimpleGrid>
      <TextInput label={t('item.subtitle')} {...form.getInputProps('subtitle')} />
      <TagsInput label={t('item.authors')} description={t('item.authorsHint')} clearable {...form.getInputProps('authors')} />
      <IsbnField form={form} itemId={itemId} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('item.publisher')} {...form.getInputProps('publisher')} />
        <NumberInput
          label={t('item.year')}
          min={1400}
          max={2100}
          allowDecimal={false}
          {...form.getInputProps('published_year')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select label={t('item.language')} data={languages} searchable clearable {...form.getInputProps('language')} />
        <NumberInput label={t('item.ageMin')} min={0} max={18} allowDecimal={false} {...form.getInputProps('age_min')} />
        <NumberInput label={t('item.ageMax')} min={0} max={18} allowDecimal={false} {...form.getInputProps('age_max')} />
      </SimpleGrid>
      <TagsInput label={t('item.tags')} description={t('item.tagsHint')} clearable {...form.getInputProps('tags')} />
      <Textarea label={t('item.description')} autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
      {withCopies && (
        <NumberInput
          label={t('item.copies')}
          description={t('item.copiesHint')}
          min={0}
          max={100}
          allowDecimal={false}
          {...form.getInputProps('copies')}
        />
      )}
    </Stack>
  );
}

const itemMessages = (t: (key: string) => string) => ({ title: { required: t('item.titleRequired') } });

/** "Add item": a new item of the catalogue with its first copies. */
export function ItemCreateModal({ onClose, onCreated }: { onClose: () => void; onCreated: (item: LibraryItem) => void }) {
  const { t } = useTranslation(ns);
  const create = useCreateItem();
  const form = useContractForm({
    schema: libraryItemCreateSchema,
    initialValues: itemValues(null),
    toBody: (v) => ({ ...itemBody(v), copies: numberOrNull(v.copies) ?? 0 }),
    messages: itemMessages(t),
  });
  const submit = form.submitWith((body) => create.mutateAsync(body), {
    onSuccess: (answer) => {
      const { result, message } = answer as { result: LibraryItem; message?: string };
      toast.success(libraryText(message) || t('item.created'));
      onCreated(result);
    },
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('item.newTitle')}
      submitLabel={t('item.create')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
      size="xl"
    >
      <ItemFields form={form} itemId={null} withCopies />
    </FormModal>
  );
}

/** An item's fields on its panel, saved with their own button. */
export function ItemEditForm({ item }: { item: LibraryItem }) {
  const { t } = useTranslation(ns);
  const update = useUpdateItem();
  const form = useContractForm({
    schema: libraryItemRequestSchema,
    initialValues: itemValues(item),
    toBody: itemBody,
    messages: itemMessages(t),
  });
  const submit = form.submitWith((body) => update.mutateAsync({ id: item.id, body }), {
    onSuccess: (answer) => {
      const { result, message } = answer as { result: LibraryItem; message?: string };
      toast.success(libraryText(message) || t('item.saved'));
      form.resetDirty(itemValues(result));
    },
  });
  const canEdit = item.abilities.can_edit;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="item-details-title">
      <Stack gap="sm">
        <Text fw={700} id="item-details-title">
          {t('item.details')}
        </Text>
        <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <ItemFields form={form} itemId={item.id} withCopies={false} />
        </fieldset>
        {form.error && (
          <Text c="red.8" fz="sm" role="alert" data-testid="item-form-error">
            {form.error}
          </Text>
        )}
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" loading={form.pending} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
              {t('item.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
