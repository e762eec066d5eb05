import { Badge, Button, Loader, Paper, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconListCheck } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCatalogs } from '../../lib/catalogs';
import { useTaskPanelRequests, useTasksState } from '../cue/tasks/store';
import { isRunning } from '../cue/tasks/taskState';
import classes from './TaskPanel.module.css';

// The list and its words (Cue's catalog) load the first time the panel opens.
const TaskList = lazy(async () => {
  const [module] = await Promise.all([import('./TaskList'), loadCatalogs('cue')]);
  return module;
});

/**
 * The floating task-progress panel: collapsible ('Hide' / 'Show Tasks'), with Cue's tasks as the
 * socket reports them. It opens by itself when a task is sent from this tab. `aside` sits next to it (Cue's
 * floating buttons).
 */
export function TaskPanel({ aside }: { aside?: ReactNode }) {
  const { t } = useTranslation('shell');
  const { order, byId } = useTasksState();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const running = order.filter((id) => {
    const task = byId[id];
    return !!task && isRunning(task);
  }).length;

  // A task just sent from this tab opens the panel.
  const requests = useTaskPanelRequests();
  const seen = useRef(requests);
  useEffect(() => {
    if (requests > seen.current) setOpen(true);
    seen.current = requests;
  }, [requests]);

  return (
    <div className={classes.dock} data-open={open}>
      {aside}
      {!open ? (
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
            <Badge size="sm" ms={6} circle data-testid="task-panel-running">
              {running}
            </Badge>
          )}
        </Button>
      ) : (
        <Paper
          className={classes.panel}
          shadow="lg"
          radius="lg"
          withBorder
          role="region"
          aria-label={t('tasks.title')}
          id={bodyId}
          data-testid="task-panel"
        >
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
              data-testid="task-panel-hide"
            >
              {t('tasks.hide')}
            </Button>
          </div>
          <Suspense fallback={<Loader size="sm" m="md" />}>
            <TaskList ids={order} byId={byId} />
          </Suspense>
        </Paper>
      )}
    </div>
  );
}
