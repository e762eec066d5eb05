import { Alert, Group, Skeleton, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LibraryItem, useItems } from '../api-desk';
import { LIBRARY_NS } from '../i18n';
import { useKindName } from './CopyStatusBadge';
import { libraryErrorText } from './libraryText';
import { optionStyle } from './option';

/**
 * A search of the catalogue to choose one item (to reserve it): title, author, ISBN or a copy's
 * barcode; each item found is a button named by its title, with its authors and copies available.
 */
export function ItemPicker({
  onPick,
  selectedId,
  testId = 'item-picker',
}: {
  onPick: (item: LibraryItem) => void;
  selectedId?: string | null;
  testId?: string;
}) {
  const { t } = useTranslation(LIBRARY_NS);
  const kindName = useKindName();
  const [query, setQuery] = useState('');
  const [search] = useDebouncedValue(query.trim(), 250);
  const ready = search.length >= 2;
  const items = useItems({ search, page: 1, page_size: 8, archived: 'false' }, ready);

  return (
    <Stack gap="sm" data-testid={testId}>
      <TextInput
        label={t('itemPicker.search')}
        description={t('itemPicker.hint')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        data-autofocus
        data-testid={`${testId}-search`}
      />
      {!ready ? (
        <Text c="dimmed" fz="sm">
          {t('itemPicker.typeMore')}
        </Text>
      ) : items.error && !items.data ? (
        <Alert color="red" variant="light" title={libraryErrorText(items.error)} />
      ) : !items.data ? (
        <Stack gap="xs">
          {[0, 1].map((k) => (
            <Skeleton key={k} h={52} radius="md" />
          ))}
        </Stack>
      ) : !items.data.items.length ? (
        <Text c="dimmed" fz="sm">
          {t('itemPicker.none')}
        </Text>
      ) : (
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none', maxHeight: 320, overflowY: 'auto' }}>
          {items.data.items.map((item) => {
            const selected = item.id === selectedId;
            return (
              <li key={item.id}>
                <UnstyledButton
                  onClick={() => onPick(item)}
                  aria-pressed={selected}
                  data-testid="item-option"
                  w="100%"
                  p="xs"
                  style={optionStyle(selected)}
                >
                  <Text fw={600} lineClamp={2}>
                    {item.title}
                  </Text>
                  <Group gap="xs" c="dimmed" fz="xs" wrap="wrap">
                    <span>{kindName(item.kind)}</span>
                    {item.authors.length > 0 && <span>{item.authors.join(', ')}</span>}
                    <span>{t('itemPicker.copies', { available: item.copies.available, total: item.copies.total })}</span>
                  </Group>
                </UnstyledButton>
              </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
