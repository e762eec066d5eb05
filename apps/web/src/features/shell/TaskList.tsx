import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TaskEntry } from './TaskPanel';
import classes from './TaskPanel.module.css';

/** The tasks of the floating panel: title, stage and progress (red on error). */
export default function TaskList({ tasks: list }: { tasks: TaskEntry[] }) {
  const { t } = useTranslation('shell');
  return (
    <Stack gap="sm" p="md" className={classes.body}>
      {list.length === 0 ? (
        <Text fz="sm" c="dimmed" ta="center" py="md">
          {t('tasks.empty')}
        </Text>
      ) : (
        list.map((task) => (
          <div key={task.id}>
            <Text fz="sm" fw={600}>
              {task.title}
            </Text>
            {task.currentStage && (
              <Text fz="xs" c="dimmed">
                {task.currentStage}
              </Text>
            )}
            <Progress
              value={task.progressLevel}
              color={task.error ? 'red' : task.progressLevel >= 100 ? 'teal' : 'cue'}
              mt={6}
              aria-label={task.title}
            />
            {task.error && (
              <Text fz="xs" c="red" mt={4}>
                {task.error}
              </Text>
            )}
          </div>
        ))
      )}
    </Stack>
  );
}
