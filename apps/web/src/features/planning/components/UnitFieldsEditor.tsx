import {
  type PlanningFramework,
  UNIT_CHOICES,
  UNIT_FIELD_KINDS,
  UNIT_ITEM_MAX,
  UNIT_LIST_MAX,
  UNIT_TEMPLATES,
  UNIT_TEXT_MAX,
  type UnitFieldKey,
  type UnitFields,
} from '@cue/contract';
import { ActionIcon, Box, Button, Chip, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { PLANNING_NS } from '../i18n';

type ChoiceKey = keyof typeof UNIT_CHOICES;
const isChoiceKey = (key: UnitFieldKey): key is ChoiceKey => key in UNIT_CHOICES;

export interface UnitFieldsEditorProps {
  /** Which planner: the class's framework, or `project` for project planning. */
  framework: PlanningFramework | 'project';
  value: UnitFields;
  onChange: <K extends UnitFieldKey>(key: K, value: UnitFields[K]) => void;
  /** A field left (focus moved out of it): the planner saves at once rather than after the pause. */
  onBlur?: (key: UnitFieldKey) => void;
  /** Fields changed here and not saved yet. */
  dirty?: Partial<Record<UnitFieldKey, boolean>>;
  /** Fields someone else just changed: the name of who changed each. */
  remote?: Partial<Record<UnitFieldKey, string>>;
  /** Shown where the template places the learning areas (the planner's AreaPicker). */
  areas?: ReactNode;
  readOnly?: boolean;
}

/**
 * The planner's fields of one framework (UNIT_TEMPLATES), each edited as its kind asks: a text in a
 * growing text box, a list item by item (add, remove, move up and down), a choice as chips.
 */
export function UnitFieldsEditor({
  framework,
  value,
  onChange,
  onBlur,
  dirty,
  remote,
  areas,
  readOnly = false,
}: UnitFieldsEditorProps) {
  const template = UNIT_TEMPLATES[framework];
  return (
    <Stack gap="lg" data-testid="unit-fields">
      {template.map((key) => {
        if (key === 'areas') return <Fragment key="areas">{areas}</Fragment>;
        const marker = <FieldMarker dirty={!!dirty?.[key]} remote={remote?.[key]} />;
        const blur = () => onBlur?.(key);
        const kind = UNIT_FIELD_KINDS[key];
        if (kind === 'choice' && isChoiceKey(key))
          return (
            <ChoiceField
              key={key}
              field={key}
              value={(value[key] as readonly string[] | undefined) ?? []}
              onChange={(next) => onChange(key, next as UnitFields[typeof key])}
              onBlur={blur}
              marker={marker}
              readOnly={readOnly}
            />
          );
        if (kind === 'list')
          return (
            <ListField
              key={key}
              field={key}
              value={(value[key] as string[] | undefined) ?? []}
              onChange={(next) => onChange(key, next as UnitFields[typeof key])}
              onBlur={blur}
              marker={marker}
              readOnly={readOnly}
            />
          );
        return (
          <TextField
            key={key}
            field={key}
            value={(value[key] as string | undefined) ?? ''}
            onChange={(next) => onChange(key, next as UnitFields[typeof key])}
            onBlur={blur}
            marker={marker}
            readOnly={readOnly}
          />
        );
      })}
    </Stack>
  );
}

/** Beside a field's label: not saved yet, or just changed by someone else. */
function FieldMarker({ dirty, remote }: { dirty: boolean; remote?: string }) {
  const { t } = useTranslation(PLANNING_NS);
  if (remote)
    return (
      <SoftBadge size="sm" color="grape" data-testid="field-changed-by">
        {t('editor.changedBy', { name: remote })}
      </SoftBadge>
    );
  if (dirty)
    return (
      <SoftBadge size="sm" color="yellow" data-testid="field-unsaved">
        {t('editor.unsaved')}
      </SoftBadge>
    );
  return null;
}

interface FieldProps<V> {
  field: UnitFieldKey;
  value: V;
  onChange: (next: V) => void;
  onBlur: () => void;
  marker: ReactNode;
  readOnly: boolean;
}

function FieldLabel({ field, marker, id }: { field: UnitFieldKey; marker: ReactNode; id?: string }) {
  const { t } = useTranslation(PLANNING_NS);
  return (
    <Group gap="xs" wrap="wrap" component="span">
      <Text component="span" fw={600} fz="sm" id={id}>
        {t(`fields.${field}`)}
      </Text>
      {marker}
    </Group>
  );
}

function TextField({ field, value, onChange, onBlur, marker, readOnly }: FieldProps<string>) {
  const { t } = useTranslation(PLANNING_NS);
  return (
    <Textarea
      label={<FieldLabel field={field} marker={marker} />}
      aria-label={t(`fields.${field}`)}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      autosize
      minRows={2}
      maxRows={12}
      maxLength={UNIT_TEXT_MAX}
      readOnly={readOnly}
      dir="auto"
      data-field={field}
    />
  );
}

function ListField({ field, value, onChange, onBlur, marker, readOnly }: FieldProps<string[]>) {
  const { t } = useTranslation(PLANNING_NS);
  const labelId = useId();
  const name = t(`fields.${field}`);
  const set = (index: number, text: string) => onChange(value.map((item, i) => (i === index ? text : item)));
  const remove = (index: number) => onChange(value.filter((_, i) => i !== index));
  const swap = (a: number, b: number) => {
    const next = [...value];
    const first = next[a];
    const second = next[b];
    if (first === undefined || second === undefined) return;
    next[a] = second;
    next[b] = first;
    onChange(next);
  };
  return (
    <Box role="group" aria-labelledby={labelId} data-field={field}>
      <FieldLabel field={field} marker={marker} id={labelId} />
      <Stack gap={6} mt={6}>
        {value.length === 0 && (
          <Text fz="sm" c="dimmed">
            {t('editor.listEmpty')}
          </Text>
        )}
        {value.map((item, index) => (
          // Items have no identity of their own; the position is what the reader sees and edits.
          // biome-ignore lint/suspicious/noArrayIndexKey: list items are plain strings edited in place
          <Group key={index} gap={4} wrap="nowrap" align="center">
            <Text fz="sm" c="dimmed" w={20} ta="end" aria-hidden>
              {index + 1}.
            </Text>
            <TextInput
              flex={1}
              miw={0}
              value={item}
              aria-label={t('editor.item', { field: name, n: index + 1 })}
              onChange={(event) => set(index, event.currentTarget.value)}
              onBlur={onBlur}
              maxLength={UNIT_ITEM_MAX}
              readOnly={readOnly}
              dir="auto"
            />
            {!readOnly && (
              <>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('editor.moveUp', { field: name, n: index + 1 })}
                  disabled={index === 0}
                  onClick={() => swap(index, index - 1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('editor.moveDown', { field: name, n: index + 1 })}
                  disabled={index === value.length - 1}
                  onClick={() => swap(index, index + 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('editor.removeItem', { field: name, n: index + 1 })}
                  onClick={() => {
                    remove(index);
                    onBlur();
                  }}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </>
            )}
          </Group>
        ))}
        {!readOnly && (
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={value.length >= UNIT_LIST_MAX}
              aria-label={t('editor.addItem', { field: name })}
              onClick={() => onChange([...value, ''])}
            >
              {t('editor.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Box>
  );
}

function ChoiceField({ field, value, onChange, onBlur, marker, readOnly }: FieldProps<readonly string[]> & { field: ChoiceKey }) {
  const { t } = useTranslation(PLANNING_NS);
  const labelId = useId();
  const options: readonly string[] = UNIT_CHOICES[field];
  return (
    <Box role="group" aria-labelledby={labelId} data-field={field}>
      <FieldLabel field={field} marker={marker} id={labelId} />
      <Chip.Group
        multiple
        value={[...value]}
        onChange={(next) => {
          if (readOnly) return;
          // Kept in the framework's order whatever order they were picked in.
          onChange(options.filter((o) => next.includes(o)));
          onBlur();
        }}
      >
        <Group gap={6} mt={6}>
          {options.map((option) => (
            <Chip key={option} value={option} size="sm" disabled={readOnly && !value.includes(option)}>
              {t(`choices.${field}.${option}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Box>
  );
}
