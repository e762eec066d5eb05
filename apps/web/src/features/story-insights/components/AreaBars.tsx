import { Badge, Box, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StoryInsights } from '../api';
import { barPercents } from '../format';
import { STORY_INSIGHTS_NS } from '../i18n';

/**
 * Learning-area coverage: a bar per area of the classes' curricula, as long as its share of the most
 * covered area; an area no published story touched this period is marked, since that is what a
 * teacher looks for here.
 */
export function AreaBars({ areas }: { areas: StoryInsights['areas'] }) {
  const { t } = useTranslation(STORY_INSIGHTS_NS);
  const percents = barPercents(areas.map((a) => a.stories));
  if (areas.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        {t('insights.noAreas')}
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="area-coverage">
      {areas.map((area, i) => {
        const none = area.stories === 0;
        return (
          <Box component="li" key={area._id} data-empty={none ? 'true' : undefined}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fz="sm" fw={500} truncate title={`${area.curriculum} · ${area.name}`} dir="auto">
                {area.name}
                <Text span c="dimmed" fz="xs">
                  {' '}
                  · {area.curriculum}
                </Text>
              </Text>
              {none ? (
                <Badge color="red" variant="light" radius="sm" style={{ flexShrink: 0 }}>
                  {t('insights.noStoryThisPeriod')}
                </Badge>
              ) : (
                <Text fz="sm" fw={600} style={{ flexShrink: 0 }}>
                  {t('insights.storiesCount', { count: area.stories })}
                </Text>
              )}
            </Group>
            <Progress
              value={percents[i] ?? 0}
              color={none ? 'red' : 'cue'}
              size="sm"
              radius="xl"
              mt={4}
              aria-label={t('insights.areaBar', { name: area.name, count: area.stories })}
            />
          </Box>
        );
      })}
    </Stack>
  );
}
