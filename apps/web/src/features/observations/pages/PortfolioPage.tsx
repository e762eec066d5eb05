import { MENUS, type MenuItem } from '@cue/contract';
import { Alert, Anchor, Avatar, Box, Card, Grid, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fullName, initials } from '../../../lib/format';
import { useActiveSide } from '../../../lib/session';
import { useCurrentChild } from '../../auth/useCurrentUser';
import { Gate } from '../../shell/pages/Gate';
import { useCurrentClass } from '../../shell/Selectors';
import { type ObservationEntry, useRoster } from '../api';
import { CoveragePanel } from '../components/CoveragePanel';
import { ObservationList } from '../components/ObservationList';
import classes from '../components/Observations.module.css';
import { formatObservationDate } from '../dates';
import { OBSERVATIONS_NS } from '../i18n';
import { studentViewHref } from '../useObservationParams';

const ENTRY = MENUS.assessment.find((item) => item.key === 'assessment.portfolio') as MenuItem;
const { key: _key, path: _path, children: _children, ...NEED } = ENTRY;

/** Entries as a timeline: a dot and the day per observation, newest first. */
function Timeline({ entries, card }: { entries: ObservationEntry[]; card: (entry: ObservationEntry) => React.ReactNode }) {
  const { i18n } = useTranslation(OBSERVATIONS_NS);
  return (
    <Stack
      component="ol"
      gap="lg"
      m={0}
      className={classes.timeline}
      style={{ listStyle: 'none' }}
      data-testid="portfolio-timeline"
    >
      {entries.map((entry) => (
        <li key={entry.id} className={classes.timelineItem}>
          <span className={classes.timelineDot} aria-hidden />
          <Text fz="sm" fw={600} c="dimmed" mb={6} data-testid="timeline-date">
            {formatObservationDate(entry.date, i18n.language)}
          </Text>
          {card(entry)}
        </li>
      ))}
    </Stack>
  );
}

/** The parent's portfolio: the current child's observations shared with the family, as a timeline with photos. */
function FamilyPortfolio() {
  const { t } = useTranslation(OBSERVATIONS_NS);
  const child = useCurrentChild();
  const name = child ? fullName(child) : '';
  useDocumentTitle(child ? t('portfolio.childTitle', { name }) : t('portfolio.title'));
  return (
    <Box component="section" aria-labelledby="portfolio-title" px={{ base: 'md', sm: 'lg' }} py="lg" maw={1180} mx="auto">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 22, sm: 26 }} id="portfolio-title">
            {child ? t('portfolio.childTitle', { name }) : t('portfolio.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('portfolio.familyDescription')}
          </Text>
        </Stack>
        {!child ? (
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('portfolio.noChild')}
          </Alert>
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <ObservationList
                side="parent"
                query={{ student_id: child.id }}
                emptyText={t('portfolio.empty', { name: child.first_name })}
                showChild={false}
                family
                render={(entries, card) => <Timeline entries={entries} card={card} />}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <CoveragePanel studentId={child.id} side="parent" />
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Box>
  );
}

/** Staff: the class's children, each opening their whole record, with a way to their observations (the observation page's student view). */
function ClassPortfolio() {
  const { t } = useTranslation(OBSERVATIONS_NS);
  const { current, schools } = useCurrentClass();
  const roster = useRoster(current?.id ?? null);
  useDocumentTitle(t('portfolio.title'));
  const students = [...(roster.data?.student_list ?? [])].sort((a, b) => fullName(a).localeCompare(fullName(b)));
  return (
    <Box component="section" aria-labelledby="portfolio-title" px={{ base: 'md', sm: 'lg' }} py="lg" maw={1280} mx="auto">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 22, sm: 26 }} id="portfolio-title">
            {t('portfolio.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {current ? t('portfolio.staffDescription', { className: current.class_name }) : t('page.descriptionNoClass')}
          </Text>
        </Stack>
        {!current ? (
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
            {schools.isPending ? t('loading') : t('page.noClass')}
          </Alert>
        ) : roster.isPending ? (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
            {[0, 1, 2, 3].map((n) => (
              <Skeleton key={n} height={80} radius="lg" />
            ))}
          </SimpleGrid>
        ) : students.length === 0 ? (
          <Text c="dimmed">{t('student.noChildren')}</Text>
        ) : (
          <SimpleGrid
            cols={{ base: 1, xs: 2, sm: 3, md: 4 }}
            spacing="md"
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {students.map((s) => (
              <li key={s.id}>
                <Card withBorder radius="lg" padding="md" h="100%" data-testid="portfolio-student">
                  <Stack align="center" gap={6}>
                    <Anchor
                      component={Link}
                      to={`/assessment/portfolio/${s.id}`}
                      c="inherit"
                      underline="never"
                      aria-label={t('portfolio.open', { name: fullName(s) })}
                    >
                      <Stack align="center" gap={6}>
                        <Avatar src={s.profile_picture} size={48} radius="xl" color="cue" alt="" aria-hidden>
                          {initials(s)}
                        </Avatar>
                        <Text fw={600} ta="center">
                          {fullName(s)}
                        </Text>
                      </Stack>
                    </Anchor>
                    <Anchor
                      component={Link}
                      to={studentViewHref(s.id)}
                      fz="xs"
                      aria-label={t('card.label', { title: t('page.title'), name: fullName(s) })}
                      data-testid="portfolio-student-observations"
                    >
                      {t('page.title')}
                    </Anchor>
                  </Stack>
                </Card>
              </li>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Box>
  );
}

/**
 * /assessment/portfolio: on the parent side the current child's portfolio (no staff gate); on the staff
 * side the class roster behind the portfolio menu entry's needs.
 */
export default function PortfolioPage() {
  const side = useActiveSide();
  if (side === 'parent') return <FamilyPortfolio />;
  return (
    <Gate need={NEED}>
      <ClassPortfolio />
    </Gate>
  );
}
