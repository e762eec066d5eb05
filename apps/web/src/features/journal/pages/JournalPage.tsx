import { MENUS, type MenuItem } from '@cue/contract';
import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { ParentJournal } from './ParentJournal';
import { StaffJournal } from './StaffJournal';

/** What the menu entry communication.journal needs (the school's `journal` feature). */
function journalNeed(): Omit<MenuItem, 'key' | 'path'> {
  const entry = MENUS.communication.find((item) => item.key === 'communication.journal');
  const { key: _key, path: _path, children: _children, ...need } = entry ?? { key: '', path: '' };
  return need;
}

/** /communication/journal: the class's day for staff; the child's class's day for a family (`?as=parent` for a dual-role person). */
export default function JournalPage() {
  const { side } = useShell();
  if (side === 'parent') return <ParentJournal />;
  return (
    <Gate need={journalNeed()}>
      <StaffJournal />
    </Gate>
  );
}
