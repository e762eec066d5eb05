import { isSafeLink } from '@cue/contract';
import { Anchor, Badge, Container, Group, Image, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../../lib/format';
import { useBugReports } from '../api';
import { LoadFailed, PageHeader } from './common';

/** /super_admin/bug-reports: what people reported with Report an Issue, newest first. */
export function BugReportsPage() {
  const { t, i18n } = useTranslation('shell');
  const reports = useBugReports();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Container size="md" data-testid="bug-reports-page">
      <PageHeader title={t('bugReports.title')} description={t('bugReports.intro')} />
      {reports.isPending ? (
        <Stack>
          <Skeleton h={120} radius="md" />
          <Skeleton h={120} radius="md" />
        </Stack>
      ) : reports.isError ? (
        <LoadFailed onRetry={() => void reports.refetch()} />
      ) : reports.data.length === 0 ? (
        <Text c="dimmed">{t('bugReports.empty')}</Text>
      ) : (
        <Stack gap="md">
          {reports.data.map((report) => (
            <Paper key={report.id} withBorder radius="lg" p="lg" component="article" data-testid="bug-report">
              <Group justify="space-between" gap="xs" mb="xs">
                <Group gap="xs">
                  <Text fw={700}>{fullName(report.reporter)}</Text>
                  <Badge variant="light" size="sm">
                    {report.reporter.kind === 'parent' ? t('role.parent') : t('role.staff')}
                  </Badge>
                  {report.school && (
                    <Text fz="sm" c="dimmed">
                      {report.school.name}
                    </Text>
                  )}
                </Group>
                <Text fz="sm" c="dimmed" component="time" dateTime={report.created_at}>
                  {when.format(new Date(report.created_at))}
                </Text>
              </Group>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{report.summary}</Text>
              {isSafeLink(report.url) ? (
                <Anchor href={report.url} fz="sm" mt="xs" display="block" style={{ overflowWrap: 'anywhere' }} dir="ltr">
                  {report.url}
                </Anchor>
              ) : (
                <Text fz="sm" mt="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} dir="ltr">
                  {report.url}
                </Text>
              )}
              {report.media.length > 0 && (
                <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="sm">
                  {report.media.map((m, index) => (
                    <Anchor
                      key={m.media_link}
                      href={m.media_link}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={t('bugReports.image', { index: index + 1 })}
                    >
                      <Image src={m.media_link} alt="" h={90} fit="cover" radius="md" />
                    </Anchor>
                  ))}
                </SimpleGrid>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Container>
  );
}
