import { signMediaList } from '../../platform/media-urls.js';
import type { BugReportRow } from './repo.js';

/** A bug report as the platform's operators read it: its screenshots through signed links. */
export const presentBugReport = ({ report, user, school }: BugReportRow) => ({
  id: report.id,
  url: report.url,
  summary: report.summary,
  media: signMediaList(report.media),
  reporter: { id: user.id, first_name: user.firstName, last_name: user.lastName, kind: report.kind },
  school: school?.id ? { id: school.id, name: school.name ?? '' } : null,
  user_agent: report.userAgent,
  created_at: report.createdAt.toISOString(),
});
