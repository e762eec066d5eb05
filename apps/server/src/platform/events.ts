import { EventEmitter } from 'node:events';

/** What services announce after a change is committed; the realtime layer (and later jobs) listen. */
export interface DomainEvents {
  /** `date` is the ISO day. */
  'attendance.updated': { schoolId: string; classId: string; date: string; isSaved: boolean; byUserId: string };
  'excusal.updated': { schoolId: string; classId: string; studentId: string; status: string };
  'calendar.updated': { schoolId: string; classId: string | null };
  'communication.published': { schoolId: string; communicationId: string; type: string; classIds: string[]; title: string };
  /** A story or journal entry was published: `userIds` are the family members it reaches. */
  'story.published': { schoolId: string; storyId: string; kind: string; title: string; classId: string; userIds: string[] };
  /** Sessions were ended (logout, revocation, removal from a school, account deletion): their sockets close at once. */
  'session.ended': { sessionIds: string[] };
}

export class EventBus {
  private readonly emitter = new EventEmitter();

  publish<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
