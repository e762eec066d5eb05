/** The translation namespace of the parent-teacher chat: public/locales/<lng>/chat.json. */
export const CHAT_NS = 'chat';
