import type { StaffMember, Student } from '@cue/contract';
import { signMedia } from '../../platform/media-urls.js';
import type { InvitationRow, StaffRow, StudentRow } from './repo.js';

/** A member as this school records them: the school's own name for them where it set one. */
export const presentStaffMember = (r: StaffRow, abilities: StaffMember['abilities']): StaffMember => ({
  id: r.user.id,
  first_name: r.names.firstName ?? r.user.firstName,
  last_name: r.names.lastName ?? r.user.lastName,
  phone: r.user.phone,
  email: r.user.email,
  role: r.role,
  classes: r.classes.map((c) => ({ id: c.id, class_name: c.name })),
  staff_profile_picture: r.user.staffProfilePicture,
  status: 'active',
  abilities,
});

/** An open invitation: only what the school typed, nothing of the invited person's own account. */
export const presentInvitation = (r: InvitationRow): StaffMember => ({
  id: r.invitation.id,
  first_name: r.invitation.firstName,
  last_name: r.invitation.lastName,
  phone: r.invitation.phone,
  email: r.invitation.email,
  role: r.role,
  classes: r.classes.map((c) => ({ id: c.id, class_name: c.name })),
  staff_profile_picture: null,
  status: 'invited',
  // An invitation is not edited, only withdrawn (and given again).
  abilities: { can_edit: false, can_remove: true, can_resend: true },
});

export const presentStudent = (r: StudentRow): Student => ({
  id: r.student.id,
  _id: r.student.id,
  first_name: r.student.firstName,
  last_name: r.student.lastName,
  student_profile_picture: signMedia(r.student.profilePicture),
  student_class: r.classes.map((c) => ({ class_id: c.classId, class_name: c.className })),
  parents: r.parents.map((p) => ({
    id: p.id,
    first_name: p.firstName,
    last_name: p.lastName,
    primary_phone: p.phone,
    primary_email: p.email,
    relation: p.relation,
  })),
});
