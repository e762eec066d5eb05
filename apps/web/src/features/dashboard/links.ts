import { setCurrentClassId } from '../shell/currentClass';
import { toStaffSide } from '../shell/sides';

/** A dashboard link to a class's page: the class becomes the current one, and a dual-role person works as staff. */
export const openClass = (classId: string) => () => {
  toStaffSide();
  setCurrentClassId(classId);
};

export const ATTENDANCE_PATH = '/housekeeping/attendance';
export const EXCUSALS_PATH = '/housekeeping/attendance?tab=excusals';
export const OBSERVATIONS_PATH = '/assessment/observation';
export const editPath = (type: 'announcement' | 'homework', id: string) => `/communication/${type}s/edit/${id}`;
