import type { BaseMessage } from '@langchain/core/messages';

/** The messages of the current turn: after the teacher's last message. */
export const thisTurn = (messages: BaseMessage[]): BaseMessage[] => {
  let at = messages.length - 1;
  while (at >= 0 && messages[at]?._getType() !== 'human') at--;
  return messages.slice(at + 1);
};
