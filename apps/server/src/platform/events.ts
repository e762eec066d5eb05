import { EventEmitter } from 'node:events';
import type { ConversationMessage, DispersalAlertEvent } from '@cue/contract';

/** What services announce after a change is committed; the realtime layer (and later jobs) listen. */
export interface DomainEvents {
  /** `date` is the ISO day. */
  'attendance.updated': { schoolId: string; classId: string; date: string; isSaved: boolean; byUserId: string };
  'excusal.updated': { schoolId: string; classId: string; studentId: string; status: string };
  'calendar.updated': { schoolId: string; classId: string | null };
  'communication.published': { schoolId: string; communicationId: string; type: string; classIds: string[]; title: string };
  /** A story or journal entry was published: `userIds` are the family members it reaches. */
  'story.published': { schoolId: string; storyId: string; kind: string; title: string; classId: string; userIds: string[] };
  /**
   * A chat message was sent, edited or deleted: `message` is the wire shape as a member who did not send
   * it sees it. Staff are notified unless `notifyStaff` is false (a family's message in quiet hours).
   */
  'chat.message': {
    schoolId: string;
    conversationId: string;
    change: 'new' | 'updated';
    message: ConversationMessage;
    staffUserIds: string[];
    familyUserIds: string[];
    notifyStaff: boolean;
  };
  /** A member is typing, or read up to `seq`: told to the other members. */
  'chat.typing': { conversationId: string; userId: string; name: string; userIds: string[] };
  'chat.read': { conversationId: string; userId: string; seq: number; userIds: string[] };
  /** Care was recorded for children (`date` the ISO day): `userIds` are the class's staff and the children's families. */
  'care.updated': { schoolId: string; classId: string; studentIds: string[]; date: string; kind: string; userIds: string[] };
  /** A unit was changed (`changed`: the keys saved): `userIds` are the staff of its classes. */
  'unit.updated': {
    schoolId: string;
    unitId: string;
    version: number;
    changed: string[];
    by: { id: string; name: string };
    userIds: string[];
  };
  /** A class's report cards were shared: `userIds` are the children's family members. */
  'report.shared': { schoolId: string; setId: string; userIds: string[] };
  /** Overdue library notices went out: `userIds` are the family members told, `studentIds` their children. */
  'library.notice': { schoolId: string; userIds: string[]; studentIds: string[] };
  /**
   * A child was checked in or out, or an entry removed (`at` ISO): `userIds` are the child's family
   * members and the class's staff.
   */
  'dispersal.updated': {
    schoolId: string;
    studentId: string;
    classId: string;
    kind: 'in' | 'out';
    at: string;
    adultName: string;
    userIds: string[];
  };
  /** An alert for drop-off's staff: `userIds` are the class's staff and the school's drop-off admins. */
  'dispersal.alert': { schoolId: string; alert: DispersalAlertEvent; userIds: string[] };
  /** Sessions were ended (logout, revocation, removal from a school, account deletion): their sockets close at once. */
  'session.ended': { sessionIds: string[] };
}

export class EventBus {
  private readonly emitter = new EventEmitter();
  /** Told of each event before its listeners (the server logs it with the request that caused it, and counts it). */
  onPublish: ((name: keyof DomainEvents) => void) | undefined;

  publish<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    this.onPublish?.(name);
    this.emitter.emit(name, payload);
  }

  on<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
