import type { PlanningArea } from '@cue/contract';
import { Box, Checkbox, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { PLANNING_NS } from '../i18n';

export interface AreaPickerProps {
  /** The areas to choose from (a framework's, in its order). */
  areas: readonly PlanningArea[];
  /** Ids of the chosen areas. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** The picker's name (default: "Learning areas"). */
  label?: string;
  /** Beside the label: e.g. "Changed by Neha". */
  marker?: ReactNode;
  loading?: boolean;
  readOnly?: boolean;
}

/** Groups in the order their first area comes (the framework's order: prime before specific areas). */
export function groupAreas(areas: readonly PlanningArea[]): { group: string; areas: PlanningArea[] }[] {
  const groups = new Map<string, PlanningArea[]>();
  for (const area of areas) {
    const list = groups.get(area.group);
    if (list) list.push(area);
    else groups.set(area.group, [area]);
  }
  return [...groups].map(([group, list]) => ({ group, areas: list }));
}

/**
 * Learning areas to tick, grouped as the framework groups them (EYFS: prime areas, specific areas,
 * characteristics of effective learning), each group a named set of checkboxes. Chosen ids the list does
 * not hold (an area of another framework) are kept as they are.
 */
export function AreaPicker({ areas, value, onChange, label, marker, loading = false, readOnly = false }: AreaPickerProps) {
  const { t } = useTranslation(PLANNING_NS);
  const labelId = useId();
  const chosen = new Set(value);
  const toggle = (id: string, on: boolean) => {
    if (on) {
      if (!chosen.has(id)) onChange([...value, id]);
    } else onChange(value.filter((v) => v !== id));
  };
  return (
    <Box role="group" aria-labelledby={labelId} data-testid="area-picker">
      <Group gap="xs" wrap="wrap">
        <Text component="span" fw={600} fz="sm" id={labelId}>
          {label ?? t('fields.areas')}
        </Text>
        {value.length > 0 && (
          <SoftBadge size="sm" color="gray">
            {t('editor.areasChosen', { count: value.length })}
          </SoftBadge>
        )}
        {marker}
      </Group>
      {loading && <Skeleton h={80} mt={6} radius="md" />}
      {!loading && areas.length === 0 && (
        <Text fz="sm" c="dimmed" mt={6}>
          {t('editor.noAreas')}
        </Text>
      )}
      <Stack gap="sm" mt={6}>
        {groupAreas(areas).map(({ group, areas: list }) => (
          <AreaGroup key={group} group={group}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} verticalSpacing={6}>
              {list.map((area) => (
                <Checkbox
                  key={area._id}
                  label={area.name}
                  checked={chosen.has(area._id)}
                  disabled={readOnly}
                  onChange={(event) => toggle(area._id, event.currentTarget.checked)}
                  data-area-code={area.code}
                />
              ))}
            </SimpleGrid>
          </AreaGroup>
        ))}
      </Stack>
    </Box>
  );
}

function AreaGroup({ group, children }: { group: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box role="group" aria-labelledby={id}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700} id={id} mb={4}>
        {group}
      </Text>
      {children}
    </Box>
  );
}
