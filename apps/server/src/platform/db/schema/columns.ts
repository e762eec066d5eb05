import { timestamp, varchar } from 'drizzle-orm/pg-core';

/** Ids are 24-character strings (platform/ids.ts). */
export const id = (name = 'id') => varchar(name, { length: 24 });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
