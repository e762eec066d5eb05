import { id } from './columns.js';
import { schools } from './school.js';

/** The school a row belongs to: every tenant table's first column after its id. */
export const schoolRef = () =>
  id('school_id')
    .notNull()
    .references(() => schools.id);
