import { sql } from 'drizzle-orm';
import { memberships, users } from './schema.js';

/** A member of staff's name as their school records it (its membership's names, else the person's own). */
export const memberName = sql<string>`trim(coalesce(${memberships.firstName}, ${users.firstName}) || ' ' || coalesce(${memberships.lastName}, ${users.lastName}))`;
