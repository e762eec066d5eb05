CREATE TABLE "dispersal_alerts" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"kind" varchar(24) NOT NULL,
	"student_id" varchar(24),
	"class_id" varchar(24),
	"adult_name" text,
	"detail" text NOT NULL,
	"via" varchar(6) NOT NULL,
	"kiosk_id" varchar(24),
	"at" timestamp with time zone NOT NULL,
	"closed_by" varchar(24),
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dispersal_events" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	"kind" varchar(3) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"date" date NOT NULL,
	"adult_kind" varchar(10) NOT NULL,
	"adult_name" text NOT NULL,
	"adult_relationship" text,
	"contact_id" varchar(24),
	"parent_id" varchar(24),
	"pickup_id" varchar(24),
	"via" varchar(6) NOT NULL,
	"recorded_by" varchar(24),
	"kiosk_id" varchar(24),
	"health_ok" boolean,
	"health_note" text,
	"late" boolean DEFAULT false NOT NULL,
	"late_minutes" integer,
	"voided_at" timestamp with time zone,
	"voided_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispersal_settings" (
	"school_id" varchar(24) PRIMARY KEY NOT NULL,
	"health_question" text,
	"late_after_minutes" integer DEFAULT 15 NOT NULL,
	"closing_time" varchar(5),
	"late_pickup_grace_minutes" integer DEFAULT 10 NOT NULL,
	"notify_families" boolean DEFAULT true NOT NULL,
	"mark_attendance" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_codes" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"parent_id" varchar(24) NOT NULL,
	"code" varchar(4) NOT NULL,
	"qr_secret" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosk_attempts" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"kiosk_id" varchar(24) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosks" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "one_time_pickups" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"relationship" text,
	"phone" text,
	"date" date NOT NULL,
	"code" varchar(6) NOT NULL,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "library_copies" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"item_id" varchar(24) NOT NULL,
	"barcode" varchar(64) NOT NULL,
	"status" varchar(12) DEFAULT 'available' NOT NULL,
	"location" text,
	"note" text,
	"acquired_on" date,
	"reserved_for" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_imports" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"format" varchar(8) NOT NULL,
	"filename" text NOT NULL,
	"status" varchar(10) DEFAULT 'preview' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"records" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refusals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"created_items" integer DEFAULT 0 NOT NULL,
	"created_copies" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_items" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"kind" varchar(16) DEFAULT 'book' NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"authors" text[] DEFAULT '{}'::text[] NOT NULL,
	"isbn13" varchar(13),
	"publisher" text,
	"published_year" integer,
	"language" varchar(10),
	"age_min" integer,
	"age_max" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_loans" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"copy_id" varchar(24) NOT NULL,
	"item_id" varchar(24) NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"checked_out_at" timestamp with time zone NOT NULL,
	"checked_out_by" varchar(24),
	"due_on" date NOT NULL,
	"returned_at" timestamp with time zone,
	"returned_by" varchar(24),
	"renewals" integer DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"condition" varchar(10),
	"note" text,
	"notice_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "library_reservations" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"item_id" varchar(24) NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"status" varchar(10) DEFAULT 'waiting' NOT NULL,
	"ready_copy_id" varchar(24),
	"ready_at" timestamp with time zone,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_settings" (
	"school_id" varchar(24) PRIMARY KEY NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_loan_days" integer DEFAULT 14 NOT NULL,
	"default_max_loans" integer DEFAULT 2 NOT NULL,
	"default_max_renewals" integer DEFAULT 1 NOT NULL,
	"barcode_prefix" varchar(8) DEFAULT 'LIB' NOT NULL,
	"next_barcode" integer DEFAULT 1 NOT NULL,
	"overdue_notices" boolean DEFAULT true NOT NULL,
	"notice_after_days" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dispersal_alerts" ADD CONSTRAINT "dispersal_alerts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispersal_alerts" ADD CONSTRAINT "dispersal_alerts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispersal_alerts" ADD CONSTRAINT "dispersal_alerts_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispersal_alerts" ADD CONSTRAINT "dispersal_alerts_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispersal_alerts" ADD CONSTRAINT "dispersal_alerts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispersal_events" ADD CONSTRAINT "dispersal_events_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispersal_events" ADD CONSTRAINT "dispersal_events_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispersal_events" ADD CONSTRAINT "dispersal_events_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispersal_events" ADD CONSTRAINT "dispersal_events_contact_id_student_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."student_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispersal_events" ADD CONSTRAINT "dispersal_events_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispersal_events" ADD CONSTRAINT "dispersal_events_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispersal_events" ADD CONSTRAINT "dispersal_events_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispersal_events" ADD CONSTRAINT "dispersal_events_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispersal_settings" ADD CONSTRAINT "dispersal_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_codes" ADD CONSTRAINT "family_codes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_codes" ADD CONSTRAINT "family_codes_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_attempts" ADD CONSTRAINT "kiosk_attempts_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_pickups" ADD CONSTRAINT "one_time_pickups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_pickups" ADD CONSTRAINT "one_time_pickups_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_pickups" ADD CONSTRAINT "one_time_pickups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_copies" ADD CONSTRAINT "library_copies_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_copies" ADD CONSTRAINT "library_copies_item_id_library_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."library_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_copies" ADD CONSTRAINT "library_copies_reserved_for_students_id_fk" FOREIGN KEY ("reserved_for") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_imports" ADD CONSTRAINT "library_imports_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_imports" ADD CONSTRAINT "library_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_loans" ADD CONSTRAINT "library_loans_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_loans" ADD CONSTRAINT "library_loans_copy_id_library_copies_id_fk" FOREIGN KEY ("copy_id") REFERENCES "public"."library_copies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_loans" ADD CONSTRAINT "library_loans_item_id_library_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."library_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_loans" ADD CONSTRAINT "library_loans_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_loans" ADD CONSTRAINT "library_loans_checked_out_by_users_id_fk" FOREIGN KEY ("checked_out_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_loans" ADD CONSTRAINT "library_loans_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_reservations" ADD CONSTRAINT "library_reservations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_reservations" ADD CONSTRAINT "library_reservations_item_id_library_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."library_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_reservations" ADD CONSTRAINT "library_reservations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_reservations" ADD CONSTRAINT "library_reservations_ready_copy_id_library_copies_id_fk" FOREIGN KEY ("ready_copy_id") REFERENCES "public"."library_copies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_reservations" ADD CONSTRAINT "library_reservations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_settings" ADD CONSTRAINT "library_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispersal_alerts_school_idx" ON "dispersal_alerts" USING btree ("school_id","closed_at","at");--> statement-breakpoint
CREATE INDEX "dispersal_events_school_date_idx" ON "dispersal_events" USING btree ("school_id","date");--> statement-breakpoint
CREATE INDEX "dispersal_events_student_idx" ON "dispersal_events" USING btree ("student_id","at");--> statement-breakpoint
CREATE INDEX "dispersal_events_class_date_idx" ON "dispersal_events" USING btree ("class_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "family_codes_school_parent_idx" ON "family_codes" USING btree ("school_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "family_codes_school_code_idx" ON "family_codes" USING btree ("school_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "family_codes_qr_idx" ON "family_codes" USING btree ("qr_secret");--> statement-breakpoint
CREATE INDEX "kiosk_attempts_kiosk_idx" ON "kiosk_attempts" USING btree ("kiosk_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosks_token_idx" ON "kiosks" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "kiosks_school_idx" ON "kiosks" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "one_time_pickups_student_idx" ON "one_time_pickups" USING btree ("student_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_pickups_school_date_code_idx" ON "one_time_pickups" USING btree ("school_id","date","code");--> statement-breakpoint
CREATE UNIQUE INDEX "library_copies_school_barcode_idx" ON "library_copies" USING btree ("school_id","barcode");--> statement-breakpoint
CREATE INDEX "library_copies_item_idx" ON "library_copies" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "library_imports_school_idx" ON "library_imports" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "library_items_school_title_idx" ON "library_items" USING btree ("school_id","title");--> statement-breakpoint
CREATE UNIQUE INDEX "library_items_school_isbn_idx" ON "library_items" USING btree ("school_id","isbn13");--> statement-breakpoint
CREATE INDEX "library_loans_school_status_due_idx" ON "library_loans" USING btree ("school_id","status","due_on");--> statement-breakpoint
CREATE INDEX "library_loans_student_idx" ON "library_loans" USING btree ("student_id","status");--> statement-breakpoint
CREATE INDEX "library_loans_copy_idx" ON "library_loans" USING btree ("copy_id","checked_out_at");--> statement-breakpoint
CREATE UNIQUE INDEX "library_loans_open_copy_idx" ON "library_loans" USING btree ("copy_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "library_reservations_item_idx" ON "library_reservations" USING btree ("item_id","status","created_at");