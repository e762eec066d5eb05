import { PAGE_PATHS } from '@cue/contract';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import shell from '../../shell/pages/Pages.module.css';
import { Money } from '../components/money';
import { FEES_NS, managementNeed } from '../i18n';
import { useFeeOverview } from './api-overview';
import { periodName } from './feeFormat';

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={label} data-testid={testId}>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {children}
      </Text>
    </Paper>
  );
}

const SUB_PAGES = [
  { key: 'structure', to: PAGE_PATHS.feeStructure },
  { key: 'collection', to: PAGE_PATHS.feeCollection },
  { key: 'reports', to: PAGE_PATHS.feeReports },
] as const;

function Body() {
  const { t, i18n } = useTranslation(FEES_NS);
  const overview = useFeeOverview();
  const o = overview.data;
  return (
    <Page title={t('page.title')} description={t('page.description')}>
      {overview.isPending && <Skeleton h={120} radius="lg" />}
      {overview.isError && (
        <Alert color="red" variant="light" title={t('overview.error')}>
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{errorText(overview.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void overview.refetch()}>
              {t('overview.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {o && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="fee-overview">
          <Figure label={t('overview.invoiced')} testId="overview-invoiced">
            <Money amount={o.invoiced_this_month} currency={o.currency} />
          </Figure>
          <Figure label={t('overview.collected')} testId="overview-collected">
            <Money amount={o.collected_this_month} currency={o.currency} />
          </Figure>
          <Figure label={t('overview.outstanding')} testId="overview-outstanding">
            <Money amount={o.outstanding} currency={o.currency} />
          </Figure>
          <Figure label={t('overview.overdue')} testId="overview-overdue">
            <Money amount={o.overdue} currency={o.currency} />
            <Text fz="sm" c="dimmed" fw={400}>
              {t('overview.overdueAccounts', { count: o.overdue_accounts })}
            </Text>
          </Figure>
        </SimpleGrid>
      )}
      {o && (
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="fee-last-run" data-testid="fee-last-run">
          <Stack gap="xs">
            <Title order={2} fz="h4" id="fee-last-run">
              {t('overview.lastRun.title')}
            </Title>
            {o.last_run ? (
              <Text fz="sm">
                {t('overview.lastRun.summary', {
                  period: periodName(o.last_run, i18n.language),
                  status: t(`overview.runStatus.${o.last_run.status}`),
                  count: o.last_run.invoices,
                })}{' '}
                <Money amount={o.last_run.total} currency={o.last_run.currency} />
              </Text>
            ) : (
              <Text fz="sm" c="dimmed">
                {t('overview.lastRun.none')}
              </Text>
            )}
            <Group gap="sm">
              <Button component={Link} to={PAGE_PATHS.feeCollection} data-testid="overview-generate">
                {t('overview.generate')}
              </Button>
              <Button component={Link} to={PAGE_PATHS.feeStructure} variant="default">
                {t('overview.structure')}
              </Button>
              <Button component={Link} to={PAGE_PATHS.feeReports} variant="default">
                {t('overview.reports')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" component="nav" aria-label={t('overview.pages')}>
        {SUB_PAGES.map(({ key, to }) => (
          <Paper key={key} component={Link} to={to} withBorder radius="lg" p="md" data-testid={`fee-card-${key}`}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>{t(`overview.cards.${key}.title`)}</Text>
              <IconArrowRight size={16} aria-hidden className={shell.flipInRtl} />
            </Group>
            <Text fz="sm" c="dimmed">
              {t(`overview.cards.${key}.body`)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Page>
  );
}

/** /admin/management-setup/fee: the overview of what is invoiced, collected and owed. */
export default function FeesPage() {
  return (
    <Gate need={managementNeed('management-setup.fee')}>
      <Body />
    </Gate>
  );
}
