import { type FeeAccount, type InvoiceSummary, PAGE_PATHS, pagePath, ROUTES } from '@cue/contract';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isHidden, RecordQueryCard } from '../../../components/RecordCard';
import { apiResult } from '../../../lib/api';
import { loadCatalogs } from '../../../lib/catalogs';
import { useActiveSide } from '../../../lib/session';
import { showDay } from '../../planning/planFormat';
import { Money } from '../components/money';
import { FEES_NS } from '../i18n';
import { useFamilyFees } from './api-family';

let catalogs: Promise<void> | null = null;
/** The card's words in every language before it shows (a failed load shows the card with its keys' defaults). */
const catalogsReady = (): Promise<void> => {
  catalogs ??= loadCatalogs(FEES_NS).catch(() => undefined);
  return catalogs;
};

/** An issued invoice with something still to pay: what the family owes for it. */
const unpaid = (invoice: InvoiceSummary) => invoice.status === 'issued' && invoice.outstanding > 0;

/**
 * A child's fees on their record (issue 26). The family sees the account that pays for the child (owed,
 * credit, overdue) with the child's unpaid invoices and a link to all invoices and receipts; staff with the
 * fee permission see what the child's invoices still owe and a link to the account. Nothing shows when the
 * school does not use fees or the caller may not see them (the call answers 403).
 */
export function ChildFeesCard(props: { studentId: string }) {
  return (
    <Suspense fallback={null}>
      <Card {...props} />
    </Suspense>
  );
}

function Card({ studentId }: { studentId: string }) {
  use(catalogsReady());
  const side = useActiveSide();
  return side === 'parent' ? <FamilyCard studentId={studentId} /> : <StaffCard studentId={studentId} />;
}

function FamilyCard({ studentId }: { studentId: string }) {
  const { t } = useTranslation(FEES_NS);
  const fees = useFamilyFees();
  // The account paying for this child (a child belongs to one account at the school); none: no fees yet.
  const account = fees.data ? (fees.data.accounts.find((a) => a.children.some((c) => c._id === studentId)) ?? null) : undefined;
  const query = {
    data: account === undefined ? undefined : { account },
    error: fees.error,
    isError: fees.isError,
    refetch: fees.refetch,
  };
  return (
    <RecordQueryCard
      query={query}
      title={t('childCard.title')}
      testId="record-fees"
      retryLabel={t('childCard.retry')}
      skeletonHeight={60}
    >
      {({ account }) => (account ? <FamilyAccount account={account} studentId={studentId} /> : <Empty />)}
    </RecordQueryCard>
  );
}

function Empty() {
  const { t } = useTranslation(FEES_NS);
  return (
    <Text fz="sm" c="dimmed" data-testid="fees-card-empty">
      {t('childCard.none')}
    </Text>
  );
}

function FamilyAccount({ account, studentId }: { account: FeeAccount; studentId: string }) {
  const { t, i18n } = useTranslation(FEES_NS);
  const invoices = account.invoices.filter((i) => i.student._id === studentId && unpaid(i));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 3 }} spacing="xs">
        <Figure label={t('childCard.outstanding')} testId="fees-card-outstanding">
          <Money amount={account.outstanding} currency={account.currency} fw={700} />
        </Figure>
        <Figure label={t('childCard.credit')} testId="fees-card-credit">
          <Money amount={account.credit} currency={account.currency} fw={700} />
        </Figure>
        <Figure label={t('childCard.overdue')} testId="fees-card-overdue" danger={account.overdue > 0}>
          <Money amount={account.overdue} currency={account.currency} fw={700} />
        </Figure>
      </SimpleGrid>
      <Stack gap="xs" component="section" aria-label={t('childCard.unpaid')} data-testid="fees-card-invoices">
        <Text fz="sm" fw={600}>
          {t('childCard.unpaid')}
        </Text>
        {invoices.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('childCard.allPaid')}
          </Text>
        ) : (
          invoices.map((invoice) => (
            <Paper key={invoice._id} withBorder radius="md" p="xs" data-testid="fees-card-invoice">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={0} miw={0}>
                  <Text fz="sm" fw={600} dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                    {invoice.number ?? ''}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {t('childCard.due', { day: showDay(invoice.due_date, i18n.language) })}
                  </Text>
                </Stack>
                <Money amount={invoice.outstanding} currency={invoice.currency} fw={600} />
              </Group>
            </Paper>
          ))
        )}
      </Stack>
      <Anchor component={Link} to={PAGE_PATHS.familyFees} fz="sm" data-testid="fees-card-link">
        {t('childCard.seeAll')}
      </Anchor>
    </Stack>
  );
}

function Figure({ label, testId, danger, children }: { label: string; testId: string; danger?: boolean; children: ReactNode }) {
  return (
    <Stack gap={0} data-testid={testId} miw={0}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" c={danger ? 'red.8' : undefined}>
        {children}
      </Text>
    </Stack>
  );
}

function StaffCard({ studentId }: { studentId: string }) {
  const { t } = useTranslation(FEES_NS);
  const invoices = useQuery({
    queryKey: ['fees', 'invoices', { student_id: studentId, status: 'issued', record: true }],
    queryFn: ({ signal }) =>
      apiResult(ROUTES.invoices, {
        side: 'staff',
        signal,
        query: { student_id: studentId, status: 'issued', page: 1, page_size: 500 },
      }),
    // Staff without the fee permission (403) are answered once: the card stays hidden.
    retry: (count, err) => !isHidden(err) && count < 2,
  });
  return (
    <RecordQueryCard
      query={invoices}
      title={t('childCard.title')}
      testId="record-fees"
      retryLabel={t('childCard.retry')}
      skeletonHeight={40}
    >
      {({ items }) => {
        const owing = items.filter(unpaid);
        const first = items[0];
        if (!first) return <Empty />;
        const outstanding = owing.reduce((sum, i) => sum + i.outstanding, 0);
        return (
          <Stack gap="xs">
            <Figure label={t('childCard.outstanding')} testId="fees-card-outstanding">
              <Money amount={outstanding} currency={first.currency} fw={700} />
            </Figure>
            <Text fz="xs" c="dimmed">
              {t('childCard.unpaidCount', { count: owing.length })}
            </Text>
            <Anchor component={Link} to={pagePath.feeAccount(first.account._id)} fz="sm" data-testid="fees-card-account">
              {t('childCard.account', { name: first.account.name })}
            </Anchor>
          </Stack>
        );
      }}
    </RecordQueryCard>
  );
}
