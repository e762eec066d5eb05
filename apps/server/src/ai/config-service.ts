import {
  AI_BLOCKS,
  AI_SCREENS,
  type aiOptionsRequestSchema,
  type aiScreenBlocksRequestSchema,
  type updateAiBlocksRequestSchema,
} from '@cue/contract';
import type { z } from 'zod';
import { requireAccess, type Scope, staffSchool } from '../platform/auth/scope.js';
import type { Clock } from '../platform/clock.js';
import type { Db } from '../platform/db/client.js';
import { badRequest } from '../platform/errors.js';
import * as repo from './repo.js';

type Screen = (typeof AI_SCREENS)[number];

const DEFAULT_OPTIONS = { ask: true, suggestions: true, voice: true };

/** A class's AI configuration (academic setup → ai): ask options, blocks per screen, screen prompts. */
export class AiConfigService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private async settings(auth: Scope, classId: string): Promise<repo.ClassAiSettingsRow> {
    // The class must be the caller's to see (another school's does not exist).
    staffSchool(auth);
    await requireAccess(auth, 'class', [classId]);
    const row = await repo.classSettings(auth, this.db, classId);
    return row ?? { classId, aiOptions: {}, aiBlocks: {}, screenBlocks: {}, updatedAt: this.clock.now() };
  }

  private async write(auth: Scope, classId: string, patch: Partial<Omit<repo.ClassAiSettingsRow, 'classId' | 'updatedAt'>>) {
    await repo.writeClassSettings(auth, this.db, classId, patch, this.clock.now());
  }

  private blocksOf(stored: Record<string, { key: string; enabled: boolean }[]>, screen?: Screen) {
    return AI_BLOCKS.filter((b) => !screen || b.screen === screen).map((b) => ({
      key: b.key,
      screen_name: b.screen,
      title: b.title,
      enabled: stored[b.screen]?.find((s) => s.key === b.key)?.enabled ?? true,
    }));
  }

  async allBlocks(auth: Scope, classId: string) {
    const s = await this.settings(auth, classId);
    return { class_id: classId, ai_blocks: this.blocksOf(s.aiBlocks) };
  }

  async blocksByScreen(auth: Scope, classId: string, screen: Screen) {
    const s = await this.settings(auth, classId);
    return { class_id: classId, screen_name: screen, ai_blocks: this.blocksOf(s.aiBlocks, screen) };
  }

  async updateBlocks(auth: Scope, classId: string, body: z.infer<typeof updateAiBlocksRequestSchema>) {
    const s = await this.settings(auth, classId);
    const known = new Set<string>(AI_BLOCKS.filter((b) => b.screen === body.screen_name).map((b) => b.key));
    const unknown = body.ai_blocks.find((b) => !known.has(b.key));
    if (unknown) throw badRequest(`${unknown.key} is not a block of ${body.screen_name}`, undefined, 'ai_blocks');
    await this.write(auth, classId, { aiBlocks: { ...s.aiBlocks, [body.screen_name]: body.ai_blocks } });
    return this.blocksByScreen(auth, classId, body.screen_name);
  }

  async options(auth: Scope, classId: string) {
    const s = await this.settings(auth, classId);
    return { class_id: classId, ai_options: { ...DEFAULT_OPTIONS, ...s.aiOptions } };
  }

  async updateOptions(auth: Scope, classId: string, body: z.infer<typeof aiOptionsRequestSchema>) {
    await this.settings(auth, classId);
    await this.write(auth, classId, { aiOptions: body.ai_options });
    return this.options(auth, classId);
  }

  async screens(auth: Scope, classId: string) {
    const s = await this.settings(auth, classId);
    return {
      class_id: classId,
      ai_screen_blocks: Object.fromEntries(
        AI_SCREENS.map((screen) => [screen, { enabled: true, prompt: '', ...s.screenBlocks[screen] }]),
      ),
    };
  }

  async updateScreens(auth: Scope, classId: string, body: z.infer<typeof aiScreenBlocksRequestSchema>) {
    const s = await this.settings(auth, classId);
    await this.write(auth, classId, { screenBlocks: { ...s.screenBlocks, ...body.ai_screen_blocks } });
    return this.screens(auth, classId);
  }
}
