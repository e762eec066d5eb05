import { z } from 'zod';
import { abilitiesSchema, cursorSchema, idSchema, optionalEmailSchema, optionalPhoneSchema, requiredText } from '../common.js';

// Staff
export const staffMemberSchema = z.object({
  id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  role: z.object({ id: idSchema, name: z.string() }),
  classes: z.array(z.object({ id: idSchema, class_name: z.string() })),
  staff_profile_picture: z.string().nullable(),
  /**
   * active: a member of the school; invited: a person who already has an account was invited and has
   * not accepted yet (the id is then the invitation's, and the fields are what the school typed).
   */
  status: z.enum(['active', 'invited']),
  /** Whether the caller may change this person or take them off the staff (nobody acts on someone who holds more). */
  abilities: abilitiesSchema('can_edit', 'can_remove', 'can_resend'),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
/** An invitation to sign in that was sent (queued to the SMS or email provider) to a phone or an address. */
export const invitationSentSchema = z.object({ channel: z.enum(['sms', 'email']), to: z.string() });
export type InvitationSent = z.infer<typeof invitationSentSchema>;
/** A person just added (or a parent just linked), with the invitations sent to them. */
export const invitedStaffMemberSchema = staffMemberSchema.extend({ invitations_sent: z.array(invitationSentSchema) });
export const staffRequestSchema = z
  .object({
    first_name: requiredText(60),
    last_name: z.string().trim().max(60).default(''),
    phone: optionalPhoneSchema,
    email: optionalEmailSchema,
    role_id: idSchema,
    class_ids: z.array(idSchema).default([]),
  })
  .refine((s) => s.phone || s.email, { message: 'Give a phone number or an email to sign in with', path: ['phone'] });
export const staffUpdateRequestSchema = z.object({
  first_name: requiredText(60).optional(),
  last_name: z.string().trim().max(60).optional(),
  role_id: idSchema.optional(),
  class_ids: z.array(idSchema).optional(),
});
/** An invitation to join a school's staff, as the invited person sees it. */
export const staffInvitationSchema = z.object({
  id: idSchema,
  school: z.object({ id: idSchema, name: z.string() }),
  role: z.string(),
  invited_by: z.string(),
  created_at: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

// Students and parents
export const parentRefSchema = z.object({
  id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  primary_phone: z.string().nullable(),
  primary_email: z.string().nullable(),
  relation: z.string(),
});
export const studentSchema = z.object({
  id: idSchema,
  _id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  student_profile_picture: z.string().nullable(),
  student_class: z.array(z.object({ class_id: idSchema, class_name: z.string() })),
  parents: z.array(parentRefSchema),
});
export type Student = z.infer<typeof studentSchema>;
export const invitedStudentSchema = studentSchema.extend({ invitations_sent: z.array(invitationSentSchema) });
export const studentRequestSchema = z.object({
  first_name: requiredText(60),
  last_name: z.string().trim().max(60).default(''),
  class_id: idSchema,
});
export const studentUpdateRequestSchema = z.object({
  first_name: requiredText(60).optional(),
  last_name: z.string().trim().max(60).optional(),
  /** Moves the student to this class (out of the school's other classes). */
  class_id: idSchema.optional(),
});
export const linkParentRequestSchema = z
  .object({
    first_name: requiredText(60),
    last_name: z.string().trim().max(60).default(''),
    phone: optionalPhoneSchema,
    email: optionalEmailSchema,
    relation: z.string().trim().max(30).default('parent'),
  })
  .refine((p) => p.phone || p.email, { message: 'Give a phone number or an email to sign in with', path: ['phone'] });
export const listQuerySchema = z.object({
  class_id: idSchema.optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  cursor: cursorSchema.optional(),
});
