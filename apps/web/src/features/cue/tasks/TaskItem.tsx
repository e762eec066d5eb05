import { Anchor, Button, Chip, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconChevronDown, IconChevronUp, IconExternalLink } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SoftBadge } from '../../../components/SoftBadge';
import { toast } from '../../../lib/notify';
import { CUE_NS } from '../i18n';
import { requestMore, retryTask, selectOption } from './actions';
import classes from './Tasks.module.css';
import { canRetry, isCueTask, isDone, type TaskView, timetableTaskWords } from './taskState';

const endpointKey = (endpoint: string) => endpoint.replace(/^cue-/, '');

/** One task of the floating panel: stage, progress, options, outputs, error and Retry, and a request box. */
export const TaskItem = memo(function TaskItem({ task }: { task: TaskView }) {
  const { t } = useTranslation(CUE_NS);
  const [more, setMore] = useState('');
  const [details, setDetails] = useState(false);
  const done = isDone(task);
  const state = task.error ? 'error' : done ? 'done' : 'running';
  // The task's kind in the reader's language (the server names it in English).
  const title = t(`tasks.endpoint.${endpointKey(task.endpointName)}`, {
    defaultValue: task.title || t('tasks.endpoint.command'),
  });
  const offline = () => toast.error(t('voice.failed'));
  // A timetable run reports in English: its command and stage said here in the reader's words.
  const cue = isCueTask(task);
  const words = cue ? null : timetableTaskWords(task);
  const command = words?.command ? t(`tasks.${words.command.key}`) : task.command;
  const stage = words?.stage ? t(`tasks.${words.stage.key}`, words.stage.values) : task.currentStage;
  const content = !cue && task.content ? t('tasks.timetable.reasons') : task.content;

  return (
    <Stack
      component="li"
      gap={6}
      className={classes.task}
      data-testid="task-item"
      data-task-id={task.task_id}
      data-endpoint={task.endpointName}
      data-state={state}
      data-progress={task.progressLevel}
      data-preset={task.preset ?? undefined}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <div className={classes.grow}>
          <Text fz="sm" fw={700} lh={1.3}>
            {title}
          </Text>
          {command && (
            <Text fz="xs" c="dimmed" lineClamp={2} dir="auto" data-testid="task-command">
              {cue ? `“${command}”` : command}
            </Text>
          )}
        </div>
        {state === 'done' ? (
          <SoftBadge color="teal" size="sm" leftSection={<IconCheck size={12} aria-hidden />}>
            {t('tasks.done')}
          </SoftBadge>
        ) : state === 'error' ? (
          <SoftBadge color="red" size="sm">
            {t('tasks.failed')}
          </SoftBadge>
        ) : (
          <Text fz="xs" c="dimmed" className={classes.percent}>
            {t('tasks.percent', { value: task.progressLevel })}
          </Text>
        )}
      </Group>
      {stage && (
        <Text fz="xs" c="dimmed" data-testid="task-stage" dir="auto">
          {stage}
        </Text>
      )}
      <Progress
        value={task.error ? 100 : task.progressLevel}
        color={task.error ? 'red' : done ? 'teal' : 'cue'}
        striped={state === 'running'}
        animated={state === 'running'}
        aria-label={t('tasks.progress', { title })}
        data-testid="task-progress"
      />
      {content && (
        <Text fz="sm" className={classes.content} dir="auto" data-testid="task-content">
          {content}
        </Text>
      )}
      {task.options.length > 0 && (
        <Group gap={6} role="group" aria-label={t('tasks.options')}>
          {task.options.map((option) => (
            <Chip
              key={option.value}
              size="xs"
              checked={option.selected}
              onChange={() => {
                if (!option.selected && !selectOption(task.task_id, option.value)) offline();
              }}
              data-testid="task-option"
              data-selected={option.selected}
            >
              {option.title}
            </Chip>
          ))}
        </Group>
      )}
      {task.outputs.length > 0 && (
        <Stack gap={2} data-testid="task-outputs">
          {task.outputs.map((output) => (
            <Anchor
              key={`${output.link}:${output.name}`}
              component={Link}
              to={output.link}
              fz="sm"
              className={classes.output}
              data-testid="task-output"
            >
              <IconExternalLink size={14} aria-hidden />
              {cue ? output.name : title}
            </Anchor>
          ))}
        </Stack>
      )}
      {task.error && (
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Text fz="xs" c="red.8" role="alert" data-testid="task-error" dir="auto">
            {task.error}
          </Text>
          {canRetry(task) && (
            <Button
              size="compact-xs"
              color="red"
              variant="light"
              leftSection={<IconArrowBackUp size={14} aria-hidden />}
              className={classes.retry}
              onClick={() => {
                if (!retryTask(task.task_id)) offline();
              }}
              data-testid="task-retry"
            >
              {t('tasks.retry')}
            </Button>
          )}
        </Group>
      )}
      {task.verbose.length > 0 && (
        <>
          <Button
            variant="subtle"
            size="compact-xs"
            color="gray"
            onClick={() => setDetails((v) => !v)}
            rightSection={details ? <IconChevronUp size={12} aria-hidden /> : <IconChevronDown size={12} aria-hidden />}
            aria-expanded={details}
            className={classes.detailsToggle}
          >
            {t('tasks.details', { count: task.verbose.length })}
          </Button>
          {details && (
            <pre className={classes.verbose} data-testid="task-verbose">
              {task.verbose.join('\n')}
            </pre>
          )}
        </>
      )}
      {cue && (
        <TextInput
          size="xs"
          value={more}
          onChange={(event) => setMore(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            if (!more.trim()) return;
            if (requestMore(task.task_id, more)) {
              setMore('');
              toast.info(t('voice.sent'));
            } else offline();
          }}
          placeholder={t('tasks.requestPlaceholder')}
          aria-label={t('tasks.requestLabel', { title })}
          data-testid="task-request"
        />
      )}
    </Stack>
  );
});
