import type { AttendanceStatus } from '@cue/contract';
import { useTranslation } from 'react-i18next';
import { ATT_NS } from '../i18n';
import classes from '../pages/ParentAttendance.module.css';
import { STATUS_ICON } from './StatusPicker';
import { statusKey } from './status';

/**
 * A day's status in a month grid: the word where there is room for it, the status's sign on a coloured
 * bar on a phone (the legend names the signs; the word stays for screen readers).
 */
export function DayStatus({ status, testId }: { status: AttendanceStatus; testId?: string }) {
  const { t } = useTranslation(ATT_NS);
  const Icon = STATUS_ICON[status];
  return (
    <span className={classes.status} data-status={status} data-testid={testId}>
      <Icon size={12} stroke={2.5} aria-hidden className={classes.statusIcon} />
      <span className={classes.statusText}>{t(statusKey(status))}</span>
    </span>
  );
}
