import { HPC_DOMAINS } from '@cue/contract';
import { Alert, Button, Group, Paper, Progress, ScrollArea, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconClipboardText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAddressParam } from '../../../lib/addressParam';
import { formatClassName } from '../../../lib/format';
import { Page } from '../../communication/components/Page';
import { usePlanClass } from '../../planning/components/PlanClass';
import { Gate } from '../../shell/pages/Gate';
import { type HpcProgress, useHpcProgress, useHpcStudents } from '../api-hpc';
import { LoadError } from '../components/LoadError';
import { HPC_NS } from '../i18n';
import { BackToList, LEVEL_COLORS, LevelIcon, StatusBadge, WithClass } from './HpcParts';
import { averageText, levelOfAverage, percentOf } from './hpcView';

/** A domain's average level in a period: the nearest level's picture, a short bar and the number. */
function DomainLevel({ average }: { average: number | null | undefined }) {
  const { t, i18n } = useTranslation(HPC_NS);
  const level = levelOfAverage(average);
  if (!level || average === null || average === undefined)
    return (
      <Text fz="sm" c="dimmed">
        {t('summary.notRated')}
      </Text>
    );
  const text = averageText(average, i18n.language);
  return (
    <Stack gap={4} miw={120}>
      <Group gap={6} wrap="nowrap">
        <LevelIcon level={level} size={18} />
        <Text fz="sm" fw={600}>
          {t(`levels.${level}.name`)}
        </Text>
        <Text fz="xs" c="dimmed">
          {text}
        </Text>
      </Group>
      <Progress
        value={percentOf(average, 3)}
        size="sm"
        radius="xl"
        color={LEVEL_COLORS[level]}
        aria-label={t('progress.levelOf', { level: t(`levels.${level}.name`), value: text })}
      />
    </Stack>
  );
}

/** The child's periods side by side: per domain the level, then the narrative. */
function ProgressTable({ data }: { data: HpcProgress }) {
  const { t } = useTranslation(HPC_NS);
  return (
    <ScrollArea type="auto" offsetScrollbars data-testid="hpc-progress">
      <Table withTableBorder withColumnBorders verticalSpacing="sm" miw={260 + data.periods.length * 200}>
        <Table.Caption>{t('progress.caption', { name: data.student.name })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('progress.domain')}</Table.Th>
            {data.periods.map((p) => (
              <Table.Th key={p.period._id} scope="col">
                <Stack gap={4}>
                  <Text fz="sm" fw={700}>
                    {p.period.name}
                  </Text>
                  <StatusBadge status={p.status} />
                </Stack>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {HPC_DOMAINS.map((domain) => (
            <Table.Tr key={domain.key} data-domain={domain.key}>
              <Table.Th scope="row" fw={600} fz="sm">
                {t(`domains.${domain.key}`)}
              </Table.Th>
              {data.periods.map((p) => (
                <Table.Td key={p.period._id}>
                  <DomainLevel average={p.domains[domain.key]} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row" fw={600} fz="sm">
              {t('progress.narrative')}
            </Table.Th>
            {data.periods.map((p) => (
              <Table.Td key={p.period._id} style={{ verticalAlign: 'top' }}>
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} c={p.narrative ? undefined : 'dimmed'}>
                  {p.narrative || t('progress.noNarrative')}
                </Text>
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function Progression() {
  const { t } = useTranslation(HPC_NS);
  const { classId, name, loading } = usePlanClass();
  const [studentId, setStudentId] = useAddressParam('student_id');
  const children = useHpcStudents(classId, null);
  const roster = children.data && children.data.class._id === classId ? children.data.students : undefined;
  const progress = useHpcProgress(studentId);
  const data = progress.data && progress.data.student._id === studentId ? progress.data : undefined;
  const className = name ? formatClassName(name).text : '';

  return (
    <Page
      title={t('progress.title')}
      description={className ? t('progress.description', { name: className }) : undefined}
      width={1280}
      actions={<BackToList classId={classId} />}
    >
      <WithClass classId={classId} loading={loading}>
        {
          <Stack gap="md">
            <Select
              label={t('progress.child')}
              placeholder={t('progress.chooseChild')}
              data={(roster ?? []).map((s) => ({ value: s._id, label: s.name }))}
              value={studentId}
              onChange={(id) => setStudentId(id)}
              searchable
              w={{ base: '100%', sm: 320 }}
              disabled={!roster}
              data-testid="hpc-progress-child"
            />
            {children.error && !roster && (
              <LoadError testId="hpc-load-error" error={children.error} onRetry={() => void children.refetch()} />
            )}
            {!studentId ? (
              <Paper withBorder radius="lg" p="lg">
                <Text c="dimmed" fz="sm">
                  {t('progress.pick')}
                </Text>
              </Paper>
            ) : progress.error && !data ? (
              <LoadError testId="hpc-load-error" error={progress.error} onRetry={() => void progress.refetch()} />
            ) : !data ? (
              <Skeleton h={320} radius="lg" data-testid="hpc-progress-loading" />
            ) : data.periods.length === 0 ? (
              <Alert color="gray" variant="light" title={t('progress.emptyTitle')} data-testid="hpc-progress-empty">
                <Text fz="sm">{t('progress.empty', { name: data.student.name })}</Text>
                <Button
                  component={Link}
                  to={`/assessment/hpc/card/${data.student._id}`}
                  mt="sm"
                  size="xs"
                  leftSection={<IconClipboardText size={14} aria-hidden />}
                >
                  {t('progress.openCard')}
                </Button>
              </Alert>
            ) : (
              <ProgressTable data={data} />
            )}
          </Stack>
        }
      </WithClass>
    </Page>
  );
}

/** /assessment/hpc/progress-summary?student_id=: a child's progress cards over the periods. */
export default function HpcProgressPage() {
  return (
    <Gate need={{ feature: 'hpc' }}>
      <Progression />
    </Gate>
  );
}
