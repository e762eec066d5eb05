import type { ClassSummary, DashboardClass } from '@cue/contract';
import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendar, IconMoodKid, IconSchool, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ClassName } from '../../components/ClassName';
import { LanguageText } from '../../components/LanguageText';
import { formatAgeRange } from '../../lib/format';
import classes from './Dashboard.module.css';
import { formatAcademicYear } from './format';
import { ClassToday } from './Today';

/** One class the staff member teaches, with its day so far (`today`, from the dashboard's call, while `pending` a placeholder). */
export function ClassCard({ cls, today, pending = false }: { cls: ClassSummary; today?: DashboardClass; pending?: boolean }) {
  const { t, i18n } = useTranslation();
  const year = formatAcademicYear(cls.academic_year, i18n.language);
  return (
    <Card
      component="article"
      padding="lg"
      className={classes.card}
      style={{ '--class-color': cls.color }}
      data-testid="class-card"
    >
      <div className={classes.cardStripe} aria-hidden />
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant="light" color={cls.color} aria-hidden>
          <IconSchool size={24} />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <ClassName name={cls.class_name} component="h3" fw={700} fz="lg" lh={1.25} m={0} />
          <Text fz="sm" c="dimmed" truncate="end">
            {cls.school_info.name}
          </Text>
        </div>
      </Group>
      <Stack gap={6} mt="md">
        <Group gap={8} wrap="nowrap">
          <IconUsers size={16} aria-hidden className={classes.metaIcon} />
          <Text fz="sm" fw={600}>
            <LanguageText>{t('dashboard.students', { count: cls.student_count })}</LanguageText>
          </Text>
        </Group>
        <Group gap={8} wrap="nowrap">
          <IconMoodKid size={16} aria-hidden className={classes.metaIcon} />
          <Text fz="sm">
            <LanguageText>
              <Text component="span" c="dimmed" fz="sm">
                {t('dashboard.ageRange')}:{' '}
              </Text>
              <bdi>{formatAgeRange(cls.age_range, i18n.language)}</bdi>
            </LanguageText>
          </Text>
        </Group>
        {year && (
          <Group gap={8} wrap="nowrap">
            <IconCalendar size={16} aria-hidden className={classes.metaIcon} />
            <Text fz="sm">
              <LanguageText>
                <Text component="span" c="dimmed" fz="sm">
                  {t('dashboard.academicYear')}:{' '}
                </Text>
                {year}
              </LanguageText>
            </Text>
          </Group>
        )}
      </Stack>
      <ClassToday classId={cls.id} today={today} pending={pending} />
    </Card>
  );
}
