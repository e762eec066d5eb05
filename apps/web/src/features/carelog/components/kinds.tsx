import type { CareAlert, CareEntry, CareKind } from '@cue/contract';
import { Group, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBabyBottle,
  IconDiaper,
  IconFirstAidKit,
  IconMoodSmile,
  IconNote,
  IconPalette,
  IconSalad,
  IconSun,
  IconToiletPaper,
  IconToolsKitchen2,
  IconZzz,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { currentLanguage } from '../../../lib/i18n';
import { readableTime } from '../care';
import { CARELOG_NS } from '../i18n';

type Icon = ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;

/** Each kind of entry's icon and colour, wherever it shows (the entry bar, tiles, timelines). */
export const KIND_LOOK: Record<CareKind, { icon: Icon; color: string }> = {
  meal: { icon: IconToolsKitchen2, color: 'orange' },
  bottle: { icon: IconBabyBottle, color: 'cyan' },
  nap: { icon: IconZzz, color: 'indigo' },
  nappy: { icon: IconDiaper, color: 'teal' },
  toilet: { icon: IconToiletPaper, color: 'teal' },
  suncream: { icon: IconSun, color: 'yellow' },
  mood: { icon: IconMoodSmile, color: 'pink' },
  activity: { icon: IconPalette, color: 'grape' },
  note: { icon: IconNote, color: 'gray' },
};

const ALERT_LOOK: Record<CareAlert['kind'], { icon: Icon; color: string }> = {
  allergy: { icon: IconAlertTriangle, color: 'red' },
  condition: { icon: IconFirstAidKit, color: 'blue' },
  diet: { icon: IconSalad, color: 'green' },
};

/** A child's allergies, conditions and diets as small badges (the names are the record's words). */
export function CareAlerts({ alerts, size = 'sm' }: { alerts: readonly CareAlert[]; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation(CARELOG_NS);
  if (alerts.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" component="span" data-testid="care-alerts">
      {alerts.map((alert) => {
        const { icon: AlertIcon, color } = ALERT_LOOK[alert.kind];
        const label = t(`alert.${alert.kind}`, { name: alert.name });
        return (
          <SoftBadge
            key={`${alert.kind}:${alert.name}`}
            color={color}
            size={size}
            radius="sm"
            maw="100%"
            leftSection={<AlertIcon size={12} aria-hidden />}
            title={alert.severity ? `${label} (${alert.severity})` : label}
            data-testid="care-alert"
            data-alert={alert.kind}
          >
            <bdi>{alert.name}</bdi>
          </SoftBadge>
        );
      })}
    </Group>
  );
}

/** A kind's icon in a small tinted circle, named for assistive technology by `label`. */
export function KindIcon({ kind, label, size = 24 }: { kind: CareKind; label?: string; size?: number }) {
  const { icon: KindGlyph, color } = KIND_LOOK[kind];
  const icon = (
    <ThemeIcon variant="light" color={color} radius="xl" size={size} role={label ? 'img' : undefined} aria-label={label}>
      <KindGlyph size={Math.round(size * 0.62)} aria-hidden />
    </ThemeIcon>
  );
  return label ? <Tooltip label={label}>{icon}</Tooltip> : icon;
}

/** What an entry says in a line ("Lunch · pasta · Most", "120 ml", "Slept 12:10 PM – 1:30 PM"), in the reader's words. */
export function useEntryText(): (entry: Pick<CareEntry, 'kind' | 'details' | 'note' | 'time'>) => string {
  const { t } = useTranslation(CARELOG_NS);
  const lng = currentLanguage();
  return ({ kind, details: d, note, time }) => {
    const parts: (string | undefined | false)[] = [];
    switch (kind) {
      case 'meal':
        parts.push(d.meal && t(`meal.${d.meal}`), d.food, d.amount && t(`amount.${d.amount}`));
        break;
      case 'bottle':
        parts.push(d.ml !== undefined && t('entry.ml', { ml: d.ml }));
        break;
      case 'nap':
        parts.push(
          d.end
            ? t('entry.slept', { from: readableTime(time, lng), to: readableTime(d.end, lng) })
            : t('entry.asleepSince', { from: readableTime(time, lng) }),
        );
        break;
      case 'nappy':
      case 'toilet':
        parts.push(d.state && t(`state.${d.state}`), d.potty && t('entry.potty'));
        break;
      case 'mood':
        parts.push(d.mood && t(`mood.${d.mood}`));
        break;
      case 'activity':
        parts.push(d.activity);
        break;
      case 'suncream':
        parts.push(d.area);
        break;
      default:
        break;
    }
    parts.push(note);
    const said = parts.filter((p): p is string => !!p && p.trim() !== '');
    return said.length ? said.join(' · ') : t(`kind.${kind}`);
  };
}
