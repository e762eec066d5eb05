import { Combobox, Group, Loader, Pill, PillsInput, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue, useId } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResources } from '../api';
import { PLANNING_NS } from '../i18n';
import { ResourceKindIcon } from './ResourceKindIcon';

/** What a chip needs of a resource. */
export type ResourceRef = { _id: string; title: string; kind: string; url: string | null };

/**
 * Resources of the library chosen for a unit or an activity: a combobox named "Resources" that searches
 * the library as one types, the chosen ones as removable chips with their kind's icon. `initial` names
 * the resources already chosen (the unit's or activity's own list), so chips show titles before any
 * search; resources picked here are remembered for the same reason.
 */
export function ResourcePicker({
  value,
  onChange,
  initial = [],
  label,
  disabled,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  initial?: ResourceRef[];
  /** Defaults to "Resources". */
  label?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation(PLANNING_NS);
  const id = useId();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [picked, setPicked] = useState<ResourceRef[]>([]);
  const found = useResources({ search: debounced || undefined, page: 1 }, combobox.dropdownOpened);
  const options = found.data?.items ?? [];

  const known = new Map<string, ResourceRef>();
  for (const r of [...initial, ...picked, ...options]) known.set(r._id, r);

  const toggle = (resourceId: string) => {
    if (value.includes(resourceId)) return onChange(value.filter((v) => v !== resourceId));
    const chosen = options.find((o) => o._id === resourceId);
    if (chosen) setPicked((list) => [...list.filter((p) => p._id !== resourceId), chosen]);
    // A pick ends that search: the box is ready for the next one.
    setSearch('');
    onChange([...value, resourceId]);
  };

  const chips = value.map((resourceId) => {
    const r = known.get(resourceId);
    const title = r?.title ?? t('picker.unknown');
    return (
      <Pill
        key={resourceId}
        withRemoveButton={!disabled}
        onRemove={() => toggle(resourceId)}
        // Mantine hides a pill's remove button from the keyboard and assistive technology (Backspace
        // removes the last one); each chip's own named button lets any chip be removed without a mouse.
        removeButtonProps={{ 'aria-label': t('picker.remove', { title }), 'aria-hidden': false, tabIndex: 0 }}
      >
        <Group gap={4} wrap="nowrap" component="span">
          {r && <ResourceKindIcon kind={r.kind} size={14} />}
          <span>{title}</span>
        </Group>
      </Pill>
    );
  });

  return (
    <Combobox store={combobox} onOptionSubmit={toggle} withinPortal>
      <Combobox.DropdownTarget>
        <PillsInput
          id={id}
          label={label ?? t('picker.label')}
          disabled={disabled}
          onClick={() => combobox.openDropdown()}
          rightSection={found.isFetching && combobox.dropdownOpened ? <Loader size={14} /> : undefined}
        >
          <Pill.Group>
            {chips}
            <Combobox.EventsTarget withExpandedAttribute>
              <PillsInput.Field
                id={id}
                value={search}
                placeholder={t('picker.placeholder')}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onChange={(event) => {
                  combobox.updateSelectedOptionIndex();
                  setSearch(event.currentTarget.value);
                  combobox.openDropdown();
                }}
                onKeyDown={(event) => {
                  // Backspace in an empty search removes the last chip, as in the app's other multi-selects.
                  if (event.key === 'Backspace' && search.length === 0 && value.length > 0) {
                    event.preventDefault();
                    onChange(value.slice(0, -1));
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }} aria-label={label ?? t('picker.label')}>
          {found.isError ? (
            <Combobox.Empty>{t('picker.error')}</Combobox.Empty>
          ) : options.length === 0 ? (
            <Combobox.Empty>{found.isFetching ? t('picker.searching') : t('picker.none')}</Combobox.Empty>
          ) : (
            options.map((r) => (
              <Combobox.Option value={r._id} key={r._id} active={value.includes(r._id)} aria-selected={value.includes(r._id)}>
                <Group gap="xs" wrap="nowrap">
                  <ResourceKindIcon kind={r.kind} />
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Text size="sm" truncate>
                      {r.title}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {[t(`resources.kind.${r.kind}`), r.author].filter(Boolean).join(' · ')}
                    </Text>
                  </div>
                  {value.includes(r._id) && <IconCheck size={16} aria-hidden />}
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
