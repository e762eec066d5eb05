import { AI_BLOCKS, type AiProvider, ROUTES } from '@cue/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type RequestOptions } from '../../../lib/api';
import type { Route } from '../../../lib/http';

/** A class's AI configuration (academic setup → ai), with the staff side's token. */
const result = async <T>(route: Route, options: RequestOptions = {}) =>
  (await apiRequest<{ result: T }>(route, { side: 'staff', ...options })).result;

export type AiScreen = (typeof AI_BLOCKS)[number]['screen'];

export interface AiOptions {
  ask: boolean;
  suggestions: boolean;
  voice: boolean;
  age_group: string;
}
export interface AiBlock {
  key: string;
  enabled: boolean;
}
export interface ScreenBlock {
  enabled: boolean;
  prompt: string;
}
export interface AiSettings {
  ai_provider: AiProvider;
  external_configured: boolean;
  external_model: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ ai_options: {...} }` or the options themselves. */
export function readAiOptions(answer: unknown): AiOptions {
  const o = isRecord(answer) && isRecord(answer.ai_options) ? answer.ai_options : isRecord(answer) ? answer : {};
  return {
    ask: o.ask !== false,
    suggestions: o.suggestions !== false,
    voice: o.voice !== false,
    age_group: typeof o.age_group === 'string' ? o.age_group : '',
  };
}

const readBlockList = (value: unknown): AiBlock[] =>
  Array.isArray(value)
    ? value.flatMap((b) => (isRecord(b) && typeof b.key === 'string' ? [{ key: b.key, enabled: b.enabled !== false }] : []))
    : [];

/** A screen's blocks: a list, or `{ ai_blocks: [...] }`; the screen's known blocks are always all there. */
export function readScreenBlocks(answer: unknown, screen: AiScreen): AiBlock[] {
  const list = readBlockList(Array.isArray(answer) ? answer : isRecord(answer) ? (answer.ai_blocks ?? answer.blocks) : []);
  const known = AI_BLOCKS.filter((b) => b.screen === screen).map((b) => b.key as string);
  const byKey = new Map(list.map((b) => [b.key, b.enabled]));
  return [...known, ...list.map((b) => b.key).filter((k) => !known.includes(k))].map((key) => ({
    key,
    enabled: byKey.get(key) ?? true,
  }));
}

/** Every screen's blocks: `{ screen: [...] }`, `{ ai_blocks: { screen: [...] } }`, or a flat list with screens. */
export function readAllBlocks(answer: unknown): Record<string, AiBlock[]> {
  const source = isRecord(answer) && answer.ai_blocks !== undefined ? answer.ai_blocks : answer;
  const out: Record<string, AiBlock[]> = {};
  if (Array.isArray(source)) {
    for (const b of source) {
      if (!isRecord(b) || typeof b.key !== 'string') continue;
      const named = typeof b.screen_name === 'string' ? b.screen_name : typeof b.screen === 'string' ? b.screen : null;
      const screen = named ?? AI_BLOCKS.find((k) => k.key === b.key)?.screen;
      if (!screen) continue;
      out[screen] = [...(out[screen] ?? []), { key: b.key, enabled: b.enabled !== false }];
    }
  } else if (isRecord(source)) {
    for (const [screen, list] of Object.entries(source)) out[screen] = readBlockList(list);
  }
  return out;
}

/** `{ ai_screen_blocks: {...} }` or the record itself. */
export function readScreenPrompts(answer: unknown): Record<string, ScreenBlock> {
  const source = isRecord(answer) && isRecord(answer.ai_screen_blocks) ? answer.ai_screen_blocks : isRecord(answer) ? answer : {};
  const out: Record<string, ScreenBlock> = {};
  for (const [screen, value] of Object.entries(source)) {
    if (isRecord(value))
      out[screen] = { enabled: value.enabled !== false, prompt: typeof value.prompt === 'string' ? value.prompt : '' };
  }
  return out;
}

export const aiKeys = {
  all: ['cue', 'ai-config'] as const,
  options: (classId: string) => ['cue', 'ai-config', 'options', classId] as const,
  blocks: (classId: string) => ['cue', 'ai-config', 'blocks', classId] as const,
  screen: (classId: string, screen: string) => ['cue', 'ai-config', 'blocks', classId, screen] as const,
  prompts: (classId: string) => ['cue', 'ai-config', 'prompts', classId] as const,
  settings: ['cue', 'ai-config', 'settings'] as const,
};

export function useAiOptions(classId: string | null) {
  return useQuery({
    queryKey: aiKeys.options(classId ?? ''),
    queryFn: async ({ signal }) =>
      readAiOptions(await result<unknown>(ROUTES.classAiOptions, { signal, params: { id: classId ?? '' } })),
    enabled: !!classId,
  });
}

export function useSaveAiOptions(classId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (options: AiOptions) =>
      readAiOptions(
        await result<unknown>(ROUTES.classAiOptionsUpdate, {
          params: { id: classId ?? '' },
          body: { ai_options: { ...options, age_group: options.age_group.trim() || undefined } },
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: aiKeys.options(classId ?? '') }),
  });
}

export function useAllBlocks(classId: string | null) {
  return useQuery({
    queryKey: aiKeys.blocks(classId ?? ''),
    queryFn: async ({ signal }) =>
      readAllBlocks(await result<unknown>(ROUTES.classAiBlocks, { signal, params: { id: classId ?? '' } })),
    enabled: !!classId,
  });
}

export function useScreenBlocks(classId: string | null, screen: AiScreen) {
  return useQuery({
    queryKey: aiKeys.screen(classId ?? '', screen),
    queryFn: async ({ signal }) =>
      readScreenBlocks(
        await result<unknown>(ROUTES.classAiBlocksByScreen, {
          signal,
          params: { id: classId ?? '' },
          body: { screen_name: screen },
        }),
        screen,
      ),
    enabled: !!classId,
  });
}

export function useSaveScreenBlocks(classId: string | null, screen: AiScreen) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (blocks: AiBlock[]) =>
      result<unknown>(ROUTES.classAiBlocksUpdate, {
        params: { id: classId ?? '' },
        body: { screen_name: screen, ai_blocks: blocks },
      }),
    onMutate: (blocks) => client.setQueryData(aiKeys.screen(classId ?? '', screen), blocks),
    onSettled: () => client.invalidateQueries({ queryKey: aiKeys.blocks(classId ?? '') }),
  });
}

export function useScreenPrompts(classId: string | null) {
  return useQuery({
    queryKey: aiKeys.prompts(classId ?? ''),
    queryFn: async ({ signal }) =>
      readScreenPrompts(await result<unknown>(ROUTES.classAiPromptScreens, { signal, params: { id: classId ?? '' } })),
    enabled: !!classId,
  });
}

export function useSaveScreenPrompts(classId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prompts: Record<string, ScreenBlock>) =>
      result<unknown>(ROUTES.classAiPromptScreensUpdate, { params: { id: classId ?? '' }, body: { ai_screen_blocks: prompts } }),
    onSuccess: () => client.invalidateQueries({ queryKey: aiKeys.prompts(classId ?? '') }),
  });
}

export function useAiSettings() {
  return useQuery({
    queryKey: aiKeys.settings,
    queryFn: ({ signal }) => result<AiSettings>(ROUTES.aiSettings, { signal }),
  });
}

export function useSaveAiSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (provider: AiProvider) => result<AiSettings>(ROUTES.aiSettingsUpdate, { body: { ai_provider: provider } }),
    onSuccess: (settings) => client.setQueryData(aiKeys.settings, settings),
  });
}
