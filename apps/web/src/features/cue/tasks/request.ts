import { CUE_MESSAGES, type CueTaskEndpoint, DEFAULT_AGE_GROUP } from '@cue/contract';

/** What a Cue command needs before it can be sent (spec section 8: 'Missing values: ' and the names). */
export interface CommandContext {
  classId: string | null | undefined;
  userId: string | null | undefined;
  command: string | null | undefined;
}

/** The names of what is missing, in the order the message lists them. */
export function missingValues({ classId, userId, command }: CommandContext): string[] {
  const missing: string[] = [];
  if (!classId) missing.push('class_id');
  if (!userId) missing.push('user_id');
  if (!command?.trim()) missing.push('command');
  return missing;
}

/** 'Missing values: class_id, command' (or null when nothing is missing). */
export function missingValuesMessage(context: CommandContext, prefix: string = CUE_MESSAGES.missingValues): string | null {
  const missing = missingValues(context);
  return missing.length > 0 ? `${prefix}${missing.join(', ')}` : null;
}

/** The small chat's context: the spec names token, classId and userId. */
export function missingContext(context: {
  token: string | null | undefined;
  classId: string | null | undefined;
  userId: string | null | undefined;
}): string[] {
  return (['token', 'classId', 'userId'] as const).filter((name) => !context[name]);
}

/** A date as task events write it (YYYY-MM-DD), in the browser's clock. */
export function isoDay(date: Date = new Date()): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export interface TaskRequestInput {
  classId: string;
  command: string;
  date: string;
  ageGroup?: string | null;
  token: string | null;
  userId: string;
  userName: string;
  language: string;
}

/** The payload of a task endpoint event (spec section 7). */
export function taskPayload(input: TaskRequestInput) {
  return {
    user_query: JSON.stringify({ class_id: input.classId, command: input.command.trim(), date: input.date }),
    age_group: input.ageGroup?.trim() || DEFAULT_AGE_GROUP,
    user_details: {
      token: input.token ?? undefined,
      user_id: input.userId,
      user_name: input.userName,
      user_role: 'staff',
    },
    language: input.language,
  };
}

export type TaskEvent = CueTaskEndpoint;
