import { addDays, ddmmyyyyFromIso, isoFromDdmmyyyy } from '@cue/contract';
import { Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { todayWire } from '../../../lib/day';
import { errorText, toast } from '../../../lib/notify';
import { useAssignCover, useCover } from '../api';
import { LEAVE_NS, leaveText } from '../i18n';
import { TypeChip } from './parts';

const WEEKS = 4;

/** The class days of the next four weeks whose teacher is on approved leave, and who covers each. */
export function CoverPanel() {
  const { t } = useTranslation(LEAVE_NS);
  const from = todayWire();
  const to = ddmmyyyyFromIso(addDays(isoFromDdmmyyyy(from) ?? '', WEEKS * 7 - 1));
  const cover = useCover({ from, to });
  const assign = useAssignCover();
  const needing = cover.data?.days.filter((d) => !d.substitute).length ?? 0;
  return (
    <>
      <Text fz="sm" c="dimmed">
        {t('cover.description', { count: needing })}
      </Text>
      <DataTable
        caption={t('cover.title')}
        testId="cover-list"
        rows={cover.data?.days}
        loading={cover.isPending}
        error={cover.error}
        onRetry={() => void cover.refetch()}
        rowKey={(d) => `${d.date}:${d.class._id}:${d.absent._id}`}
        rowLabel={(d) => `${d.class.name} ${d.date}`}
        rowAttributes={(d) => ({ 'data-covered': d.substitute ? 'true' : 'false' })}
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
    </>
  );
}
