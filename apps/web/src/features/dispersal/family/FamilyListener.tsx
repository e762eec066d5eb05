import {
  DISPERSAL_UPDATED_EVENT,
  type DispersalUpdatedEvent,
  LIBRARY_NOTICE_EVENT,
  type LibraryNoticeEvent,
  pagePath,
} from '@cue/contract';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toast } from '../../../lib/notify';
import { useSocketEvent } from '../../../lib/socket';
import { LIBRARY_FAMILY_NS } from '../../library/i18n';
import { ltr } from '../../planning/planFormat';
import { useShell } from '../../shell/ShellContext';
import { PICKUP_FAMILY_NS } from '../i18n';

/**
 * A family is told wherever it is in the app when its child is checked in or out, or a library book of
 * the child is overdue. On the child's own record the cards tell it (and read again), so not twice.
 */
export default function FamilyListener() {
  const { user } = useShell();
  const { pathname } = useLocation();
  const { t } = useTranslation([PICKUP_FAMILY_NS, LIBRARY_FAMILY_NS]);
  const children = user.parent?.child_list ?? [];
  const onRecordOf = (studentId: string) => pathname === pagePath.childRecord(studentId);

  useSocketEvent<DispersalUpdatedEvent>(DISPERSAL_UPDATED_EVENT, (event) => {
    if (onRecordOf(event.student_id)) return;
    const name = children.find((c) => c.id === event.student_id)?.first_name ?? t('live.yourChild');
    const time = ltr(dayjs(event.at).format('hh:mm A'));
    toast.info(event.kind === 'in' ? t('live.inAt', { name, time }) : t('live.outAt', { name, time }));
  });

  useSocketEvent<LibraryNoticeEvent>(LIBRARY_NOTICE_EVENT, (event) => {
    if (event.student_ids.some(onRecordOf)) return;
    toast.info(t(`${LIBRARY_FAMILY_NS}:live.overdue`));
  });

  // Marks that the family is listening (the journeys wait for it before a check-in they expect to hear of).
  return <span hidden data-testid="family-listener" />;
}
