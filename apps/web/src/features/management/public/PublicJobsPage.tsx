import { pagePath } from '@cue/contract';
import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/notify';
import { showDay } from '../../planning/planFormat';
import { usePublicJobs } from '../hiring/api-hiring';
import { HIRING_NS } from '../i18n';
import { PublicJobFrame } from './PublicJobFrame';

/** /public/jobs/:schoolId: a school's open jobs (no sign-in). */
export default function PublicJobsPage() {
  const { t, i18n } = useTranslation(HIRING_NS);
  const { schoolId = '' } = useParams();
  const query = usePublicJobs(schoolId);
  const data = query.data;

  return (
    <PublicJobFrame school={data?.school ?? null} title={t('public.jobsTitle')}>
      {query.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={70} radius="md" />
          <Skeleton height={70} radius="md" />
        </Stack>
      ) : !data ? (
        <Alert
          color={query.error instanceof ApiError && query.error.status === 404 ? 'gray' : 'red'}
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden />}
        >
          {query.error instanceof ApiError && query.error.status === 404 ? t('public.noSchool') : errorText(query.error)}
        </Alert>
      ) : data.jobs.length === 0 ? (
        <Text c="dimmed" data-testid="empty-state">
          {t('public.noJobs')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="public-jobs">
          {data.jobs.map((job) => (
            <Paper key={job._id} component="li" withBorder radius="md" p="md">
              <Stack gap={4}>
                <Anchor
                  component={Link}
                  to={pagePath.publicJob(schoolId, job._id)}
                  fw={700}
                  fz="lg"
                  style={{ wordBreak: 'break-word' }}
                >
                  {job.title}
                </Anchor>
                <Group gap="md" wrap="wrap">
                  <Text fz="sm">{t(`types.${job.employment_type}`)}</Text>
                  {job.location && (
                    <Group gap={4} wrap="nowrap">
                      <IconMapPin size={14} aria-hidden />
                      <Text fz="sm">{job.location}</Text>
                    </Group>
                  )}
                  {job.closes_on && (
                    <Text fz="sm" c="dimmed">
                      {t('public.closesOn', { day: showDay(job.closes_on, i18n.language) })}
                    </Text>
                  )}
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </PublicJobFrame>
  );
}
