import { MENUS, type MenuItem, type ReportSetStatus } from '@cue/contract';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { REPORT_CARDS_NS } from '../i18n';

/** What a page of an assessment menu entry needs (its feature), as the menu declares it. */
export function menuNeed(key: string): Omit<MenuItem, 'key' | 'path'> {
  const entry = MENUS.assessment.find((item) => item.key === key);
  const { key: _key, path: _path, children: _children, ...need } = entry ?? { key: '', path: '' };
  return need;
}

const STATUS_COLORS: Record<ReportSetStatus, string> = { draft: 'gray', locked: 'orange', shared: 'teal' };

/** A report set's state: draft, locked (PDFs prepared, comments fixed) or shared with families. */
export function ReportStatusBadge({ status }: { status: ReportSetStatus }) {
  const { t } = useTranslation(REPORT_CARDS_NS);
  return (
    <SoftBadge color={STATUS_COLORS[status]} data-testid="report-status" data-status={status}>
      {t(`status.${status}`)}
    </SoftBadge>
  );
}

export { LoadError } from '../components/LoadError';
