import { z } from 'zod';
import { idSchema } from '../common.js';
import { DEFAULT_AGE_GROUP } from '../constants.js';

/** Cue's background tasks over the socket (spec sections 7 and 9). */
export const CUE_TASK_ENDPOINTS = [
  'cue-command',
  'cue-attendance',
  'cue-announcement',
  'cue-story',
  'cue-lesson-analysis',
  'cue-observation',
  'cue-units',
  'cue-ask',
] as const;
export type CueTaskEndpoint = (typeof CUE_TASK_ENDPOINTS)[number];
/** What a task in the task panel comes from: one of Cue's endpoints, or a timetable generation run (issue 28). */
export const TASK_LOG_SOURCES = [...CUE_TASK_ENDPOINTS, 'timetable-run'] as const;
export type TaskLogSource = (typeof TASK_LOG_SOURCES)[number];

export const CUE_EVENTS = {
  taskLog: 'task-log',
  verboseLog: 'verbose-log',
  replay: 'request-progress-replay',
  /** Client → server: choose one of a task's options `{ task_id, value }`. */
  selectOption: 'task-select-option',
  /** Client → server: ask a task for something else `{ task_id, text }` (a new command, linked to it). */
  request: 'task-request',
  /** Client → server: run a failed task again `{ task_id }`. */
  retry: 'task-retry',
  imageCaption: 'getImageCaption',
  multipleImageCaption: 'getMultipleImageCaption',
  /** Client → server with an acknowledgement: what this server can do `{ captions, transcription }`. */
  capabilities: 'cue-capabilities',
  message: 'message',
} as const;

/** Task logs: content throttled at 100 ms on the client; verbose logs batched every 500 ms by the server. */
export const TASK_LOG_THROTTLE_MS = 100;
export const VERBOSE_LOG_BATCH_MS = 500;

export const CUE_MESSAGES = {
  requestSent: 'Request sent to Cue',
  finished: 'Cue has finished processing your command',
  failed: "Something went wrong, your request couldn't be sent",
  missingValues: 'Missing values: ',
  noCaptionModel: 'no caption model configured',
  noTranscription: 'No transcription engine is configured on this server',
  externalProviderOff:
    'Photo captions and speech to text use the external assistant provider, which this school has not switched on',
  missingContext: 'Missing required context',
  failedResponse: 'Failed to get response',
} as const;

/** `user_query` of a task event: a JSON string (or object) of class_id, command and date YYYY-MM-DD. */
export const cueUserQuerySchema = z.object({
  class_id: idSchema,
  command: z.string().trim().min(1).max(4000),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD')
    .optional(),
  time: z.string().max(20).optional(),
});
export const cueTaskRequestSchema = z.object({
  user_query: z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, cueUserQuerySchema),
  age_group: z.string().max(40).default(DEFAULT_AGE_GROUP),
  user_details: z
    .object({
      token: z.string().optional(),
      user_id: z.string().optional(),
      user_name: z.string().optional(),
      user_role: z.string().optional(),
    })
    .partial()
    .default({}),
  language: z.string().max(10).default('en'),
});
export type CueTaskRequest = z.infer<typeof cueTaskRequestSchema>;

export const taskOptionSchema = z.object({ title: z.string(), value: z.string(), selected: z.boolean() });
export type TaskOption = z.infer<typeof taskOptionSchema>;
export const taskOutputSchema = z.object({ name: z.string(), link: z.string() });
export type TaskOutput = z.infer<typeof taskOutputSchema>;
/** One `task-log` event: the whole current state of a task (the last one of a task carries `preset`). */
export const taskLogSchema = z.object({
  task_id: z.string(),
  endpointName: z.enum(TASK_LOG_SOURCES),
  title: z.string(),
  command: z.string(),
  content: z.string(),
  currentStage: z.string(),
  progressLevel: z.number(),
  options: z.array(taskOptionSchema),
  outputs: z.array(taskOutputSchema),
  error: z.string().nullable(),
  preset: z.number().nullable(),
  class_id: z.string(),
  created_at: z.string(),
  finished: z.boolean(),
});
export type TaskLog = z.infer<typeof taskLogSchema>;

/** Which page a preset refreshes (spec section 9). */
export const PRESET_PATHS: Record<number, string> = {
  1: '/housekeeping/attendance',
  2: '/communication/announcements',
  5: '/assessment/observation',
};

/** AI configuration of a class (academic setup → ai). */
export const AI_BLOCKS = [
  { key: 'attendance_assistant', screen: 'attendance', title: 'Attendance from a sentence' },
  { key: 'observation_writer', screen: 'observation', title: 'Observations in the teacher’s words' },
  { key: 'announcement_writer', screen: 'announcement', title: 'Announcement drafts' },
  { key: 'story_writer', screen: 'story', title: 'Stories from the day' },
  { key: 'lesson_analysis', screen: 'planning', title: 'Lesson plan analysis' },
  { key: 'units_planner', screen: 'planning', title: 'Unit outlines' },
  { key: 'ask', screen: 'chat', title: 'Questions about the class' },
] as const;
export const AI_SCREENS = ['attendance', 'observation', 'announcement', 'story', 'planning', 'chat'] as const;
export const AI_OPTIONS = ['ask', 'ai-blocks', 'access-points'] as const;

export const aiOptionsRequestSchema = z.object({
  ai_options: z.object({
    ask: z.boolean().default(true),
    suggestions: z.boolean().default(true),
    voice: z.boolean().default(true),
    age_group: z.string().max(40).optional(),
  }),
});
export const aiBlocksByScreenRequestSchema = z.object({ screen_name: z.enum(AI_SCREENS) });
export const updateAiBlocksRequestSchema = z.object({
  screen_name: z.enum(AI_SCREENS),
  ai_blocks: z.array(z.object({ key: z.string().max(60), enabled: z.boolean() })).max(50),
});
const aiBlockSchema = z.object({
  key: z.string(),
  screen_name: z.enum(AI_SCREENS),
  title: z.string(),
  enabled: z.boolean(),
});
export type AiBlock = z.infer<typeof aiBlockSchema>;
export const classAiBlocksSchema = z.object({ class_id: idSchema, ai_blocks: z.array(aiBlockSchema) });
export const classScreenBlocksSchema = classAiBlocksSchema.extend({ screen_name: z.enum(AI_SCREENS) });
export const classAiOptionsSchema = z.object({
  class_id: idSchema,
  ai_options: z.object({
    ask: z.boolean(),
    suggestions: z.boolean(),
    voice: z.boolean(),
    age_group: z.string().optional(),
  }),
});
export type ClassAiOptions = z.infer<typeof classAiOptionsSchema>;
export const screenPromptSchema = z.object({ enabled: z.boolean(), prompt: z.string() });
export type ScreenPrompt = z.infer<typeof screenPromptSchema>;
export const classScreenPromptsSchema = z.object({
  class_id: idSchema,
  ai_screen_blocks: z.record(z.string(), screenPromptSchema),
});

export const aiScreenBlocksRequestSchema = z.object({
  ai_screen_blocks: z.partialRecord(
    z.enum(AI_SCREENS),
    z.object({ enabled: z.boolean(), prompt: z.string().max(2000).default('') }),
  ),
});
