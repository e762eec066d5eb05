import type { ClassDetail } from '@cue/contract';
import { Avatar, Paper, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fullName, initials } from '../../../lib/format';
import { OBSERVATIONS_NS } from '../i18n';
import classes from './Observations.module.css';

type Student = ClassDetail['student_list'][number];

/** The class's children as links; the chosen one is marked as the current page. */
export function StudentRoster({
  students,
  loading,
  currentId,
  hrefFor,
  title,
}: {
  students: Student[] | undefined;
  loading: boolean;
  currentId: string | null;
  hrefFor: (student: Student) => string;
  title: string;
}) {
  const { t, i18n } = useTranslation(OBSERVATIONS_NS);
  const sorted = [...(students ?? [])].sort((a, b) => fullName(a).localeCompare(fullName(b), i18n.language));
  return (
    <Paper withBorder radius="lg" p="sm" component="nav" aria-labelledby="roster-title">
      <Title order={2} fz="sm" px={6} pb={6} id="roster-title">
        {title}
      </Title>
      {loading ? (
        <Stack gap={6}>
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} height={32} radius="md" />
          ))}
        </Stack>
      ) : sorted.length === 0 ? (
        <Text fz="sm" c="dimmed" px={6}>
          {t('student.noChildren')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={560} type="auto">
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {sorted.map((s) => (
              <li key={s.id}>
                <Link
                  to={hrefFor(s)}
                  className={classes.rosterItem}
                  aria-current={s.id === currentId ? 'page' : undefined}
                  data-testid="roster-child"
                >
                  <Avatar src={s.profile_picture} size={28} radius="xl" color="cue" alt="" aria-hidden>
                    {initials(s)}
                  </Avatar>
                  <Text component="span" fz="sm" truncate="end">
                    {fullName(s)}
                  </Text>
                </Link>
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
