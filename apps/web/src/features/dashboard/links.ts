import { PAGE_PATHS, pagePath } from '@cue/contract';
import { setCurrentClassId } from '../shell/currentClass';
import { toStaffSide } from '../shell/sides';

/** A dashboard link to a class's page: the class becomes the current one, and a dual-role person works as staff. */
export const openClass = (classId: string) => () => {
  toStaffSide();
  setCurrentClassId(classId);
};

// The pages the dashboard links to, as the contract builds their paths.
export const ATTENDANCE_PATH = PAGE_PATHS.attendance;
export const EXCUSALS_PATH = pagePath.attendance({ tab: 'excusals' });
export const OBSERVATIONS_PATH = PAGE_PATHS.observations;
export const editPath = (type: 'announcement' | 'homework', id: string) => pagePath.communicationEdit(type, id);
