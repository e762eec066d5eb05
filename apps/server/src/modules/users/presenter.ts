import type { Child, EditorDirection, ParentUserDetails, StaffUserDetails } from '@cue/contract';
import { signMedia } from '../../platform/media-urls.js';
import type { ParentRecord, StaffRecord } from './repo.js';

const direction = (value: string): EditorDirection => (value === 'r2l' ? 'r2l' : 'l2r');

export function presentStaff(r: StaffRecord): StaffUserDetails {
  return {
    _id: r.user.id,
    id: r.user.id,
    first_name: r.user.firstName,
    last_name: r.user.lastName,
    email: r.user.email,
    phone: r.user.phone,
    staff_profile_picture: r.user.staffProfilePicture,
    school_details: {
      id: r.school.id,
      _id: r.school.id,
      name: r.school.name,
      editor_direction: direction(r.school.editorDirection),
      admin: r.role.isAdmin,
      super_admin: r.role.isSuperAdmin,
    },
  };
}

export function presentParent(r: ParentRecord): ParentUserDetails {
  const children = new Map<string, Child>();
  for (const row of r.children) {
    let child = children.get(row.student.id);
    if (!child) {
      child = {
        id: row.student.id,
        _id: row.student.id,
        first_name: row.student.firstName,
        last_name: row.student.lastName,
        student_class: [],
        student_profile_picture: signMedia(row.student.profilePicture),
      };
      children.set(row.student.id, child);
    }
    if (row.classId && row.className && row.school) {
      child.student_class.push({
        class_id: row.classId,
        class_name: row.className,
        school_details: { id: row.school.id, name: row.school.name, editor_direction: direction(row.school.editorDirection) },
      });
    }
  }
  const childList = [...children.values()];
  const current =
    r.parent.currentChildId && children.has(r.parent.currentChildId) ? r.parent.currentChildId : (childList[0]?.id ?? null);
  return {
    _id: r.parent.id,
    id: r.parent.id,
    parent_id: r.parent.id,
    first_name: r.user.firstName,
    last_name: r.user.lastName,
    primary_email: r.parent.primaryEmail ?? r.user.email,
    primary_phone: r.parent.primaryPhone ?? r.user.phone,
    parent_profile_picture: signMedia(r.parent.profilePicture),
    current_child: current,
    child_list: childList,
  };
}
