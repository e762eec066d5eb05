import { type AI_BLOCKS, type AiProvider, ROUTES, type ScreenPrompt } from '@cue/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiResult, type ResultOf } from '../../../lib/api';

/** A class's AI configuration (academic setup → ai), with the staff side's token. */

const staff = { side: 'staff' } as const;

export type AiScreen = (typeof AI_BLOCKS)[number]['screen'];

/** The ask options as the form edits them (the age group '' when the class has none). */
export interface AiOptions {
  ask: boolean;
  suggestions: boolean;
  voice: boolean;
  age_group: string;
}
/** A block as the screen lists switch it. */
export interface AiBlock {
  key: string;
  enabled: boolean;
}
export type ScreenBlock = ScreenPrompt;
export type AiSettings = ResultOf<typeof ROUTES.aiSettings>;

const optionsOf = (answer: ResultOf<typeof ROUTES.classAiOptions>): AiOptions => ({
  ...answer.ai_options,
  age_group: answer.ai_options.age_group ?? '',
});
const blocksOf = (answer: { ai_blocks: { key: string; enabled: boolean }[] }): AiBlock[] =>
  answer.ai_blocks.map(({ key, enabled }) => ({ key, enabled }));

/** Every screen's blocks, by screen. */
function byScreen(answer: ResultOf<typeof ROUTES.classAiBlocks>): Record<string, AiBlock[]> {
  const out: Record<string, AiBlock[]> = {};
  for (const b of answer.ai_blocks) out[b.screen_name] = [...(out[b.screen_name] ?? []), { key: b.key, enabled: b.enabled }];
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
      optionsOf(await apiResult(ROUTES.classAiOptions, { ...staff, signal, params: { id: classId ?? '' } })),
    enabled: !!classId,
  });
}

export function useSaveAiOptions(classId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (options: AiOptions) =>
      optionsOf(
        await apiResult(ROUTES.classAiOptionsUpdate, {
          ...staff,
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
      byScreen(await apiResult(ROUTES.classAiBlocks, { ...staff, signal, params: { id: classId ?? '' } })),
    enabled: !!classId,
  });
}

export function useScreenBlocks(classId: string | null, screen: AiScreen) {
  return useQuery({
    queryKey: aiKeys.screen(classId ?? '', screen),
    queryFn: async ({ signal }) =>
      blocksOf(
        await apiResult(ROUTES.classAiBlocksByScreen, {
          ...staff,
          signal,
          params: { id: classId ?? '' },
          body: { screen_name: screen },
        }),
      ),
    enabled: !!classId,
  });
}

export function useSaveScreenBlocks(classId: string | null, screen: AiScreen) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (blocks: AiBlock[]) =>
      apiResult(ROUTES.classAiBlocksUpdate, {
        ...staff,
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
      (await apiResult(ROUTES.classAiPromptScreens, { ...staff, signal, params: { id: classId ?? '' } })).ai_screen_blocks,
    enabled: !!classId,
  });
}

export function useSaveScreenPrompts(classId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prompts: Record<string, ScreenBlock>) =>
      apiResult(ROUTES.classAiPromptScreensUpdate, {
        ...staff,
        params: { id: classId ?? '' },
        body: { ai_screen_blocks: prompts },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: aiKeys.prompts(classId ?? '') }),
  });
}

export function useAiSettings() {
  return useQuery({
    queryKey: aiKeys.settings,
    queryFn: ({ signal }) => apiResult(ROUTES.aiSettings, { ...staff, signal }),
  });
}

export function useSaveAiSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (provider: AiProvider) => apiResult(ROUTES.aiSettingsUpdate, { ...staff, body: { ai_provider: provider } }),
    onSuccess: (settings) => client.setQueryData(aiKeys.settings, settings),
  });
}
