import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { housekeepingNeed } from '../menu';
import { ParentAttendance } from './ParentAttendance';
import { StaffAttendance } from './StaffAttendance';

/** /housekeeping/attendance: the class's day for staff, the current child's month for parents. */
export default function AttendancePage() {
  const { side } = useShell();
  if (side === 'parent') return <ParentAttendance />;
  return (
    <Gate need={housekeepingNeed('attendance')}>
      <StaffAttendance />
    </Gate>
  );
}
