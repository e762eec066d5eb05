/** The translation namespace of the attendance, excusal and calendar screens: public/locales/<lng>/attendance.json. */
export const ATT_NS = 'attendance';
