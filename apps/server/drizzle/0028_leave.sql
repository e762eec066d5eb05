CREATE TABLE "leave_covers" (
	"school_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	"date" date NOT NULL,
	"substitute_id" varchar(24) NOT NULL,
	"assigned_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_covers_class_id_date_pk" PRIMARY KEY("class_id","date")
);
--> statement-breakpoint
CREATE TABLE "leave_decisions" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"request_id" varchar(24) NOT NULL,
	"step" varchar(8) NOT NULL,
	"decision" varchar(10) NOT NULL,
	"by_id" varchar(24) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_documents" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"uploaded_by" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_line_managers" (
	"school_id" varchar(24) NOT NULL,
	"staff_id" varchar(24) NOT NULL,
	"manager_id" varchar(24) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_line_managers_school_id_staff_id_pk" PRIMARY KEY("school_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "leave_request_days" (
	"request_id" varchar(24) NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"staff_id" varchar(24) NOT NULL,
	"date" date NOT NULL,
	"portion" varchar(4) NOT NULL,
	CONSTRAINT "leave_request_days_request_id_date_pk" PRIMARY KEY("request_id","date")
);
--> statement-breakpoint
CREATE TABLE "leave_requests" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"staff_id" varchar(24) NOT NULL,
	"leave_type_id" varchar(24) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_portion" varchar(4) DEFAULT 'full' NOT NULL,
	"end_portion" varchar(4) DEFAULT 'full' NOT NULL,
	"days" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"document_id" varchar(24),
	"status" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_settings" (
	"school_id" varchar(24) PRIMARY KEY NOT NULL,
	"working_days" jsonb DEFAULT '["monday","tuesday","wednesday","thursday","friday"]'::jsonb NOT NULL,
	"year_start_month" integer DEFAULT 1 NOT NULL,
	"children_per_adult" integer DEFAULT 8 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_types" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"code" varchar(6) NOT NULL,
	"color" varchar(7) DEFAULT '#4c6ef5' NOT NULL,
	"yearly_quota" integer NOT NULL,
	"accrual" varchar(8) DEFAULT 'upfront' NOT NULL,
	"carry_over_limit" integer DEFAULT 0 NOT NULL,
	"requires_approval" boolean DEFAULT true NOT NULL,
	"admin_approval" boolean DEFAULT false NOT NULL,
	"half_days" boolean DEFAULT true NOT NULL,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"document_required" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_attendance" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"date" date NOT NULL,
	"check_in_at" timestamp with time zone,
	"check_out_at" timestamp with time zone,
	"check_in_source" varchar(8),
	"check_out_source" varchar(8),
	"note" text DEFAULT '' NOT NULL,
	"corrected_by" varchar(24),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_codes" (
	"school_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_codes_school_id_user_id_pk" PRIMARY KEY("school_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "staff_schedules" (
	"school_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"days" jsonb NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"grace_minutes" integer DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_schedules_school_id_user_id_pk" PRIMARY KEY("school_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "leave_covers" ADD CONSTRAINT "leave_covers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_covers" ADD CONSTRAINT "leave_covers_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_covers" ADD CONSTRAINT "leave_covers_substitute_id_users_id_fk" FOREIGN KEY ("substitute_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_covers" ADD CONSTRAINT "leave_covers_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_decisions" ADD CONSTRAINT "leave_decisions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_decisions" ADD CONSTRAINT "leave_decisions_request_id_leave_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."leave_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_decisions" ADD CONSTRAINT "leave_decisions_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_documents" ADD CONSTRAINT "leave_documents_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_documents" ADD CONSTRAINT "leave_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_line_managers" ADD CONSTRAINT "leave_line_managers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_line_managers" ADD CONSTRAINT "leave_line_managers_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_line_managers" ADD CONSTRAINT "leave_line_managers_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_request_days" ADD CONSTRAINT "leave_request_days_request_id_leave_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."leave_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_request_days" ADD CONSTRAINT "leave_request_days_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_request_days" ADD CONSTRAINT "leave_request_days_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_document_id_leave_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."leave_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_settings" ADD CONSTRAINT "leave_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_types" ADD CONSTRAINT "leave_types_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_codes" ADD CONSTRAINT "staff_codes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_codes" ADD CONSTRAINT "staff_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_schedules" ADD CONSTRAINT "staff_schedules_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_schedules" ADD CONSTRAINT "staff_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_covers_day_idx" ON "leave_covers" USING btree ("school_id","date");--> statement-breakpoint
CREATE INDEX "leave_covers_substitute_idx" ON "leave_covers" USING btree ("school_id","substitute_id","date");--> statement-breakpoint
CREATE INDEX "leave_decisions_request_idx" ON "leave_decisions" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "leave_documents_uploader_idx" ON "leave_documents" USING btree ("school_id","uploaded_by");--> statement-breakpoint
CREATE INDEX "leave_line_managers_manager_idx" ON "leave_line_managers" USING btree ("school_id","manager_id");--> statement-breakpoint
CREATE INDEX "leave_request_days_day_idx" ON "leave_request_days" USING btree ("school_id","date");--> statement-breakpoint
CREATE INDEX "leave_request_days_staff_idx" ON "leave_request_days" USING btree ("school_id","staff_id","date");--> statement-breakpoint
CREATE INDEX "leave_requests_staff_idx" ON "leave_requests" USING btree ("school_id","staff_id","start_date");--> statement-breakpoint
CREATE INDEX "leave_requests_status_idx" ON "leave_requests" USING btree ("school_id","status","start_date");--> statement-breakpoint
CREATE INDEX "leave_types_school_idx" ON "leave_types" USING btree ("school_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_attendance_day_idx" ON "staff_attendance" USING btree ("school_id","user_id","date");--> statement-breakpoint
CREATE INDEX "staff_attendance_date_idx" ON "staff_attendance" USING btree ("school_id","date") WHERE "staff_attendance"."check_in_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_codes_hash_idx" ON "staff_codes" USING btree ("school_id","code_hash");