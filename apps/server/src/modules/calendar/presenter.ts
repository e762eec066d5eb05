import { ddmmyyyyFromIso } from '@cue/contract';
import type { EventRow } from './repo.js';

/** An event as the calendar lists it; `can_edit` is what the caller may do with it. */
export const presentEvent = (e: EventRow, className: string | null, canEdit: boolean) => ({
  id: e.id,
  title: e.title,
  description: e.description,
  start_date: ddmmyyyyFromIso(e.startDate),
  end_date: ddmmyyyyFromIso(e.endDate),
  class_id: e.classId,
  class_name: className,
  is_holiday: e.isHoliday,
  created_by: e.createdBy,
  can_edit: canEdit,
});
