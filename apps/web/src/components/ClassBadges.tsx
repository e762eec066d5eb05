import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ClassName } from './ClassName';

/** A few classes as badges, then '+ N more'. */
export function ClassBadges({ classes, shown = 3 }: { classes: { id: string; class_name: string }[]; shown?: number }) {
  const { t } = useTranslation();
  if (classes.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        —
      </Text>
    );
  const rest = classes.length - shown;
  return (
    <Group gap={4}>
      {classes.slice(0, shown).map((c) => (
        <Badge key={c.id} variant="light" radius="sm" tt="none">
          <ClassName name={c.class_name} fz="xs" fw={600} />
        </Badge>
      ))}
      {rest > 0 && (
        <Text
          fz="xs"
          c="dimmed"
          title={classes
            .slice(shown)
            .map((c) => c.class_name)
            .join(', ')}
        >
          {t('common.more', { count: rest })}
        </Text>
      )}
    </Group>
  );
}
