import { z } from 'zod';
import { CARE_KINDS, careDetailsSchema } from '../carelog/schemas.js';
import { ddmmyyyySchema, hhmmaSchema, idSchema } from '../common.js';
import { LANGUAGES } from '../constants.js';

/** Socket events of the chat assistant (spec section 7). */
export const CHAT_EVENTS = {
  request: 'chat-with-cue',
  response: 'chat-with-cue-stream-response',
  end: 'chat-with-cue-stream-end',
} as const;

/** Ids shorter than this in streamed (partial) tool data are not real ids yet (spec section 9). */
export const MIN_STREAMED_ID_LENGTH = 24;

export const CHAT_MODES = ['agent', 'ask'] as const;
export const AI_PROVIDERS = ['local', 'openai'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/** The tools of the assistant: drafts for cards (nothing is written until the teacher clicks) and read-only questions. */
export const DRAFT_TOOLS = [
  'mark_attendance',
  'create_observation',
  'draft_announcement',
  'mentioned_students',
  'log_care',
] as const;
export type DraftToolName = (typeof DRAFT_TOOLS)[number];
export const QUESTION_TOOL = 'class_question';
export type ToolName = DraftToolName | typeof QUESTION_TOOL;

const aiStatusSchema = z.enum(['present', 'absent', 'late', 'excused', 'NA']);

export const markAttendanceArgsSchema = z.object({
  date: ddmmyyyySchema,
  student_attendance_list: z
    .array(z.object({ student_id: idSchema, attendance_status: aiStatusSchema }))
    .min(1)
    .max(500),
  is_saved: z.boolean().default(false),
});
export const createObservationArgsSchema = z.object({
  observation_entries: z
    .array(
      z.object({
        student_id: idSchema,
        date: ddmmyyyySchema,
        title: z.string().trim().max(200).default('Observation'),
        general_note: z.string().trim().min(1).max(10_000),
        type_of_anecdote: z.string().trim().max(40).default('general'),
      }),
    )
    .min(1)
    .max(100),
  is_saved: z.boolean().default(false),
});
export const draftAnnouncementArgsSchema = z.object({
  title: z.string().trim().min(1).max(200),
  summary: z.string().max(50_000).default(''),
  share_with: z.enum(['Everyone', 'Classes']).default('Everyone'),
  date: ddmmyyyySchema,
  time: hhmmaSchema,
  schedule_later: z.boolean().default(false),
  classes_ids: z.array(idSchema).max(200).default([]),
  save_as_draft: z.boolean().default(false),
  send_email: z.boolean().default(false),
  is_saved: z.boolean().default(false),
});
export const mentionedStudentsArgsSchema = z.object({
  students: z.array(z.object({ id: idSchema, name: z.string() })).max(500),
});
/**
 * Care logged from a sentence (the carelog, feature `daycare`): one entry per child and thing done —
 * "Aarav and Mia napped 12:10 to 1:30" is two nap entries. Saved through the carelog only when the teacher
 * confirms the card; entries alike (kind, day, time, details, note) are saved together, as the room board does.
 */
export const careLogEntrySchema = z.object({
  student_id: idSchema,
  kind: z.enum(CARE_KINDS),
  date: ddmmyyyySchema,
  /** When it happened (a nap's start), hh:mm A in the school's time. */
  time: hhmmaSchema,
  details: careDetailsSchema.default({}),
  note: z.string().trim().max(2_000).default(''),
});
export type CareLogEntry = z.infer<typeof careLogEntrySchema>;
export const logCareArgsSchema = z.object({
  care_entries: z.array(careLogEntrySchema).min(1).max(500),
  /** Save a meal although a child has a recorded allergen in it (after the carelog's warning). */
  confirm_allergen: z.boolean().default(false),
  is_saved: z.boolean().default(false),
});
export type LogCareArgs = z.infer<typeof logCareArgsSchema>;

/** A read-only question over the class's own data. */
export const classQuestionArgsSchema = z.object({
  kind: z.enum(['absences', 'no_observation_in_area', 'attendance_rate']),
  from: ddmmyyyySchema,
  to: ddmmyyyySchema,
  student_id: idSchema.optional(),
  area: z.string().max(120).optional(),
});

export const TOOL_ARGS = {
  mark_attendance: markAttendanceArgsSchema,
  create_observation: createObservationArgsSchema,
  draft_announcement: draftAnnouncementArgsSchema,
  mentioned_students: mentionedStudentsArgsSchema,
  log_care: logCareArgsSchema,
  class_question: classQuestionArgsSchema,
} as const;

export const TOOL_DESCRIPTIONS: Record<ToolName, string> = {
  mark_attendance:
    'Draft the attendance of the class for one date. List only the children the teacher speaks of, unless they speak of everyone, then every child of the class.',
  create_observation: "Draft observations of children, one entry per child, keeping the teacher's words in general_note.",
  draft_announcement: 'Draft an announcement to families; schedule_later with a future date and time when asked to send later.',
  mentioned_students: 'The children of the class the teacher mentioned when no other action applies.',
  log_care:
    'Draft care entries (meals with how much was eaten, bottles in ml, naps from start to end, nappies wet/dirty/dry, potty and toilet, sun cream, mood) for the children the teacher names: one entry per child, every child of the class when they say everyone, leaving out the children they except (or giving them their own details). Times hh:mm A; a nap\'s end in details.end. "Everyone had lunch except Kabir" is care, not attendance.',
  class_question:
    "Answer a question over the class's own records: absences in a period, children without an observation in a learning area, a child's attendance rate.",
};

/** `chat-with-cue` payload. `user_query` may also arrive as a JSON string. */
export const chatUserQuerySchema = z.object({
  class_id: idSchema,
  user_input: z.string().trim().min(1, 'Type a message').max(4000),
  requested_tools: z.array(z.string().max(60)).max(10).default([]),
  mode: z.enum(CHAT_MODES).default('agent'),
  date: ddmmyyyySchema.optional(),
  time: hhmmaSchema.optional(),
  /** Continue a conversation; a new one starts without it. */
  conversation_id: idSchema.optional(),
  reasoning: z.boolean().default(false),
  /** The value of a choice Cue offered (which child, which day, what to do); `user_input` is its label. */
  answer: z.string().trim().min(1).max(100).optional(),
  /** The interface language of the teacher: Cue's own sentences (questions, names not found, what it can do) are said in it. */
  locale: z.enum(LANGUAGES).optional(),
});
export type ChatUserQuery = z.infer<typeof chatUserQuerySchema>;
export const chatRequestSchema = z.object({
  user_query: z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, chatUserQuerySchema),
  user_details: z.record(z.string(), z.unknown()).optional(),
});

/** A content part of a streamed message; text may carry sources. */
export interface ChatContentPart {
  type: 'text';
  text: string;
  annotations?: { title: string; url: string }[];
}
export interface ChatToolCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
}
/**
 * A question Cue asks instead of guessing — which child a name means, which day, what to do — with its
 * choices; the teacher's pick (`answer`) completes the draft of `sentence`.
 */
export interface ChatClarification {
  kind: 'child' | 'date' | 'intent';
  sentence: string;
  /** The word the question is about (a name two children share, a weekday). */
  word?: string;
  /** For a child: label = full name, value = id; a day: DD-MM-YYYY; what to do: attendance, observation, announcement or none. */
  options: { label: string; value: string }[];
}
/** A LangChain message as streamed to the client. */
export interface ChatMessage {
  id: string;
  type: 'human' | 'ai' | 'tool';
  role: 'user' | 'assistant' | 'tool';
  content: ChatContentPart[];
  additional_kwargs: {
    agent?: string;
    mode?: string;
    tool_outputs?: unknown[];
    conversation_id?: string;
    /** A question Cue asks instead of guessing, with its choices. */
    clarify?: ChatClarification;
    /** Names the teacher spoke of that are not children of the class (nothing is drafted for them). */
    not_found?: string[];
    /** On a teacher's message: the value of the choice picked. */
    answer?: string;
  };
  tool_calls?: ChatToolCall[];
  tool_call_chunks?: { id?: string; name?: string; args?: string; index?: number }[];
  tool_call_id?: string;
  name?: string;
}
export interface ChatStreamResponse {
  stream_mode: 'messages' | 'updates';
  data: unknown;
  conversation_id: string;
  error?: string;
}

/** Saving a card: the drafted tool call, as the teacher left it. */
export const saveToolCallRequestSchema = z.object({ args: z.record(z.string(), z.unknown()) });
export const conversationListQuerySchema = z.object({ class_id: idSchema });
export const aiSettingsRequestSchema = z.object({ ai_provider: z.enum(AI_PROVIDERS) });
/** The school's model provider, and whether this server offers the external one. */
export const aiSettingsSchema = z.object({
  ai_provider: z.enum(AI_PROVIDERS),
  external_configured: z.boolean(),
  external_model: z.string().nullable(),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;

export const conversationSummarySchema = z.object({ id: idSchema, title: z.string(), updated_at: z.string() });
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
/** A stored LangChain message, as it was streamed. */
const chatMessageSchema = z.custom<ChatMessage>((value) => typeof value === 'object' && value !== null);
/** A drafted tool call of a conversation and whether its card has been saved. */
export const storedToolCallSchema = z.object({
  id: idSchema,
  name: z.string(),
  args: z.record(z.string(), z.unknown()),
  saved_at: z.string().nullable(),
  is_saved: z.boolean(),
});
export type StoredToolCall = z.infer<typeof storedToolCallSchema>;
export const conversationDetailSchema = z.object({
  id: idSchema,
  class_id: idSchema,
  title: z.string(),
  updated_at: z.string(),
  messages: z.array(chatMessageSchema),
  tool_calls: z.array(storedToolCallSchema),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;
/** A saved card: which tool and the record it wrote (an attendance day, observations, an announcement). */
export const savedToolCallSchema = z.object({
  saved: z.boolean(),
  tool: z.enum(['mark_attendance', 'create_observation', 'draft_announcement', 'log_care']),
  record: z.unknown(),
});

export const AI_MESSAGES = {
  notFound: 'Not found',
  alreadySaved: 'This draft has already been saved',
  rateLimited: 'Too many messages. Please wait a moment.',
  providerNotConfigured: 'The external model provider is not configured on this server',
  noTool: 'This tool call cannot be saved',
  dayComplete: 'This day is already marked complete. Reopen it on the attendance page to change it.',
  noCare: 'Care cannot be logged here: the carelog is not switched on for this school.',
} as const;
export type ClassQuestionArgs = z.infer<typeof classQuestionArgsSchema>;
