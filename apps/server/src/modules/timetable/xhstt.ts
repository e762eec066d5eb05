import type { OutlineDay } from './instance.js';

/*
 * The timetable in XHSTT, the XML of the high-school timetabling benchmark archive: the outline's
 * periods as times grouped by day, teachers, classes and rooms as resources, each lesson an event (its
 * teacher, class and shared room preassigned, a double period of duration 2), the hard constraints the
 * solver keeps (no clashes, every lesson placed), and the current placement as a solution.
 */

const esc = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
const tag = (name: string, body: string, attrs = '') => `<${name}${attrs}>${body}</${name}>`;
const ref = (name: string, id: string) => `<${name} Reference="${esc(id)}"/>`;
const capital = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

export interface XhsttSources {
  days: readonly OutlineDay[];
  classes: readonly { id: string; name: string }[];
  teachers: readonly { id: string; name: string }[];
  subjects: readonly { id: string; name: string; roomType: string | null }[];
  rooms: readonly { id: string; name: string }[];
  lessons: readonly {
    id: string;
    classId: string;
    subjectId: string;
    teacherId: string;
    length: number;
    day: string | null;
    period: number | null;
    roomId: string | null;
  }[];
}

export function xhsttOf(s: XhsttSources, name = 'Timetable'): string {
  const timeId = (day: string, period: number) => `${day}_${period + 1}`;
  const times = [
    tag('TimeGroups', s.days.map((d) => tag('Day', tag('Name', capital(d.day)), ` Id="${d.day}"`)).join('')),
    ...s.days.flatMap((d) =>
      d.periods.map((p) =>
        tag(
          'Time',
          tag('Name', esc(`${capital(d.day)} ${p.period + 1}`)) + ref('Day', d.day),
          ` Id="${timeId(d.day, p.period)}"`,
        ),
      ),
    ),
  ].join('');
  const resource = (prefix: string, type: string) => (r: { id: string; name: string }) =>
    tag('Resource', tag('Name', esc(r.name)) + ref('ResourceType', type), ` Id="${prefix}${r.id}"`);
  const resources = [
    tag('ResourceTypes', ['Teacher', 'Class', 'Room'].map((t) => tag('ResourceType', tag('Name', t), ` Id="${t}"`)).join('')),
    ...s.teachers.map(resource('T', 'Teacher')),
    ...s.classes.map(resource('C', 'Class')),
    ...s.rooms.map(resource('R', 'Room')),
  ].join('');
  const subjectName = new Map(s.subjects.map((x) => [x.id, x.name]));
  const events = [
    tag('EventGroups', tag('EventGroup', tag('Name', 'All lessons'), ' Id="AllLessons"')),
    ...s.lessons.map((l) =>
      tag(
        'Event',
        tag('Name', esc(subjectName.get(l.subjectId) ?? '')) +
          tag('Duration', String(l.length)) +
          tag(
            'Resources',
            ref('Resource', `T${l.teacherId}`) +
              ref('Resource', `C${l.classId}`) +
              (l.roomId ? ref('Resource', `R${l.roomId}`) : ''),
          ) +
          tag('EventGroups', ref('EventGroup', 'AllLessons')),
        ` Id="E${l.id}"`,
      ),
    ),
  ].join('');
  const everyResource = tag(
    'Resources',
    [...s.teachers.map((t) => `T${t.id}`), ...s.classes.map((c) => `C${c.id}`), ...s.rooms.map((r) => `R${r.id}`)]
      .map((id) => ref('Resource', id))
      .join(''),
  );
  const constraint = (kind: string, id: string, label: string, appliesTo: string) =>
    tag(
      kind,
      tag('Name', label) +
        tag('Required', 'true') +
        tag('Weight', '1') +
        tag('CostFunction', 'Linear') +
        tag('AppliesTo', appliesTo),
      ` Id="${id}"`,
    );
  const constraints = [
    constraint('AssignTimeConstraint', 'AssignTimes', 'Every lesson placed', tag('EventGroups', ref('EventGroup', 'AllLessons'))),
    constraint('AvoidClashesConstraint', 'AvoidClashes', 'No teacher, class or room twice at once', everyResource),
  ].join('');
  const solution = s.lessons
    .filter((l) => l.day !== null && l.period !== null)
    .map((l) =>
      tag('Event', tag('Duration', String(l.length)) + ref('Time', timeId(l.day ?? '', l.period ?? 0)), ` Reference="E${l.id}"`),
    )
    .join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    tag(
      'HighSchoolTimetableArchive',
      tag(
        'Instances',
        tag(
          'Instance',
          tag(
            'MetaData',
            tag('Name', esc(name)) +
              tag('Contributor', 'Cue') +
              tag('Date', '') +
              tag('Country', '') +
              tag('Description', 'Exported weekly timetable'),
          ) +
            tag('Times', times) +
            tag('Resources', resources) +
            tag('Events', events) +
            tag('Constraints', constraints),
          ' Id="School"',
        ),
      ) +
        tag(
          'SolutionGroups',
          tag(
            'SolutionGroup',
            tag('MetaData', tag('Contributor', 'Cue') + tag('Date', '') + tag('Description', 'The current timetable')) +
              tag('Solution', tag('Events', solution), ' Reference="School"'),
            ' Id="Current"',
          ),
        ),
      ' Id="Cue"',
    ),
  ].join('\n');
}
