import { IconBackpack, IconChalkboardTeacher } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Side } from '../../lib/session';
import { useShell } from './ShellContext';
import classes from './ShellLayout.module.css';
import { useChooseSide } from './useChooseSide';

const SIDES: { side: Side; icon: typeof IconBackpack }[] = [
  { side: 'staff', icon: IconChalkboardTeacher },
  { side: 'parent', icon: IconBackpack },
];

/**
 * A dual-role person's side, always in sight in the top bar, switched with one click: staff (classes,
 * tabs, Cue) or parent (the children). `placement` tells the two copies apart: the top bar's row on
 * wide screens, a row of its own under it on phones (the CSS shows one of them).
 */
export function SideSwitch({ placement }: { placement: 'inline' | 'row' }) {
  const { t } = useTranslation('shell');
  const { side } = useShell();
  const choose = useChooseSide();
  return (
    <fieldset
      className={`${classes.sideSwitch} ${placement === 'row' ? classes.sideSwitchRow : classes.sideSwitchInline}`}
      data-testid={`side-switch-${placement}`}
      data-side={side}
    >
      <legend className={classes.visuallyHidden}>{t('side.label')}</legend>
      {SIDES.map(({ side: value, icon: Icon }) => (
        <button
          key={value}
          type="button"
          className={classes.sideButton}
          aria-pressed={side === value}
          data-side={value}
          onClick={() => {
            if (side !== value) choose(value);
          }}
        >
          <Icon size={16} aria-hidden />
          <span>{t(`side.${value}`)}</span>
        </button>
      ))}
    </fieldset>
  );
}
