import {
  curricula,
  curriculumAspects,
  curriculumStatements,
  daySchedules,
  learningAreas,
  resourceBookings,
  schoolResources,
} from '../../src/platform/db/schema.js';
import { newId } from '../../src/platform/ids.js';
import { demoId } from '../../src/seed/demo.js';
import type { TestApp } from '../harness.js';

/** An ISO day `days` after the server clock's today (the database's `date`). */
const isoAhead = (t: TestApp, days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

export interface SunriseAcademic {
  curriculum_framework: string;
  /** A statement of the framework (the node routes are called with kind 'statement'). */
  curriculum_node: string;
  curriculum_area: string;
  curriculum_aspect: string;
  day_schedule: string;
  school_resource: string;
  resource_booking: string;
}

/**
 * The academic setup's objects of Sunrise, written straight into their tables (so that a suite checking
 * that another school cannot reach them does not depend on the routes it attacks): Sunrise's own
 * framework with an area, an aspect and a statement, the school's day schedule, the hall and Anita's
 * booking of it for Nursery A a week on. Every name holds "Sunrise" so that a leak shows in a body.
 */
export async function sunriseAcademic(t: TestApp): Promise<SunriseAcademic> {
  const db = t.database.db;
  const school = demoId('school:sunrise');
  const ids = {
    curriculum_framework: newId(),
    curriculum_area: newId(),
    curriculum_aspect: newId(),
    curriculum_node: newId(),
    day_schedule: newId(),
    school_resource: newId(),
    resource_booking: newId(),
  };
  await db.insert(curricula).values({
    id: ids.curriculum_framework,
    schoolId: school,
    name: 'Sunrise phonics',
    code: 'SUNPH',
    description: 'Sunrise Early Years’ own sounds framework',
    updatedAt: t.clock.now(),
  });
  await db.insert(learningAreas).values({
    id: ids.curriculum_area,
    curriculumId: ids.curriculum_framework,
    schoolId: school,
    code: 'SUN-L',
    name: 'Sunrise listening',
    group: 'Sunrise prime',
    position: 0,
  });
  await db.insert(curriculumAspects).values({
    id: ids.curriculum_aspect,
    curriculumId: ids.curriculum_framework,
    areaId: ids.curriculum_area,
    schoolId: school,
    code: 'SUN-L1',
    name: 'Sunrise sounds around us',
  });
  await db.insert(curriculumStatements).values({
    id: ids.curriculum_node,
    curriculumId: ids.curriculum_framework,
    aspectId: ids.curriculum_aspect,
    schoolId: school,
    code: 'SUN-L1.1',
    text: 'Names the Sunrise garden’s sounds',
    ageFromMonths: 36,
    ageToMonths: 60,
  });
  await db.insert(daySchedules).values({
    id: ids.day_schedule,
    schoolId: school,
    name: 'Sunrise day',
    target: 'school',
    cycle: 'weekly',
    days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({
      day,
      slots: [
        { kind: 'session' as const, name: 'Sunrise morning', start: '09:00', end: '12:00' },
        { kind: 'break' as const, name: 'Lunch', start: '12:00', end: '12:45' },
        { kind: 'session' as const, name: 'Afternoon', start: '12:45', end: '15:00' },
      ],
    })),
    createdBy: demoId('user:9000000002'),
  });
  await db.insert(schoolResources).values({
    id: ids.school_resource,
    schoolId: school,
    name: 'Sunrise hall',
    kind: 'room',
    roomType: 'Hall',
    capacity: 60,
    quantity: 1,
    location: 'Ground floor',
  });
  await db.insert(resourceBookings).values({
    id: ids.resource_booking,
    schoolId: school,
    resourceId: ids.school_resource,
    date: isoAhead(t, 7),
    startMinute: 10 * 60,
    endMinute: 11 * 60,
    quantity: 1,
    classId: demoId('class:nurseryA'),
    purpose: 'Sunrise assembly',
    bookedBy: demoId('user:9000000002'),
  });
  return ids;
}
