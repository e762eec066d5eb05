import {
  type PlanningArea,
  type PlanningFramework,
  UNIT_FIELD_KINDS,
  UNIT_TEMPLATES,
  type UnitFieldKey,
  type UnitFields,
  type UnitKind,
} from '@cue/contract';
import { Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PLANNING_NS } from '../i18n';
import { filledFields } from './unitFields';

/**
 * A unit's planner read only: the fields of its framework's (or a project's) template in order, each under
 * its label, left out when empty; the learning areas where the template places them. For the library's
 * detail and anywhere a unit is shown without being edited.
 */
export function UnitFieldsView({
  framework,
  kind = 'unit',
  fields,
  areas = [],
  headingOrder = 4,
}: {
  framework: PlanningFramework;
  kind?: UnitKind;
  fields: UnitFields;
  areas?: PlanningArea[];
  /** The heading level of each field's label (4: under a page's or drawer's h2/h3). */
  headingOrder?: 3 | 4 | 5;
}) {
  const { t } = useTranslation(PLANNING_NS);
  const template = UNIT_TEMPLATES[kind === 'project' ? 'project' : framework];
  const shown = filledFields(template, fields, areas.length > 0);
  if (shown.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('library.noFields')}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {shown.map((key) => (
        <section key={key}>
          <Title order={headingOrder} size="sm" mb={4}>
            {t(`fields.${key}`)}
          </Title>
          {key === 'areas' ? <AreaBadges areas={areas} /> : <FieldValue name={key} fields={fields} />}
        </section>
      ))}
    </Stack>
  );
}

function AreaBadges({ areas }: { areas: PlanningArea[] }) {
  return (
    <Group gap={6}>
      {areas.map((a) => (
        <Badge key={a._id} variant="light" radius="sm" style={{ textTransform: 'none' }}>
          {a.name}
        </Badge>
      ))}
    </Group>
  );
}

function FieldValue({ name, fields }: { name: UnitFieldKey; fields: UnitFields }) {
  const { t } = useTranslation(PLANNING_NS);
  const value = fields[name];
  const kind = UNIT_FIELD_KINDS[name];
  if (typeof value === 'string') {
    return (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto">
        {value}
      </Text>
    );
  }
  if (!Array.isArray(value)) return null;
  if (kind === 'choice') {
    return (
      <Group gap={6}>
        {value.map((v) => (
          <Badge key={v} variant="outline" radius="sm" style={{ textTransform: 'none' }}>
            {t(`choices.${name}.${v}`)}
          </Badge>
        ))}
      </Group>
    );
  }
  return (
    <List size="sm" spacing={2}>
      {value.map((item, i) => (
        // Items of a list may repeat; their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that never reorders
        <List.Item key={i}>
          <span dir="auto">{item}</span>
        </List.Item>
      ))}
    </List>
  );
}
