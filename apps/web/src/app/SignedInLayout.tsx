import { Avatar, Badge, Box, Button, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { schoolDirectionOf, useCurrentUser } from '../features/auth/useCurrentUser';
import { useLogout } from '../features/auth/useLogout';
import { useSessionExpiry } from '../features/auth/useSessionExpiry';
import { fullName, initials } from '../lib/format';
import { setSchoolDirection } from '../lib/i18n';
import { DASHBOARD_PATH } from './guards';
import { Logo } from './Logo';
import classes from './SignedInLayout.module.css';

/** The signed-in shell: top bar with the person, role, school and Logout. */
export default function SignedInLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const logout = useLogout();
  useSessionExpiry(user.errors);

  const direction = schoolDirectionOf(user);
  useEffect(() => {
    setSchoolDirection(direction);
  }, [direction]);
  useEffect(() => () => setSchoolDirection(null), []);

  const person = user.staff ?? user.parent;
  const roleLabels: string[] = [];
  if (user.staff) roleLabels.push(user.staff.school_details.admin ? t('role.admin') : t('role.member'));
  if (user.parent) roleLabels.push(t('role.parent'));
  const school = user.staff?.school_details.name ?? user.parent?.child_list[0]?.student_class[0]?.school_details.name;

  return (
    <div className={classes.shell}>
      <header className={classes.header}>
        <Container size="lg" className={classes.headerInner}>
          <UnstyledButton component={Link} to={DASHBOARD_PATH} aria-label={t('nav.home')} className={classes.home}>
            <Logo size="sm" />
          </UnstyledButton>
          <Group gap="sm" wrap="nowrap">
            {person && (
              <Group gap="sm" wrap="nowrap" data-testid="current-user">
                <Avatar color="cue" radius="xl" size={38} variant="light" aria-hidden>
                  {initials(person)}
                </Avatar>
                <Box className={classes.who}>
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
                </Box>
              </Group>
            )}
            <Button
              variant="default"
              onClick={() => void logout()}
              leftSection={<IconLogout size={18} aria-hidden className={classes.flipInRtl} />}
              className={classes.logout}
            >
              <span className={classes.logoutText}>{t('header.logout')}</span>
            </Button>
          </Group>
        </Container>
      </header>
      <main className={classes.main}>
        <Outlet />
      </main>
    </div>
  );
}
