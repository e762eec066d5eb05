import { type Child, type ParentUserDetails, PROFILE_CLASSES_SHOWN, type StaffUserDetails } from '@cue/contract';
import { Alert, Badge, Button, Group, Modal, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassName } from '../../components/ClassName';
import { fullName } from '../../lib/format';
import { message } from '../../lib/i18n';
import type { Side } from '../../lib/session';
import { useCurrentUser } from '../auth/useCurrentUser';
import { useStaffClasses } from '../dashboard/api';
import { useChooseSide } from '../shell/useChooseSide';
import { AccountDeletion } from './AccountDeletion';
import { displayPhone } from './api';
import classes from './MyProfile.module.css';
import { PictureManager } from './PictureManager';

export interface MyProfileModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * My Profile (spec section 2): the Profile and School sections, the children (parents) or classes
 * (staff), profile-picture changes, and account deletion. Mounted by the shell's profile menu.
 */
export function MyProfileModal({ opened, onClose }: MyProfileModalProps) {
  const { t } = useTranslation('account');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('profile.title')}
      size="lg"
      padding="lg"
      radius="lg"
      closeButtonProps={{ 'aria-label': t('profile.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {opened && <ProfileContent onDone={onClose} />}
    </Modal>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={classes.section} data-testid={testId}>
      <Title order={3} id={id} className={classes.sectionTitle}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/** Label and value pairs; a missing value reads 'Not set'. */
function Fields({ rows }: { rows: [label: string, value: string | null, ltr?: boolean][] }) {
  const { t } = useTranslation('account');
  return (
    <dl className={classes.fields}>
      {rows.map(([label, value, ltr]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>
            {value ? (
              <bdi className={ltr ? classes.ltr : undefined}>{value}</bdi>
            ) : (
              <Text component="span" c="dimmed" fz="sm" fs="italic">
                {t('profile.notSet')}
              </Text>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ProfileContent({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const user = useCurrentUser();
  const session = user.session;
  if (!session) return null;
  const side = session.activeSide;
  const staff = side === 'staff' ? user.staff : null;
  const parent = side === 'parent' ? user.parent : null;

  let body: ReactNode;
  if (staff) body = <StaffProfile staff={staff} />;
  else if (parent) body = <ParentProfile parent={parent} />;
  else if (user.isPending)
    body = (
      <Stack gap="sm" aria-busy="true" aria-label={t('profile.loading')}>
        <Skeleton height={72} circle />
        <Skeleton height={16} width="60%" />
        <Skeleton height={16} width="40%" />
      </Stack>
    );
  else
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} title={t('profile.loadFailed')}>
        <Button size="xs" variant="white" color="red" mt="xs" onClick={user.refetch}>
          {t('common.retry', { ns: 'translation' })}
        </Button>
      </Alert>
    );

  return (
    <Stack gap="lg">
      {session.role === 'both' && <SideSwitch side={side} />}
      {session.isTempToken && (
        <Alert color="cue" variant="light" icon={<IconClock size={20} aria-hidden />}>
          {t('profile.tempSession')}
        </Alert>
      )}
      {body}
      <AccountDeletion onDone={onDone} />
    </Stack>
  );
}

/** Dual role: which account the app is being used as (the shell switches to staff on a class or dashboard link). */
function SideSwitch({ side }: { side: Side }) {
  const { t } = useTranslation('account');
  const chooseSide = useChooseSide();
  const labelId = useId();
  const hintId = useId();
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="wrap">
        <Text id={labelId} fw={600} fz="sm">
          {t('profile.usingAs')}
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          aria-describedby={hintId}
          value={side}
          onChange={(value) => chooseSide(value === 'parent' ? 'parent' : 'staff')}
          data={[
            { value: 'staff', label: t('profile.sideStaff') },
            { value: 'parent', label: t('profile.sideParent') },
          ]}
          radius="xl"
          data-testid="side-switch"
        />
      </Group>
      <Text id={hintId} fz="xs" c="dimmed">
        {t('profile.dualRoleHint')}
      </Text>
    </Stack>
  );
}

function Headline({ name, role }: { name: string; role: string }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text fw={700} fz="lg" lh={1.25} data-testid="profile-name">
        {name}
      </Text>
      <Badge variant="light" radius="sm" size="sm">
        {role}
      </Badge>
    </Group>
  );
}

function StaffProfile({ staff }: { staff: StaffUserDetails }) {
  const { t } = useTranslation('account');
  const role = staff.school_details.admin ? t('role.admin', { ns: 'translation' }) : t('role.member', { ns: 'translation' });
  return (
    <>
      <Section title={t('profile.profileSection')} testId="profile-section">
        <Stack gap="md">
          <PictureManager
            target={{ kind: 'staff' }}
            person={staff}
            picture={staff.staff_profile_picture}
            details={<Headline name={fullName(staff)} role={role} />}
          />
          <Fields
            rows={[
              [t('profile.firstName'), staff.first_name],
              [t('profile.lastName'), staff.last_name || null],
              [t('profile.email'), staff.email, true],
              [t('profile.phone'), displayPhone(staff.phone), true],
            ]}
          />
        </Stack>
      </Section>
      <Section title={t('profile.schoolSection')} testId="school-section">
        <Fields
          rows={[
            [t('profile.schoolName'), staff.school_details.name],
            [t('profile.role'), role],
          ]}
        />
      </Section>
      <Section title={t('profile.classesSection')} testId="classes-section">
        <StaffClassList />
      </Section>
    </>
  );
}

/** The staff member's classes: the first two, then '+ N more' (spec section 2). */
function StaffClassList() {
  const { t } = useTranslation('account');
  const query = useStaffClasses(true);
  const [all, setAll] = useState(false);
  if (query.isPending) return <Skeleton height={28} width="70%" radius="xl" />;
  if (query.isError)
    return (
      <Text fz="sm" c="red.8">
        {t('profile.loadFailed')}
      </Text>
    );
  if (query.data.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        {message('noClassesFound')}
      </Text>
    );
  const shown = all ? query.data : query.data.slice(0, PROFILE_CLASSES_SHOWN);
  const rest = query.data.length - PROFILE_CLASSES_SHOWN;
  return (
    <ul className={classes.classList}>
      {shown.map((cls) => (
        <li key={cls.id}>
          <Badge variant="light" radius="sm" size="lg" tt="none" color={cls.color}>
            <ClassName name={cls.class_name} fz="sm" fw={600} />
          </Badge>
        </li>
      ))}
      {rest > 0 && (
        <li>
          <Button variant="subtle" size="compact-sm" aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? t('profile.fewerClasses') : t('profile.moreClasses', { count: rest })}
          </Button>
        </li>
      )}
    </ul>
  );
}

function ParentProfile({ parent }: { parent: ParentUserDetails }) {
  const { t } = useTranslation('account');
  const role = t('role.parent', { ns: 'translation' });
  const schools = [...new Set(parent.child_list.flatMap((c) => c.student_class.map((s) => s.school_details.name)))];
  return (
    <>
      <Section title={t('profile.profileSection')} testId="profile-section">
        <Stack gap="md">
          <PictureManager
            target={{ kind: 'parent', parentId: parent.parent_id }}
            person={parent}
            picture={parent.parent_profile_picture}
            details={<Headline name={fullName(parent)} role={role} />}
          />
          <Fields
            rows={[
              [t('profile.primaryEmail'), parent.primary_email, true],
              [t('profile.primaryPhone'), displayPhone(parent.primary_phone), true],
            ]}
          />
        </Stack>
      </Section>
      <Section title={t('profile.schoolSection')} testId="school-section">
        <Fields
          rows={[
            [t('profile.schoolName'), schools.join(', ') || null],
            [t('profile.role'), role],
          ]}
        />
      </Section>
      <Section title={t('profile.childrenSection')} testId="children-section">
        <ChildList list={parent.child_list} />
      </Section>
    </>
  );
}

/** The parent's children, each with picture and class; at most 15rem tall, then scrolling. */
function ChildList({ list }: { list: Child[] }) {
  const { t } = useTranslation('account');
  if (list.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        {message('noStudentsFound')}
      </Text>
    );
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
    <ul className={classes.children} tabIndex={0} aria-label={t('profile.childrenSection')} data-testid="child-list">
      {list.map((child) => (
        <li key={child.id} className={classes.child}>
          <PictureManager
            size="sm"
            target={{ kind: 'student', studentId: child.id }}
            person={child}
            picture={child.student_profile_picture}
            details={
              <div>
                <Text fw={600} lh={1.3}>
                  {fullName(child)}
                </Text>
                {child.student_class.length > 0 ? (
                  <Group gap={6} mt={2}>
                    {child.student_class.map((c) => (
                      <ClassName key={c.class_id} name={c.class_name} fz="sm" c="dimmed" />
                    ))}
                  </Group>
                ) : (
                  <Text fz="sm" c="dimmed">
                    {t('profile.noClass')}
                  </Text>
                )}
              </div>
            }
          />
        </li>
      ))}
    </ul>
  );
}
