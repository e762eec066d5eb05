import type { Scope, ScopeFactory } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events.js';
import type { MediaStore } from '../../platform/storage.js';
import type { SchoolService } from '../school/service.js';

/** Translation of a message into the reader's language, where the school connected a model provider. */
export interface ChatTranslator {
  available(scope: Scope, schoolId: string): Promise<boolean>;
  translate(text: string, language: string): Promise<string>;
}

/** Parent-teacher chat (issue 21). */
export class ChatService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly scopes: ScopeFactory,
    readonly school: SchoolService,
    readonly storage: MediaStore,
    readonly events: EventBus,
    readonly translator: ChatTranslator,
  ) {}

  /** A member is typing: the other members hear it; anyone else is ignored. */
  async typing(_scope: Scope, _conversationId: string): Promise<void> {}
}
