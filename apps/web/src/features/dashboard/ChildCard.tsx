import { type Child, type DashboardChild, PAGE_PATHS, pagePath } from '@cue/contract';
import { Alert, Anchor, Avatar, Badge, Card, Group, Stack, Text } from '@mantine/core';
import {
  IconBook2,
  IconCalendarCheck,
  IconCalendarTime,
  IconChecklist,
  IconId,
  IconNotebook,
  IconReceipt,
  IconSchool,
  IconSpeakerphone,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClassName } from '../../components/ClassName';
import { LanguageText } from '../../components/LanguageText';
import { fullName, initials } from '../../lib/format';
import { useCheckPending } from '../children/api';
import { useFamilyFees } from '../management/fees/api-family';
import { useSwitchChild } from '../shell/api';
import { parentPage, toParentSide } from '../shell/sides';
import { useClassWeek } from '../timetable/api';
import classes from './Dashboard.module.css';
import { ChildToday } from './Today';

const AVATAR_COLORS = ['coral', 'cue', 'teal', 'blue', 'grape', 'orange'] as const;

const colorFor = (id: string) => AVATAR_COLORS[Number.parseInt(id.slice(-4), 16) % AVATAR_COLORS.length] ?? 'cue';

/**
 * Where a parent follows a child: each page shows the current child, so a link first makes this child
 * current; a dual-role person's link asks for the parent's view of the page (`parentPage`).
 */
const CHILD_LINKS: { key: string; to: string; icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }> }[] = [
  { key: 'attendance', to: '/housekeeping/attendance', icon: IconCalendarCheck },
  { key: 'announcements', to: '/communication/announcements', icon: IconSpeakerphone },
  { key: 'homework', to: '/communication/homeworks', icon: IconNotebook },
  { key: 'portfolio', to: '/assessment/portfolio', icon: IconBook2 },
];

/** One of the parent's children, with their classes and school, their day so far, and links to what the family can follow. */
export function ChildCard({
  child,
  current,
  today,
  pending = false,
}: {
  child: Child;
  current?: boolean;
  today?: DashboardChild;
  pending?: boolean;
}) {
  const { t } = useTranslation();
  const switchChild = useSwitchChild();
  const open = () => {
    toParentSide();
    if (!current) switchChild.mutate(child.id);
  };
  const schools = [...new Set(child.student_class.map((c) => c.school_details.name))];
  // The school's yearly "check your child's details", until the family answers it on the record.
  const checkPending = useCheckPending(child.id, child.student_class.length > 0);
  const recordLink = parentPage(pagePath.childRecord(child.id));
  // Fees only where the school bills this child (its fees switched on and an account holding them).
  const fees = useFamilyFees();
  const billed = fees.data?.accounts.some((a) => a.children.some((c) => c._id === child.id)) ?? false;
  // The class's week, where the school shares its timetable with families and it has lessons.
  const week = useClassWeek(child.student_class[0]?.class_id ?? null, 'parent');
  const timetable = (week.data?.entries.length ?? 0) > 0;
  return (
    <Card component="article" padding="lg" className={classes.card} data-testid="child-card">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar
          src={child.student_profile_picture}
          alt=""
          size={52}
          radius="xl"
          color={colorFor(child.id)}
          variant="filled"
          aria-hidden
        >
          {initials(child)}
        </Avatar>
        <Stack gap={6} miw={0}>
          <Text component="h3" fw={700} fz="lg" lh={1.25} m={0}>
            {fullName(child)}
          </Text>
          {child.student_class.length > 0 ? (
            <Group gap={6}>
              <Text component="span" fz="sm" c="dimmed">
                <LanguageText>{t('dashboard.classLabel', { count: child.student_class.length })}:</LanguageText>
              </Text>
              {child.student_class.map((c) => (
                <Badge key={c.class_id} variant="light" radius="sm" size="md" tt="none">
                  <ClassName name={c.class_name} fz="xs" fw={600} />
                </Badge>
              ))}
            </Group>
          ) : (
            <Text fz="sm" c="dimmed">
              <LanguageText>{t('dashboard.noClassYet')}</LanguageText>
            </Text>
          )}
          {schools.length > 0 && (
            <Group gap={6} wrap="nowrap">
              <IconSchool size={16} aria-hidden className={classes.metaIcon} />
              <Text fz="sm" c="dimmed" truncate="end">
                {schools.join(', ')}
              </Text>
            </Group>
          )}
          {checkPending && (
            <Alert
              color="cue"
              variant="light"
              p="xs"
              icon={<IconChecklist size={18} aria-hidden />}
              data-testid="child-check-prompt"
            >
              <Stack gap={2}>
                <Text fz="sm" fw={600}>
                  <LanguageText>{t('dashboard.check.prompt', { name: child.first_name })}</LanguageText>
                </Text>
                <Anchor component={Link} to={recordLink} fz="sm" fw={600} onClick={toParentSide} w="fit-content">
                  {t('dashboard.check.open')}
                </Anchor>
              </Stack>
            </Alert>
          )}
          {child.student_class.length > 0 && <ChildToday today={today} pending={pending} onOpen={open} />}
          {child.student_class.length > 0 && (
            <Group gap="md" mt={4} component="nav" aria-label={t('dashboard.childLinks.label', { name: fullName(child) })}>
              {CHILD_LINKS.map(({ key, to, icon: Icon }) => (
                <Anchor key={key} component={Link} to={parentPage(to)} fz="sm" fw={600} onClick={open}>
                  <Group gap={4} wrap="nowrap" component="span">
                    <Icon size={16} aria-hidden />
                    {t(`dashboard.childLinks.${key}`)}
                  </Group>
                </Anchor>
              ))}
              {billed && (
                <Anchor
                  component={Link}
                  to={parentPage(PAGE_PATHS.familyFees)}
                  fz="sm"
                  fw={600}
                  onClick={toParentSide}
                  data-testid="child-fees-link"
                >
                  <Group gap={4} wrap="nowrap" component="span">
                    <IconReceipt size={16} aria-hidden />
                    {t('dashboard.childLinks.fees')}
                  </Group>
                </Anchor>
              )}
              {timetable && (
                <Anchor
                  component={Link}
                  to={parentPage('/timetable')}
                  fz="sm"
                  fw={600}
                  onClick={open}
                  data-testid="child-timetable-link"
                >
                  <Group gap={4} wrap="nowrap" component="span">
                    <IconCalendarTime size={16} aria-hidden />
                    {t('dashboard.childLinks.timetable')}
                  </Group>
                </Anchor>
              )}
              <Anchor component={Link} to={recordLink} fz="sm" fw={600} onClick={toParentSide} data-testid="child-record-link">
                <Group gap={4} wrap="nowrap" component="span">
                  <IconId size={16} aria-hidden />
                  {t('dashboard.childLinks.record')}
                </Group>
              </Anchor>
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
