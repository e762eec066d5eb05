import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { storiesNeed } from '../need';
import StoryPage from './StoryPage';

/** /communication/stories/:id: families read it (the server decides which); staff behind the menu entry's needs. */
export default function ReadPage() {
  const { side } = useShell();
  if (side === 'parent') return <StoryPage />;
  return (
    <Gate need={storiesNeed()}>
      <StoryPage />
    </Gate>
  );
}
