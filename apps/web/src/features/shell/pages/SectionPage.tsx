import { attendanceLink, type MenuSection, visibleMenu } from '@cue/contract';
import { Badge, Container, SimpleGrid, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { builtPathOf, isBuilt } from '../builtPages';
import { useShell } from '../ShellContext';
import { menuLabelKey, SECTION_PATHS, visibleAreas } from '../sections';
import { NoAccess, PageHeader } from './common';
import classes from './Pages.module.css';

function Card({
  to,
  title,
  body,
  testId,
  soon = false,
}: {
  to: string;
  title: string;
  body?: string;
  testId?: string;
  /** Not in Cue yet: the card says so (its page is a "coming soon" page). */
  soon?: boolean;
}) {
  const { t } = useTranslation('shell');
  return (
    <Link to={to} className={classes.card} data-testid={testId} data-soon={soon || undefined}>
      <Text fw={700} component="span" style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        {title}
        {soon ? (
          <Badge variant="light" color="gray" radius="sm" tt="none" style={{ flexShrink: 0 }}>
            {t('comingSoon.label')}
          </Badge>
        ) : (
          <IconArrowRight size={16} aria-hidden className={classes.flipInRtl} />
        )}
      </Text>
      {body && (
        <Text fz="sm" c="dimmed" component="span">
          {body}
        </Text>
      )}
    </Link>
  );
}

/** A section's landing page: the entries the person may open, as cards; what is not in Cue yet says so, last. */
export function SectionPage({ section }: { section: MenuSection }) {
  const { t } = useTranslation('shell');
  const { held } = useShell();
  const visible = visibleMenu(section, held);
  const items = [...visible.filter(isBuilt), ...visible.filter((item) => !isBuilt(item))];
  if (items.length === 0) return <NoAccess />;
  return (
    <Container size="lg" data-testid={`section-${section}`}>
      <PageHeader title={t(`sections.${section}`)} description={t(`sectionIntro.${section}`)} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {items.map((item) => (
          <Card
            key={item.key}
            to={builtPathOf(item)}
            title={t(menuLabelKey(item))}
            body={item.children?.length ? item.children.map((c) => t(menuLabelKey(c))).join(' · ') : undefined}
            soon={!isBuilt(item)}
            testId={`section-card-${item.key}`}
          />
        ))}
      </SimpleGrid>
    </Container>
  );
}

/** The admin tab's landing: attendance (or the calendar), then each admin area with entries. */
export function AdminHome() {
  const { t } = useTranslation('shell');
  const { held } = useShell();
  const areas = visibleAreas(held);
  const housekeeping = visibleMenu('housekeeping', held);
  if (areas.length === 0 && housekeeping.length === 0) return <NoAccess />;
  const toAttendance = attendanceLink(held);
  return (
    <Container size="lg" data-testid="admin-home">
      <PageHeader title={t('tabs.admin')} description={t('sectionIntro.admin')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <Card
          to={toAttendance}
          title={toAttendance.endsWith('attendance') ? t('menu.housekeeping_attendance') : t('menu.housekeeping_calendar')}
          body={t('sections.housekeeping')}
        />
        {areas.map((area) => (
          <Card
            key={area}
            to={SECTION_PATHS[area]}
            title={t(`sections.${area}`)}
            body={visibleMenu(area, held)
              .slice(0, 4)
              .map((item) => t(menuLabelKey(item)))
              .join(' · ')}
            testId={`area-${area}`}
          />
        ))}
      </SimpleGrid>
    </Container>
  );
}
