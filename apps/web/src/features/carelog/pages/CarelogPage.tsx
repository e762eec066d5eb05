import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { carelogNeed } from '../need';
import { ParentCarelog } from './ParentCarelog';
import { StaffCarelog } from './StaffCarelog';

/** /communication/carelog: the class's day for staff (behind the menu entry's needs); the child's day for a family. */
export default function CarelogPage() {
  const { side } = useShell();
  if (side === 'parent') return <ParentCarelog />;
  return (
    <Gate need={carelogNeed()}>
      <StaffCarelog />
    </Gate>
  );
}
