import type { CommunicationType } from '@cue/contract';
import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { menuNeed } from '../components/Page';
import { ParentList } from './ParentList';
import { StaffList } from './StaffList';

/** One path for both sides: parents read what was shared with them, staff manage (behind the menu entry's needs). */
export function ListPage({ type }: { type: CommunicationType }) {
  const { side } = useShell();
  if (side === 'parent') return <ParentList type={type} />;
  return (
    <Gate need={menuNeed(type)}>
      <StaffList type={type} />
    </Gate>
  );
}

export const AnnouncementsPage = () => <ListPage type="announcement" />;
export const HomeworksPage = () => <ListPage type="homework" />;
