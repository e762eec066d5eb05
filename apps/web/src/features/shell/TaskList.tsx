import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TaskItem } from '../cue/tasks/TaskItem';
import cueClasses from '../cue/tasks/Tasks.module.css';
import type { TaskView } from '../cue/tasks/taskState';
import classes from './TaskPanel.module.css';

/** The tasks of the floating panel, newest first. */
export default function TaskList({ ids, byId }: { ids: string[]; byId: Record<string, TaskView> }) {
  const { t } = useTranslation('shell');
  return (
    <div className={classes.body}>
      {ids.length === 0 ? (
        <Text fz="sm" c="dimmed" ta="center" p="md">
          {t('tasks.empty')}
        </Text>
      ) : (
        <ul className={cueClasses.list} data-testid="task-list">
          {ids.map((id) => {
            const task = byId[id];
            return task ? <TaskItem key={id} task={task} /> : null;
          })}
        </ul>
      )}
    </div>
  );
}
