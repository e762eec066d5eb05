import { Badge, Button, Loader, Paper, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconListCheck } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './TaskPanel.module.css';

/** One task the panel shows (spec section 3, Task log); the AI issue fills these in. */
export interface TaskEntry {
  id: string;
  title: string;
  currentStage?: string;
  /** 0 to 100. */
  progressLevel: number;
  error?: string;
}

const TaskList = lazy(() => import('./TaskList'));

const listeners = new Set<() => void>();
let tasks: TaskEntry[] = [];

/** The task list the panel renders; the AI feature replaces it as its tasks progress. */
export function setTasks(next: TaskEntry[]): void {
  tasks = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The floating task-progress panel: collapsible ('Hide' / 'Show Tasks'), with an empty state. */
export function TaskPanel() {
  const { t } = useTranslation('shell');
  const list = useSyncExternalStore(subscribe, () => tasks);
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const running = list.filter((task) => task.progressLevel < 100 && !task.error).length;

  if (!open) {
    return (
      <div className={classes.dock}>
        <Button
          variant="default"
          radius="xl"
          leftSection={<IconListCheck size={18} aria-hidden />}
          rightSection={<IconChevronUp size={16} aria-hidden />}
          onClick={() => setOpen(true)}
          aria-expanded={false}
          aria-controls={bodyId}
          className={classes.toggle}
          data-testid="task-panel-toggle"
        >
          {t('tasks.show')}
          {running > 0 && (
            <Badge size="sm" ms={6} circle>
              {running}
            </Badge>
          )}
        </Button>
      </div>
    );
  }

  return (
    <div className={classes.dock}>
      <Paper className={classes.panel} shadow="lg" radius="lg" withBorder role="region" aria-label={t('tasks.title')} id={bodyId}>
        <div className={classes.head}>
          <Text fw={700} fz="sm">
            {t('tasks.title')}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            rightSection={<IconChevronDown size={16} aria-hidden />}
            onClick={() => setOpen(false)}
            aria-expanded
            aria-controls={bodyId}
          >
            {t('tasks.hide')}
          </Button>
        </div>
        <Suspense fallback={<Loader size="sm" m="md" />}>
          <TaskList tasks={list} />
        </Suspense>
      </Paper>
    </div>
  );
}
