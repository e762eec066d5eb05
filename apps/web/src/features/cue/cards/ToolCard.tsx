import { AnnouncementCard } from './AnnouncementCard';
import { AttendanceCard } from './AttendanceCard';
import type { CardProps } from './CardFrame';
import { CareCard } from './CareCard';
import { MentionedCard } from './MentionedCard';
import { ObservationCard } from './ObservationCard';

/** The card of a drafted tool call; questions over the class's records have none (their answer is text). */
export function ToolCard(props: CardProps) {
  switch (props.call.name) {
    case 'mark_attendance':
      return <AttendanceCard {...props} />;
    case 'create_observation':
      return <ObservationCard {...props} />;
    case 'draft_announcement':
      return <AnnouncementCard {...props} />;
    case 'mentioned_students':
      return <MentionedCard {...props} />;
    case 'log_care':
      return <CareCard {...props} />;
    default:
      return null;
  }
}
