import { type Child, type ClassSummary, LANGUAGES } from '@cue/contract';
import { Avatar, Loader, Menu, Text } from '@mantine/core';
import {
  IconBug,
  IconCheck,
  IconLayoutGrid,
  IconLogout,
  IconSettings,
  IconSwitchHorizontal,
  IconTool,
  IconUserCircle,
} from '@tabler/icons-react';
import { type ReactElement, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DASHBOARD_PATH } from '../../app/guards';
import { formatClassName, fullName, initials } from '../../lib/format';
import { chooseLanguage, currentLanguage, message } from '../../lib/i18n';
import { errorText, toast } from '../../lib/notify';
import { useLogout } from '../auth/useLogout';
import { useSchoolsClasses, useSwitchChild, useSwitchSchool } from './api';
import { setCurrentClassId } from './currentClass';
import type { DeferredMenuProps } from './DeferredMenu';
import { SelectorButton, type SelectorButtonProps, useCurrentClass } from './Selectors';
import { useShell } from './ShellContext';
import classes from './ShellLayout.module.css';
import { holds } from './sections';
import { toParentSide, toStaffSide } from './sides';

// Mantine gives a menu's target its own id, so triggers are found by data-trigger.
const triggerOf = (id: string) => document.querySelector<HTMLElement>(`[data-trigger="${CSS.escape(id)}"]`);

/**
 * The real trigger replaces its stand-in, which had keyboard focus: focus moves to it on mount, and
 * comes back to it as the menu closes (Mantine would return it to the stand-in, now gone). The return is
 * immediate, so a Tab pressed right after Escape already moves on from the button.
 */
function useTriggerFocus(id: string | undefined, focus: boolean): () => void {
  useEffect(() => {
    if (focus && id) triggerOf(id)?.focus();
  }, [focus, id]);
  return () => {
    const trigger = id ? triggerOf(id) : null;
    const active = document.activeElement;
    if (trigger && (!active || active === document.body || active.closest('[role="menu"]'))) trigger.focus();
  };
}

const swatch = (color: string) => <span aria-hidden style={{ width: 10, height: 10, borderRadius: 3, background: color }} />;
const checkIf = (selected: boolean) => (selected ? <IconCheck size={16} aria-hidden /> : null);

type SelectorMenuProps = DeferredMenuProps & { buttonProps: SelectorButtonProps };

/** A selector's menu: its button (a spinner while a switch runs) and the list it opens. */
function SelectorMenu({
  defaultOpened,
  focusOnMount,
  buttonProps,
  pending,
  testId,
  scroll = false,
  children,
}: SelectorMenuProps & { pending: boolean; testId: string; scroll?: boolean; children: ReactNode }) {
  const onClose = useTriggerFocus(buttonProps['data-trigger'], focusOnMount);
  return (
    <Menu position="bottom-start" shadow="md" width={280} defaultOpened={defaultOpened} onClose={onClose}>
      <Menu.Target>
        <SelectorButton {...buttonProps} icon={pending ? <Loader size={16} /> : buttonProps.icon} />
      </Menu.Target>
      <Menu.Dropdown data-testid={testId} {...(scroll ? { mah: 420, style: { overflowY: 'auto' } } : {})}>
        {children}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The other side's list of a dual-role person, below a divider. */
function OtherSide({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Menu.Divider />
      <Menu.Label>{label}</Menu.Label>
      {children}
    </>
  );
}

/** A class, marked by its colour; `selected` marks the current one. */
function ClassItem({ cls, selected, onClick }: { cls: ClassSummary; selected?: boolean; onClick: () => void }) {
  const label = formatClassName(cls.class_name);
  return (
    <Menu.Item
      onClick={onClick}
      rightSection={checkIf(!!selected)}
      leftSection={swatch(cls.color)}
      title={label.truncated ? label.full : undefined}
      aria-current={selected ? 'true' : undefined}
    >
      {label.text}
    </Menu.Item>
  );
}

const childAvatar = (child: Child, size: number) => (
  <Avatar size={size} radius="xl" src={child.student_profile_picture} alt="" color="cue">
    {initials(child)}
  </Avatar>
);

/**
 * Classes grouped by school. Choosing a class of another school switches school first; a dual-role
 * person choosing a class works on the staff side, and choosing one of their children on the parent side.
 */
export function ClassMenu(props: SelectorMenuProps) {
  const { t } = useTranslation('shell');
  const { user } = useShell();
  const navigate = useNavigate();
  const { schools, current } = useCurrentClass();
  const switchSchool = useSwitchSchool();
  const switchChild = useSwitchChild();
  const total = schools.data?.reduce((n, s) => n + s.classes.length, 0) ?? 0;
  const children = user.session?.role === 'both' ? (user.parent?.child_list ?? []) : [];

  const choose = (classId: string, schoolId: string, inCurrentSchool: boolean) => {
    toStaffSide();
    if (inCurrentSchool) {
      setCurrentClassId(classId);
      return;
    }
    void switchSchool.mutateAsync(schoolId).then(
      () => {
        setCurrentClassId(classId);
        navigate(DASHBOARD_PATH);
      },
      (err: unknown) => toast.error(errorText(err)),
    );
  };

  return (
    <SelectorMenu {...props} pending={switchSchool.isPending} testId="class-menu" scroll>
      {schools.isPending ? (
        <Menu.Item disabled>{t('loading')}</Menu.Item>
      ) : total === 0 ? (
        <Menu.Item disabled>{message('noClassesFound')}</Menu.Item>
      ) : null}
      {!schools.isPending &&
        total > 0 &&
        schools.data?.map((school) => [
          <Menu.Label key={`${school.school_details.id}-label`}>{school.school_details.name}</Menu.Label>,
          school.classes.length === 0 ? (
            <Menu.Item key={`${school.school_details.id}-empty`} disabled>
              {message('noClassesFound')}
            </Menu.Item>
          ) : null,
          ...school.classes.map((cls) => (
            <ClassItem
              key={cls.id}
              cls={cls}
              selected={school.current && cls.id === current?.id}
              onClick={() => choose(cls.id, school.school_details.id, school.current)}
            />
          )),
        ])}
      {children.length > 0 && (
        <OtherSide label={t('selector.yourChildren')}>
          {children.map((child) => (
            <Menu.Item
              key={child.id}
              leftSection={childAvatar(child, 22)}
              onClick={() => {
                switchChild.mutate(child.id, { onError: (err) => toast.error(errorText(err)) });
                toParentSide();
                navigate(DASHBOARD_PATH);
              }}
            >
              {fullName(child)}
            </Menu.Item>
          ))}
        </OtherSide>
      )}
    </SelectorMenu>
  );
}

/** The parent's children (POST /api/parent_child_switch/); a dual-role parent also finds their classes. */
export function ChildMenu(props: SelectorMenuProps) {
  const { t } = useTranslation('shell');
  const { user } = useShell();
  const navigate = useNavigate();
  const switchChild = useSwitchChild();
  const parent = user.parent;
  const list = parent?.child_list ?? [];
  const current = list.find((c) => c.id === parent?.current_child) ?? list[0];
  const staffClasses = useSchoolsClasses(user.session?.role === 'both');
  const classesOfStaff = staffClasses.data?.filter((s) => s.current).flatMap((s) => s.classes) ?? [];

  return (
    <SelectorMenu {...props} pending={switchChild.isPending} testId="child-menu">
      <Menu.Label>{t('selector.yourChildren')}</Menu.Label>
      {!parent ? (
        <Menu.Item disabled>{t('loading')}</Menu.Item>
      ) : list.length === 0 ? (
        <Menu.Item disabled>{message('noStudentsFound')}</Menu.Item>
      ) : (
        list.map((child) => {
          const selected = child.id === current?.id;
          return (
            <Menu.Item
              key={child.id}
              leftSection={childAvatar(child, 26)}
              rightSection={checkIf(selected)}
              aria-current={selected ? 'true' : undefined}
              onClick={() => {
                if (!selected) switchChild.mutate(child.id, { onError: (err) => toast.error(errorText(err)) });
              }}
            >
              <Text fz="sm" fw={500}>
                {fullName(child)}
              </Text>
              <Text fz="xs" c="dimmed">
                {child.student_class.map((c) => formatClassName(c.class_name).text).join(', ')}
              </Text>
            </Menu.Item>
          );
        })
      )}
      {classesOfStaff.length > 0 && (
        <OtherSide label={t('selector.yourClasses')}>
          {classesOfStaff.map((cls) => (
            <ClassItem
              key={cls.id}
              cls={cls}
              onClick={() => {
                setCurrentClassId(cls.id);
                toStaffSide();
                navigate(DASHBOARD_PATH);
              }}
            />
          ))}
        </OtherSide>
      )}
    </SelectorMenu>
  );
}

/** English, Arabic, Hebrew, each named in its own language. */
export function LanguageMenu({
  defaultOpened,
  focusOnMount,
  trigger,
}: DeferredMenuProps & { trigger: ReactElement<{ 'data-trigger'?: string }> }) {
  const { t, i18n } = useTranslation('shell');
  const onClose = useTriggerFocus(trigger.props['data-trigger'], focusOnMount);
  const active = i18n.resolvedLanguage ?? currentLanguage();
  return (
    <Menu position="bottom-end" shadow="md" width={180} defaultOpened={defaultOpened} onClose={onClose}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown data-testid="language-options">
        <Menu.Label>{t('language.menu')}</Menu.Label>
        {LANGUAGES.map((lng) => (
          <Menu.Item
            key={lng}
            lang={lng}
            onClick={() => void chooseLanguage(lng)}
            rightSection={checkIf(lng === active)}
            aria-current={lng === active ? 'true' : undefined}
          >
            {t(`language.${lng}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** My Profile, Settings, Switch school (staff) and Logout. */
export function ProfileMenu({
  defaultOpened,
  focusOnMount,
  trigger,
}: DeferredMenuProps & { trigger: ReactElement<{ 'data-trigger'?: string }> }) {
  const { t } = useTranslation('shell');
  const { user, side, held, openProfile, openSettings, openQuickNav, openReportIssue } = useShell();
  const logout = useLogout();
  const onClose = useTriggerFocus(trigger.props['data-trigger'], focusOnMount);
  const platform = side === 'staff' && holds(held, 'super_admin.manage_platform_org_schools');
  const switchPath = platform ? '/super_admin/organization' : '/campuses';
  return (
    <Menu position="bottom-end" shadow="md" width={240} defaultOpened={defaultOpened} onClose={onClose}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown data-testid="profile-options">
        <Menu.Item leftSection={<IconUserCircle size={18} aria-hidden />} onClick={openProfile}>
          {t('profile.myProfile')}
        </Menu.Item>
        <Menu.Item leftSection={<IconSettings size={18} aria-hidden />} onClick={openSettings}>
          {t('profile.settings')}
        </Menu.Item>
        {side === 'staff' && user.staff && (
          <Menu.Item component={Link} to={switchPath} leftSection={<IconSwitchHorizontal size={18} aria-hidden />}>
            {t('profile.switchSchool')}
          </Menu.Item>
        )}
        {/* On a phone the top bar has no room for these two buttons: they are here instead. */}
        {side === 'staff' && (
          <Menu.Item className={classes.phoneOnly} leftSection={<IconLayoutGrid size={18} aria-hidden />} onClick={openQuickNav}>
            {t('quickNav.open')}
          </Menu.Item>
        )}
        {side === 'staff' && (
          <Menu.Item className={classes.phoneOnly} leftSection={<IconBug size={18} aria-hidden />} onClick={openReportIssue}>
            {t('report.open')}
          </Menu.Item>
        )}
        {platform && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('profile.platform')}</Menu.Label>
            <Menu.Item component={Link} to="/super_admin/bug-reports" leftSection={<IconBug size={18} aria-hidden />}>
              {t('bugReports.title')}
            </Menu.Item>
            <Menu.Item component={Link} to="/admin/school-setup/maintenance" leftSection={<IconTool size={18} aria-hidden />}>
              {t('maintenance.admin.title')}
            </Menu.Item>
          </>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={18} aria-hidden className={classes.flipInRtl} />}
          onClick={() => void logout()}
        >
          {t('profile.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
