import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CUE_NS } from '../i18n';

/** Remembered on this device once the tour has been seen (spec section 4). */
export const TOUR_SEEN_KEY = 'cue.voiceTourSeen';

export function tourSeen(): boolean {
  try {
    return window.localStorage.getItem(TOUR_SEEN_KEY) === '1';
  } catch {
    return true;
  }
}

function markSeen(): void {
  try {
    window.localStorage.setItem(TOUR_SEEN_KEY, '1');
  } catch {
    // Private mode: the tour shows again next time.
  }
}

const STEPS = ['speak', 'check', 'follow'] as const;

/** The first-use tour of Cue's voice button: three short steps, skippable. */
export function CueTour({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(CUE_NS);
  const [step, setStep] = useState(0);
  const key = STEPS[step] ?? 'speak';
  const last = step === STEPS.length - 1;
  const finish = () => {
    markSeen();
    onDone();
  };
  return (
    <Stack gap="xs" data-testid="cue-tour" data-step={step + 1}>
      <Text fz="xs" c="dimmed">
        {t('tour.step', { step: step + 1, total: STEPS.length })}
      </Text>
      <Text fw={700}>{t(`tour.${key}.title`)}</Text>
      <Text fz="sm">{t(`tour.${key}.body`)}</Text>
      <Group justify="space-between" mt={4}>
        <Button variant="subtle" color="gray" size="xs" onClick={finish}>
          {t('tour.skip')}
        </Button>
        <Button size="xs" onClick={last ? finish : () => setStep(step + 1)}>
          {last ? t('tour.start') : t('tour.next')}
        </Button>
      </Group>
    </Stack>
  );
}
