import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { storiesNeed } from '../need';
import { ParentTimeline } from './ParentTimeline';
import { StaffList } from './StaffList';

/** /communication/stories: one path for both sides; staff behind the menu entry's needs. */
export default function ListPage() {
  const { side } = useShell();
  if (side === 'parent') return <ParentTimeline />;
  return (
    <Gate need={storiesNeed()}>
      <StaffList />
    </Gate>
  );
}
