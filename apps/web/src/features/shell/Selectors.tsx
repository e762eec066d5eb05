import { Avatar, Loader } from '@mantine/core';
import { IconChevronDown, IconSchool } from '@tabler/icons-react';
import { type ButtonHTMLAttributes, lazy, type ReactNode, type Ref, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClassName, fullName, initials } from '../../lib/format';
import { tokenFor } from '../../lib/session';
import { useSchoolsClasses } from './api';
import { setCurrentClassId, useCurrentClassId } from './currentClass';
import { DeferredMenu } from './DeferredMenu';
import { useShell } from './ShellContext';
import classes from './ShellLayout.module.css';

let menus: Promise<typeof import('./Menus')> | null = null;
/** The top bar's menus, fetched once. */
export const loadMenus = () => {
  menus ??= import('./Menus');
  return menus;
};

const ClassMenu = lazy(async () => ({ default: (await loadMenus()).ClassMenu }));
const ChildMenu = lazy(async () => ({ default: (await loadMenus()).ChildMenu }));

interface SelectorButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: ReactNode;
  text: string;
  /** Said before the text to screen readers ("Class:"), so the button's name starts with its visible text's subject. */
  prefix: string;
  ref?: Ref<HTMLButtonElement>;
  'data-testid'?: string;
  /** Finds the button again once its menu has loaded (see Menus). */
  'data-trigger'?: string;
}

/** The selector's button, the same before and after its menu's code has loaded. */
export function SelectorButton({ icon, text, prefix, ref, className, ...props }: SelectorButtonProps) {
  return (
    <button
      type="button"
      ref={ref}
      {...props}
      className={className ? `${classes.selectorButton} ${className}` : classes.selectorButton}
    >
      {icon}
      <span className={classes.visuallyHidden}>{prefix} </span>
      <span className={classes.selectorText}>{text}</span>
      <IconChevronDown size={16} aria-hidden />
    </button>
  );
}

/** The class the staff member works with: the chosen one if it is in the current school, else the school's first. */
export function useCurrentClass() {
  const { user } = useShell();
  const schools = useSchoolsClasses(!!tokenFor(user.session, 'staff'));
  const currentId = useCurrentClassId();
  const currentSchool = schools.data?.find((s) => s.current);
  const chosen = currentSchool?.classes.find((c) => c.id === currentId);
  const fallback = currentSchool?.classes[0];
  useEffect(() => {
    if (!chosen && fallback) setCurrentClassId(fallback.id);
  }, [chosen, fallback]);
  return { schools, current: chosen ?? fallback ?? null };
}

/**
 * The staff member's classes grouped by school (GET /api/user_schools_classes/); the list itself loads
 * with the menu's code.
 */
export function ClassSelector() {
  const { t } = useTranslation('shell');
  const { current } = useCurrentClass();
  const id = useId();
  const name = current ? formatClassName(current.class_name) : null;
  const buttonProps: SelectorButtonProps = {
    'data-trigger': id,
    icon: <IconSchool size={18} aria-hidden />,
    text: name ? name.text : t('selector.chooseClass'),
    title: name?.truncated ? name.full : undefined,
    prefix: t('selector.class'),
    'data-testid': 'class-selector',
  };
  return (
    <DeferredMenu
      menu={ClassMenu}
      preload={loadMenus}
      menuProps={{ buttonProps }}
      placeholder={(arm) => <SelectorButton {...buttonProps} {...arm} />}
    />
  );
}

/** The parent's children; the current one (POST /api/parent_child_switch/) is shown. */
export function ChildSwitcher({ pending = false }: { pending?: boolean }) {
  const { t } = useTranslation('shell');
  const { user } = useShell();
  const id = useId();
  const parent = user.parent;
  const list = parent?.child_list ?? [];
  const current = list.find((c) => c.id === parent?.current_child) ?? list[0];
  const buttonProps: SelectorButtonProps = {
    'data-trigger': id,
    icon: pending ? (
      <Loader size={16} />
    ) : (
      <Avatar size={24} radius="xl" src={current?.student_profile_picture} alt="" color="cue" aria-hidden>
        {current ? initials(current) : null}
      </Avatar>
    ),
    text: current ? fullName(current) : t('selector.chooseChild'),
    prefix: t('selector.child'),
    'data-testid': 'child-switcher',
  };
  return (
    <DeferredMenu
      menu={ChildMenu}
      preload={loadMenus}
      menuProps={{ buttonProps }}
      placeholder={(arm) => <SelectorButton {...buttonProps} {...arm} />}
    />
  );
}

export type { SelectorButtonProps };
