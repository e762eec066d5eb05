import { can, LEAVE_MANAGER, LEAVE_STATUSES, type LeaveStatus, pagePath } from '@cue/contract';
import { Anchor, Group, Pagination, Select, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { type LeaveListQuery, useLeaveRequests } from '../api';
import { LEAVE_NS } from '../i18n';
import { CoverPanel } from './CoverPanel';
import { Dates, StatusBadge, TypeChip } from './parts';

type Tab = 'waiting' | 'team' | 'all' | 'cover';

function Body() {
  const { t } = useTranslation(LEAVE_NS);
  const { held } = useShell();
  const manages = can({ permission: LEAVE_MANAGER }, held);
  const [tab, setTab] = useState<Tab>('waiting');
  const [status, setStatus] = useState<LeaveStatus | null>(null);
  const [page, setPage] = useState(1);
  const query: LeaveListQuery = {
    scope: tab === 'all' ? 'all' : 'team',
    ...(tab === 'waiting' ? { waiting: 'true' } : {}),
    ...(status && tab !== 'waiting' ? { status } : {}),
    page,
    page_size: 20,
  };
  const list = useLeaveRequests(query);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / 20));
  return (
    <Page title={t('requests.title')} description={t('requests.description')}>
      <Tabs
        value={tab}
        onChange={(v) => {
          setTab((v ?? 'waiting') as Tab);
          setPage(1);
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="waiting">{t('requests.waiting')}</Tabs.Tab>
          <Tabs.Tab value="team">{t('requests.team')}</Tabs.Tab>
          {manages && <Tabs.Tab value="all">{t('requests.all')}</Tabs.Tab>}
          {manages && <Tabs.Tab value="cover">{t('cover.title')}</Tabs.Tab>}
        </Tabs.List>
      </Tabs>
      {tab === 'cover' ? (
        <CoverPanel />
      ) : (
        <DataTable
          caption={t('requests.title')}
          testId="leave-requests"
          rows={list.data?.items}
          loading={list.isPending}
          error={list.error}
          onRetry={() => void list.refetch()}
          rowKey={(r) => r._id}
          emptyText={tab === 'waiting' ? t('requests.noneWaiting') : t('requests.none')}
          toolbar={
            tab !== 'waiting' && (
              <Group>
                <Select
                  label={t('table.status')}
                  placeholder={t('requests.anyStatus')}
                  data={LEAVE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                  value={status}
                  onChange={(v) => {
                    setStatus(v as LeaveStatus | null);
                    setPage(1);
                  }}
                  clearable
                  w={200}
                />
              </Group>
            )
          }
          columns={[
            {
              key: 'staff',
              header: t('table.staff'),
              render: (r) => (
                <Anchor component={Link} to={pagePath.leaveRequest(r._id)} fw={600} fz="sm">
                  {r.staff.name}
                </Anchor>
              ),
            },
            { key: 'type', header: t('table.type'), render: (r) => <TypeChip type={r.leave_type} /> },
            { key: 'dates', header: t('table.dates'), render: (r) => <Dates r={r} /> },
            { key: 'days', header: t('table.days'), render: (r) => t('days', { count: r.days }), align: 'end' },
            { key: 'status', header: t('table.status'), render: (r) => <StatusBadge status={r.status} /> },
          ]}
          footer={pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
        />
      )}
    </Page>
  );
}

/**
 * /admin/leave-portal/leave-requests: the requests a person decides. Line managers see their team's;
 * leave managers also every request of the school. Any member of staff may open it: the server answers
 * what they may see.
 */
export default function LeaveRequestsPage() {
  return (
    <Gate need={leaveNeed()}>
      <Body />
    </Gate>
  );
}

/** The page is for any member of staff of a school with leave (line managers hold no permission). */
const leaveNeed = () => ({ feature: 'leave_management' as const });
