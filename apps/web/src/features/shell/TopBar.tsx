import { ActionIcon, Avatar, Badge, Box, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { IconBug, IconLanguage, IconLayoutGrid, IconMicrophone } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DASHBOARD_PATH } from '../../app/guards';
import { LogoMark } from '../../app/Logo';
import { loadCatalogs } from '../../lib/catalogs';
import { fullName, initials } from '../../lib/format';
import { useIdle } from '../../lib/useIdle';
import { type ArmProps, DeferredMenu } from './DeferredMenu';
import { MainTabs } from './Navigation';
import { ChildSwitcher, ClassSelector, loadMenus } from './Selectors';
import { useShell } from './ShellContext';
import classes from './ShellLayout.module.css';
import { SideSwitch } from './SideSwitch';
import { holds } from './sections';

const LanguageMenu = lazy(async () => ({ default: (await loadMenus()).LanguageMenu }));
const ProfileMenu = lazy(async () => ({ default: (await loadMenus()).ProfileMenu }));

/** The chat's button with its unread count, and its words (the chat's catalog), once the page is up. */
const ChatButton = lazy(async () => {
  const [module] = await Promise.all([import('../chat/components/ChatButton'), loadCatalogs('chat')]);
  return module;
});

function ChatEntry() {
  const idle = useIdle();
  const { side } = useShell();
  if (!idle) return null;
  // A side switch opens a new socket: the button (and its listeners) start again with it. On a phone a
  // staff member's top bar has no room beside the class's name: the menu's Chat entry carries the count
  // there, and the button stays mounted (hidden) for its live updates and the offline outbox.
  return (
    <Box visibleFrom={side === 'staff' ? 'sm' : undefined}>
      <Suspense fallback={null}>
        <ChatButton key={side} />
      </Suspense>
    </Box>
  );
}

/** Cue's voice button and its words (Cue's catalog) load once the page is up; a still button stands in meanwhile. */
const CueVoiceButton = lazy(async () => {
  const [module] = await Promise.all([import('../cue/voice/CueVoiceButton'), loadCatalogs('cue')]);
  return module;
});

function CueButton() {
  const { t } = useTranslation('shell');
  const idle = useIdle();
  const still = (
    <ActionIcon
      variant="gradient"
      gradient={{ from: 'cue.5', to: 'cue.8', deg: 135 }}
      size={38}
      radius="xl"
      aria-label={t('cue.label')}
      title={t('cue.label')}
      data-testid="cue-button"
      data-state="loading"
    >
      <IconMicrophone size={20} aria-hidden />
    </ActionIcon>
  );
  if (!idle) return still;
  return (
    <Suspense fallback={still}>
      <CueVoiceButton />
    </Suspense>
  );
}

function IconAction({
  label,
  onClick,
  children,
  testId,
  className,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    <ActionIcon
      className={className}
      variant="subtle"
      color="gray"
      size={38}
      radius="xl"
      aria-label={label}
      title={label}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </ActionIcon>
  );
}

/** The language menu's button (only for holders of access_new_modules). */
function Language() {
  const { t } = useTranslation('shell');
  const id = useId();
  const button = (arm?: ArmProps) => (
    <ActionIcon
      data-trigger={id}
      variant="subtle"
      color="gray"
      size={38}
      radius="xl"
      aria-label={t('language.menu')}
      title={t('language.menu')}
      data-testid="language-menu"
      {...arm}
    >
      <IconLanguage size={20} aria-hidden />
    </ActionIcon>
  );
  return <DeferredMenu menu={LanguageMenu} preload={loadMenus} menuProps={{ trigger: button() }} placeholder={button} />;
}

/** The person, role and school: opens My Profile, Settings, Switch school and Logout. */
function Profile() {
  const { t } = useTranslation('shell');
  const { user, side } = useShell();
  const id = useId();
  const person = side === 'staff' ? (user.staff ?? user.parent) : (user.parent ?? user.staff);
  const roleLabels: string[] = [];
  if (user.staff) roleLabels.push(user.staff.school_details.admin ? t('role.admin') : t('role.member'));
  if (user.parent) roleLabels.push(t('role.parent'));
  const school =
    side === 'staff'
      ? user.staff?.school_details.name
      : (user.parent?.child_list.find((c) => c.id === user.parent?.current_child) ?? user.parent?.child_list[0])?.student_class[0]
          ?.school_details.name;
  const button = (arm?: ArmProps) => (
    <UnstyledButton data-trigger={id} className={classes.profileButton} data-testid="profile-menu" {...arm}>
      <Group gap="xs" wrap="nowrap" data-testid="current-user">
        <Avatar
          src={side === 'staff' ? user.staff?.staff_profile_picture : user.parent?.parent_profile_picture}
          alt=""
          color="cue"
          radius="xl"
          size={36}
          variant="light"
          aria-hidden
        >
          {person ? initials(person) : null}
        </Avatar>
        {person && (
          <div className={classes.who}>
            <Text fw={600} fz="sm" lh={1.25} truncate="end">
              {fullName(person)}
            </Text>
            <Group gap={6} wrap="nowrap" mt={2}>
              {roleLabels.map((label) => (
                <Badge key={label} size="xs" variant="light" radius="sm" className={classes.role}>
                  {label}
                </Badge>
              ))}
              {school && (
                <Text fz="xs" c="dimmed" lh={1.3} truncate="end" miw={0}>
                  {school}
                </Text>
              )}
            </Group>
          </div>
        )}
        <span className={classes.visuallyHidden}>{t('profile.menu')}</span>
      </Group>
    </UnstyledButton>
  );
  return <DeferredMenu menu={ProfileMenu} preload={loadMenus} menuProps={{ trigger: button() }} placeholder={button} />;
}

/** The top bar: logo, class or child selector, tabs, Cue, quick navigation, report-issue, language, profile. */
export function TopBar({ onMenu, menuOpened, withTabs }: { onMenu?: () => void; menuOpened: boolean; withTabs: boolean }) {
  const { t } = useTranslation('shell');
  const { side, held, user, openQuickNav, openReportIssue } = useShell();
  const staff = side === 'staff';
  const dualRole = user.session?.role === 'both';
  return (
    <header className={classes.header}>
      <div className={classes.headerInner}>
        {onMenu && (
          <Burger
            opened={menuOpened}
            onClick={onMenu}
            size="sm"
            hiddenFrom="md"
            aria-label={t('nav.sideMenu')}
            aria-expanded={menuOpened}
          />
        )}
        <UnstyledButton component={Link} to={DASHBOARD_PATH} aria-label={t('nav.home')} className={classes.home}>
          <LogoMark size={34} />
          <Text component="span" fw={800} fz={20} ms={8} className={classes.homeName} aria-hidden>
            {t('appName')}
          </Text>
        </UnstyledButton>
        <div className={classes.selector}>{staff ? <ClassSelector /> : <ChildSwitcher />}</div>
        {withTabs && (
          <div className={classes.tabsDesktop}>
            <MainTabs />
          </div>
        )}
        <div className={classes.spacer} />
        <div className={classes.actions}>
          {staff && <CueButton />}
          {staff && (
            // On a phone the bar keeps room for the class: quick navigation and report-issue move into the profile menu.
            <IconAction
              label={t('quickNav.open')}
              onClick={openQuickNav}
              testId="quick-nav-button"
              className={classes.hideOnPhone}
            >
              <IconLayoutGrid size={20} aria-hidden />
            </IconAction>
          )}
          {staff && (
            <IconAction
              label={t('report.open')}
              onClick={openReportIssue}
              testId="report-issue-button"
              className={classes.hideOnPhone}
            >
              <IconBug size={20} aria-hidden />
            </IconAction>
          )}
          <ChatEntry />
          {holds(held, 'super_admin.access_new_modules') && <Language />}
          {dualRole && <SideSwitch placement="inline" />}
          <Profile />
        </div>
      </div>
      {dualRole && (
        <div className={classes.sideRow}>
          <SideSwitch placement="row" />
        </div>
      )}
    </header>
  );
}
