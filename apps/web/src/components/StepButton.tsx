import { ActionIcon, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A step back or forward through days, weeks or years: an arrow pointing the reading direction (back
 * points right in Arabic and Hebrew), named by `label`, which its tooltip shows too.
 */
export function StepButton({
  label,
  step,
  disabled,
  onClick,
}: {
  label: string;
  step: 'back' | 'forward';
  disabled?: boolean;
  onClick: () => void;
}) {
  const { i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const Arrow = (step === 'back') !== rtl ? IconChevronLeft : IconChevronRight;
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" aria-label={label} disabled={disabled} onClick={onClick}>
        <Arrow size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
