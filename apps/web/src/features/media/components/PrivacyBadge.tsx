import type { MediaPrivacy } from '@cue/contract';
import { IconLock, IconUserCheck, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { MEDIA_NS } from '../i18n';

const LOOK: Record<MediaPrivacy, { color: string; icon: typeof IconUsers }> = {
  class: { color: 'teal', icon: IconUsers },
  tagged: { color: 'grape', icon: IconUserCheck },
  staff: { color: 'orange', icon: IconLock },
};

/** Who may see an item: the class's families, the tagged children's families, or staff only. */
export function PrivacyBadge({ privacy, compact = false }: { privacy: MediaPrivacy; compact?: boolean }) {
  const { t } = useTranslation(MEDIA_NS);
  const { color, icon: Icon } = LOOK[privacy];
  return (
    <SoftBadge
      color={color}
      size={compact ? 'sm' : 'md'}
      radius="sm"
      leftSection={<Icon size={12} aria-hidden />}
      data-testid="privacy-badge"
      data-privacy={privacy}
      title={compact ? t(`privacy.${privacy}`) : undefined}
      style={compact ? { background: 'white' } : undefined}
    >
      {compact ? t(`privacyShort.${privacy}`) : t(`privacy.${privacy}`)}
    </SoftBadge>
  );
}
