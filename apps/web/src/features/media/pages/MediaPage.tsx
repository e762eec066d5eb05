import { MENUS, type MenuItem } from '@cue/contract';
import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { ParentGallery } from './ParentGallery';
import { StaffGallery } from './StaffGallery';

/** What the menu entry communication.media needs (the school's `media` feature). */
function mediaNeed(): Omit<MenuItem, 'key' | 'path'> {
  const entry = MENUS.communication.find((item) => item.key === 'communication.media');
  const { key: _key, path: _path, children: _children, ...need } = entry ?? { key: '', path: '' };
  return need;
}

/** /communication/media: the class's gallery for staff; the child's classes' photos for a family. */
export default function MediaPage() {
  const { side } = useShell();
  if (side === 'parent') return <ParentGallery />;
  return (
    <Gate need={mediaNeed()}>
      <StaffGallery />
    </Gate>
  );
}
