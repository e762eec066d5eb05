CREATE TABLE "admission_applications" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"reference" varchar(24) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"stage" varchar(16) NOT NULL,
	"source" varchar(16) NOT NULL,
	"child_first_name" text NOT NULL,
	"child_last_name" text DEFAULT '' NOT NULL,
	"child_date_of_birth" date,
	"parent_first_name" text NOT NULL,
	"parent_last_name" text DEFAULT '' NOT NULL,
	"parent_email" text,
	"parent_phone" varchar(10),
	"desired_class_id" varchar(24),
	"desired_start" date,
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"form_snapshot" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visit_at" timestamp with time zone,
	"student_id" varchar(24),
	"enrolled_at" timestamp with time zone,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_documents" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"application_id" varchar(24),
	"field_key" varchar(40),
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"added_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_forms" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"title" jsonb NOT NULL,
	"intro" jsonb NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"sections" jsonb NOT NULL,
	"updated_by" varchar(24),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_notes" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"application_id" varchar(24) NOT NULL,
	"body" text NOT NULL,
	"author_id" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_stage_changes" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"application_id" varchar(24) NOT NULL,
	"from_stage" varchar(16),
	"to_stage" varchar(16) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"email_sent" boolean DEFAULT false NOT NULL,
	"by_user_id" varchar(24),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"account_id" varchar(24) NOT NULL,
	"invoice_id" varchar(24),
	"number" varchar(32) NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"currency" varchar(3) NOT NULL,
	"reason" text NOT NULL,
	"discount_id" varchar(24),
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_account_students" (
	"account_id" varchar(24) NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"school_id" varchar(24) NOT NULL,
	CONSTRAINT "fee_account_students_account_id_student_id_pk" PRIMARY KEY("account_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "fee_accounts" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_allocations" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"invoice_id" varchar(24) NOT NULL,
	"payment_id" varchar(24),
	"credit_note_id" varchar(24),
	"amount" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_discounts" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"kind" varchar(16) NOT NULL,
	"mode" varchar(8) NOT NULL,
	"value" bigint NOT NULL,
	"item_kinds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"stackable" boolean DEFAULT true NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"days_before_due" integer,
	"student_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_items" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"structure_id" varchar(24) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"optional" boolean DEFAULT false NOT NULL,
	"student_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fee_sequences" (
	"school_id" varchar(24) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"year" integer NOT NULL,
	"next" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fee_sequences_school_id_kind_year_pk" PRIMARY KEY("school_id","kind","year")
);
--> statement-breakpoint
CREATE TABLE "fee_settings" (
	"school_id" varchar(24) PRIMARY KEY NOT NULL,
	"currency" varchar(3) DEFAULT 'INR' NOT NULL,
	"invoice_prefix" varchar(12) DEFAULT 'INV' NOT NULL,
	"receipt_prefix" varchar(12) DEFAULT 'RCT' NOT NULL,
	"credit_note_prefix" varchar(12) DEFAULT 'CN' NOT NULL,
	"reminder_days_before" integer DEFAULT 3 NOT NULL,
	"reminder_days_after" integer DEFAULT 7 NOT NULL,
	"online_provider" varchar(40),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_structures" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"billing_cycle" varchar(8) NOT NULL,
	"due_day" integer DEFAULT 5 NOT NULL,
	"class_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"age_from_months" integer,
	"age_to_months" integer,
	"terms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"invoice_id" varchar(24) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"description" text NOT NULL,
	"fee_item_id" varchar(24),
	"discount_id" varchar(24),
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_amount" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" varchar(24) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_kind_pk" PRIMARY KEY("invoice_id","kind")
);
--> statement-breakpoint
CREATE TABLE "invoice_runs" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"billing_cycle" varchar(8) NOT NULL,
	"period_label" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" varchar(10) DEFAULT 'preview' NOT NULL,
	"class_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"issue_date" date,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"account_id" varchar(24) NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"class_id" varchar(24),
	"run_id" varchar(24),
	"structure_id" varchar(24),
	"number" varchar(32),
	"revision" integer DEFAULT 1 NOT NULL,
	"replaces_id" varchar(24),
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"billing_cycle" varchar(8) NOT NULL,
	"period_label" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"issue_date" date,
	"due_date" date NOT NULL,
	"currency" varchar(3) NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"discount_total" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"issued_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_application_files" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"opening_id" varchar(24) NOT NULL,
	"application_id" varchar(24),
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_application_notes" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"application_id" varchar(24) NOT NULL,
	"body" text NOT NULL,
	"author_id" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"opening_id" varchar(24) NOT NULL,
	"reference" varchar(24) NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"phone" varchar(10),
	"cover_letter" text DEFAULT '' NOT NULL,
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"stage" varchar(16) DEFAULT 'screening' NOT NULL,
	"staff_user_id" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_interviewers" (
	"interview_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	CONSTRAINT "job_interviewers_interview_id_user_id_pk" PRIMARY KEY("interview_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "job_interviews" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"application_id" varchar(24) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_openings" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"employment_type" varchar(16) DEFAULT 'full_time' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"role_id" varchar(24),
	"class_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"closes_on" date,
	"status" varchar(8) DEFAULT 'draft' NOT NULL,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_stage_changes" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"application_id" varchar(24) NOT NULL,
	"from_stage" varchar(16),
	"to_stage" varchar(16) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"email_sent" boolean DEFAULT false NOT NULL,
	"by_user_id" varchar(24),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"account_id" varchar(24) NOT NULL,
	"number" varchar(32) NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"currency" varchar(3) NOT NULL,
	"method" varchar(16) NOT NULL,
	"received_on" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"void_reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admission_applications" ADD CONSTRAINT "admission_applications_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_applications" ADD CONSTRAINT "admission_applications_desired_class_id_classes_id_fk" FOREIGN KEY ("desired_class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_applications" ADD CONSTRAINT "admission_applications_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_applications" ADD CONSTRAINT "admission_applications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_documents" ADD CONSTRAINT "admission_documents_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_documents" ADD CONSTRAINT "admission_documents_application_id_admission_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."admission_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_documents" ADD CONSTRAINT "admission_documents_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_forms" ADD CONSTRAINT "admission_forms_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_forms" ADD CONSTRAINT "admission_forms_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_notes" ADD CONSTRAINT "admission_notes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_notes" ADD CONSTRAINT "admission_notes_application_id_admission_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."admission_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_notes" ADD CONSTRAINT "admission_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_stage_changes" ADD CONSTRAINT "admission_stage_changes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_stage_changes" ADD CONSTRAINT "admission_stage_changes_application_id_admission_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."admission_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_stage_changes" ADD CONSTRAINT "admission_stage_changes_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_account_id_fee_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fee_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_account_students" ADD CONSTRAINT "fee_account_students_account_id_fee_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fee_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_account_students" ADD CONSTRAINT "fee_account_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_account_students" ADD CONSTRAINT "fee_account_students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_accounts" ADD CONSTRAINT "fee_accounts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD CONSTRAINT "fee_allocations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD CONSTRAINT "fee_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD CONSTRAINT "fee_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD CONSTRAINT "fee_allocations_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_discounts" ADD CONSTRAINT "fee_discounts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_items" ADD CONSTRAINT "fee_items_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_items" ADD CONSTRAINT "fee_items_structure_id_fee_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."fee_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_sequences" ADD CONSTRAINT "fee_sequences_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_settings" ADD CONSTRAINT "fee_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD CONSTRAINT "fee_structures_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_runs" ADD CONSTRAINT "invoice_runs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_runs" ADD CONSTRAINT "invoice_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_fee_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fee_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_run_id_invoice_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."invoice_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_structure_id_fee_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."fee_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application_files" ADD CONSTRAINT "job_application_files_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application_files" ADD CONSTRAINT "job_application_files_opening_id_job_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."job_openings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application_files" ADD CONSTRAINT "job_application_files_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application_notes" ADD CONSTRAINT "job_application_notes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application_notes" ADD CONSTRAINT "job_application_notes_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application_notes" ADD CONSTRAINT "job_application_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_opening_id_job_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."job_openings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_interviewers" ADD CONSTRAINT "job_interviewers_interview_id_job_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."job_interviews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_interviewers" ADD CONSTRAINT "job_interviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_interviews" ADD CONSTRAINT "job_interviews_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_interviews" ADD CONSTRAINT "job_interviews_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_interviews" ADD CONSTRAINT "job_interviews_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_openings" ADD CONSTRAINT "job_openings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_openings" ADD CONSTRAINT "job_openings_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_openings" ADD CONSTRAINT "job_openings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_stage_changes" ADD CONSTRAINT "job_stage_changes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_stage_changes" ADD CONSTRAINT "job_stage_changes_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_stage_changes" ADD CONSTRAINT "job_stage_changes_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_fee_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fee_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admission_applications_reference_idx" ON "admission_applications" USING btree ("school_id","reference");--> statement-breakpoint
CREATE INDEX "admission_applications_stage_idx" ON "admission_applications" USING btree ("school_id","stage","stage_changed_at");--> statement-breakpoint
CREATE INDEX "admission_applications_created_idx" ON "admission_applications" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "admission_documents_app_idx" ON "admission_documents" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "admission_documents_unclaimed_idx" ON "admission_documents" USING btree ("created_at") WHERE "admission_documents"."application_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "admission_forms_school_kind_idx" ON "admission_forms" USING btree ("school_id","kind");--> statement-breakpoint
CREATE INDEX "admission_notes_app_idx" ON "admission_notes" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "admission_stage_changes_app_idx" ON "admission_stage_changes" USING btree ("application_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_idx" ON "credit_notes" USING btree ("school_id","number");--> statement-breakpoint
CREATE INDEX "credit_notes_account_idx" ON "credit_notes" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_account_students_student_idx" ON "fee_account_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "fee_accounts_school_idx" ON "fee_accounts" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "fee_allocations_invoice_idx" ON "fee_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "fee_allocations_payment_idx" ON "fee_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "fee_allocations_credit_idx" ON "fee_allocations" USING btree ("credit_note_id");--> statement-breakpoint
CREATE INDEX "fee_discounts_school_idx" ON "fee_discounts" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "fee_items_structure_idx" ON "fee_items" USING btree ("structure_id");--> statement-breakpoint
CREATE INDEX "fee_structures_school_idx" ON "fee_structures" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_runs_school_idx" ON "invoice_runs" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_school_status_idx" ON "invoices" USING btree ("school_id","status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_account_idx" ON "invoices" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "invoices_student_idx" ON "invoices" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "invoices_run_idx" ON "invoices" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_live_period_idx" ON "invoices" USING btree ("school_id","student_id","structure_id","period_start") WHERE "invoices"."status" in ('draft', 'issued') and "invoices"."run_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_live_idx" ON "invoices" USING btree ("school_id","number") WHERE "invoices"."status" = 'issued';--> statement-breakpoint
CREATE INDEX "job_application_files_app_idx" ON "job_application_files" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "job_application_notes_app_idx" ON "job_application_notes" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_applications_reference_idx" ON "job_applications" USING btree ("school_id","reference");--> statement-breakpoint
CREATE INDEX "job_applications_opening_idx" ON "job_applications" USING btree ("opening_id","stage");--> statement-breakpoint
CREATE INDEX "job_applications_school_idx" ON "job_applications" USING btree ("school_id","stage_changed_at");--> statement-breakpoint
CREATE INDEX "job_interviewers_user_idx" ON "job_interviewers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "job_interviews_school_idx" ON "job_interviews" USING btree ("school_id","starts_at");--> statement-breakpoint
CREATE INDEX "job_interviews_app_idx" ON "job_interviews" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "job_openings_school_idx" ON "job_openings" USING btree ("school_id","status");--> statement-breakpoint
CREATE INDEX "job_stage_changes_app_idx" ON "job_stage_changes" USING btree ("application_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_number_idx" ON "payments" USING btree ("school_id","number");--> statement-breakpoint
CREATE INDEX "payments_account_idx" ON "payments" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "payments_school_received_idx" ON "payments" USING btree ("school_id","received_on");