import type { Child } from '@cue/contract';
import { Avatar, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fullName, initials } from '../../lib/format';
import { ClassName } from './ClassName';
import classes from './Dashboard.module.css';

const AVATAR_COLORS = ['coral', 'cue', 'teal', 'blue', 'grape', 'orange'] as const;

const colorFor = (id: string) => AVATAR_COLORS[Number.parseInt(id.slice(-4), 16) % AVATAR_COLORS.length] ?? 'cue';

/** One of the parent's children, with their classes and school. */
export function ChildCard({ child }: { child: Child }) {
  const { t } = useTranslation();
  const schools = [...new Set(child.student_class.map((c) => c.school_details.name))];
  return (
    <Card component="article" padding="lg" className={classes.card} data-testid="child-card">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar
          src={child.student_profile_picture}
          alt=""
          size={52}
          radius="xl"
          color={colorFor(child.id)}
          variant="filled"
          aria-hidden
        >
          {initials(child)}
        </Avatar>
        <Stack gap={6} miw={0}>
          <Text component="h3" fw={700} fz="lg" lh={1.25} m={0}>
            {fullName(child)}
          </Text>
          {child.student_class.length > 0 ? (
            <Group gap={6}>
              <Text component="span" fz="sm" c="dimmed">
                {t('dashboard.classLabel', { count: child.student_class.length })}:
              </Text>
              {child.student_class.map((c) => (
                <Badge key={c.class_id} variant="light" radius="sm" size="md" tt="none">
                  <ClassName name={c.class_name} fz="xs" fw={600} />
                </Badge>
              ))}
            </Group>
          ) : (
            <Text fz="sm" c="dimmed">
              {t('dashboard.noClassYet')}
            </Text>
          )}
          {schools.length > 0 && (
            <Group gap={6} wrap="nowrap">
              <IconSchool size={16} aria-hidden className={classes.metaIcon} />
              <Text fz="sm" c="dimmed" truncate="end">
                {schools.join(', ')}
              </Text>
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
