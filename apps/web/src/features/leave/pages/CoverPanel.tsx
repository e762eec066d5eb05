import { addDays, type CoverDay, ddmmyyyyFromIso, isoFromDdmmyyyy } from '@cue/contract';
import { Button, Group, Paper, Select, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { todayWire } from '../../../lib/day';
import { errorText, toast } from '../../../lib/notify';
import shell from '../../shell/pages/Pages.module.css';
import { useAssignCover, useCover } from '../api';
import { LEAVE_NS, leaveText } from '../i18n';
import { TypeChip } from './parts';

const WEEKS = 4;
/** The server reads at most 62 days of cover at a time. */
const MAX_DAYS = 62;
const shift = (wire: string, days: number) => ddmmyyyyFromIso(addDays(isoFromDdmmyyyy(wire) ?? '', days));

/** Class days whose teacher is on approved leave, each with a choice of substitute among those free that day. */
function CoverTable({ query, only }: { query: { from: string; to: string }; only?: (d: CoverDay) => boolean }) {
  const { t } = useTranslation(LEAVE_NS);
  const cover = useCover(query);
  const assign = useAssignCover();
  const rows = only ? cover.data?.days.filter(only) : cover.data?.days;
  return (
    <DataTable
      caption={t('cover.title')}
      testId="cover-list"
      rows={rows}
      loading={cover.isPending}
      error={cover.error}
      onRetry={() => void cover.refetch()}
      rowKey={(d) => `${d.date}:${d.class._id}:${d.absent._id}`}
      rowLabel={(d) => `${d.class.name} ${d.date}`}
      rowAttributes={(d) => ({ 'data-covered': d.substitute ? 'true' : 'false', 'data-date': d.date })}
      emptyText={t('cover.none')}
      columns={[
        { key: 'date', header: t('table.dates'), render: (d) => d.date },
        { key: 'class', header: t('cover.class'), render: (d) => d.class.name },
        {
          key: 'absent',
          header: t('cover.away'),
          render: (d) => (
            <>
              {d.absent.name} <TypeChip type={{ ...d.leave_type, _id: d.request_id }} />
              {d.portion !== 'full' && ` (${t(`portion.${d.portion}`)})`}
            </>
          ),
        },
        {
          key: 'substitute',
          header: t('cover.substitute'),
          render: (d) => (
            <Select
              aria-label={t('cover.substituteFor', { className: d.class.name, date: d.date })}
              placeholder={t('cover.needed')}
              data={d.candidates.map((c) => ({ value: c._id, label: c.name }))}
              value={d.substitute?._id ?? null}
              clearable
              size="xs"
              w={200}
              error={!d.substitute}
              onChange={(value) =>
                assign.mutate(
                  { class_id: d.class._id, date: d.date, absent_id: d.absent._id, substitute_id: value },
                  {
                    onSuccess: (answer) => toast.success(leaveText(answer.message)),
                    onError: (err) => toast.error(errorText(err)),
                  },
                )
              }
              data-testid="cover-substitute"
            />
          ),
        },
      ]}
    />
  );
}

/** The Cover tab of the leave requests: four weeks at a time, from today. */
export function CoverPanel() {
  const { t } = useTranslation(LEAVE_NS);
  const [from, setFrom] = useState(todayWire);
  const query = { from, to: shift(from, WEEKS * 7 - 1) };
  const cover = useCover(query);
  const needing = cover.data?.days.filter((d) => !d.substitute).length ?? 0;
  return (
    <>
      <Group justify="space-between" wrap="wrap">
        <Text fz="sm" c="dimmed">
          {t('cover.description', { count: needing })}
        </Text>
        <Group gap="xs">
          <Button variant="default" aria-label={t('cover.earlier')} onClick={() => setFrom((f) => shift(f, -WEEKS * 7))}>
            <IconChevronLeft size={16} aria-hidden className={shell.flipInRtl} />
          </Button>
          <Text fz="sm" fw={600}>
            {query.from} – {query.to}
          </Text>
          <Button variant="default" aria-label={t('cover.later')} onClick={() => setFrom((f) => shift(f, WEEKS * 7))}>
            <IconChevronRight size={16} aria-hidden className={shell.flipInRtl} />
          </Button>
        </Group>
      </Group>
      <CoverTable query={query} />
    </>
  );
}

/** On an approved request: the class days it leaves without their teacher, and who covers them. */
export function RequestCover({ requestId, from, to }: { requestId: string; from: string; to: string }) {
  const { t } = useTranslation(LEAVE_NS);
  const last = shift(from, MAX_DAYS - 1);
  const query = { from, to: (isoFromDdmmyyyy(to) ?? '') > (isoFromDdmmyyyy(last) ?? '') ? last : to };
  return (
    <Paper withBorder radius="lg" p="md" data-testid="request-cover">
      <Title order={2} fz="h5" mb="xs">
        {t('cover.title')}
      </Title>
      <CoverTable query={query} only={(d) => d.request_id === requestId} />
    </Paper>
  );
}
