CREATE TABLE "consent_types" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"key" varchar(40) NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_views" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_change_requests" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"proposed_by" varchar(24) NOT NULL,
	"changes" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"decided_by" varchar(24),
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_consents" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"key" varchar(40) NOT NULL,
	"granted" boolean NOT NULL,
	"given_by" varchar(24) NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "student_consents_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "student_contacts" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"name" text NOT NULL,
	"relationship" text DEFAULT '' NOT NULL,
	"phone" varchar(20),
	"priority" integer DEFAULT 0 NOT NULL,
	"photo" text,
	"reason" text,
	"recorded_by" varchar(24) NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_health_items" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"name" text NOT NULL,
	"severity" varchar(10),
	"reaction" text DEFAULT '' NOT NULL,
	"action_plan" text DEFAULT '' NOT NULL,
	"epipen" boolean DEFAULT false NOT NULL,
	"recorded_by" varchar(24) NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_profiles" (
	"student_id" varchar(24) PRIMARY KEY NOT NULL,
	"date_of_birth" date,
	"gender" varchar(16),
	"preferred_name" text,
	"home_languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"address" text,
	"start_date" date,
	"leaving_date" date,
	"key_person_id" varchar(24),
	"notes" text,
	"dietary" jsonb,
	"doctor" jsonb,
	"immunisation" varchar(16),
	"sen" jsonb,
	"updated_by" varchar(24),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_types" ADD CONSTRAINT "consent_types_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_views" ADD CONSTRAINT "medical_views_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_views" ADD CONSTRAINT "medical_views_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_views" ADD CONSTRAINT "medical_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_change_requests" ADD CONSTRAINT "record_change_requests_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_change_requests" ADD CONSTRAINT "record_change_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_change_requests" ADD CONSTRAINT "record_change_requests_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_change_requests" ADD CONSTRAINT "record_change_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_consents" ADD CONSTRAINT "student_consents_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_consents" ADD CONSTRAINT "student_consents_given_by_users_id_fk" FOREIGN KEY ("given_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_contacts" ADD CONSTRAINT "student_contacts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_contacts" ADD CONSTRAINT "student_contacts_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_health_items" ADD CONSTRAINT "student_health_items_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_health_items" ADD CONSTRAINT "student_health_items_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_profiles_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_profiles_key_person_id_users_id_fk" FOREIGN KEY ("key_person_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_types_school_key_idx" ON "consent_types" USING btree ("school_id","key");--> statement-breakpoint
CREATE INDEX "medical_views_student_idx" ON "medical_views" USING btree ("student_id","viewed_at");--> statement-breakpoint
CREATE INDEX "record_change_requests_school_idx" ON "record_change_requests" USING btree ("school_id","status");--> statement-breakpoint
CREATE INDEX "student_consents_student_idx" ON "student_consents" USING btree ("student_id","key","seq");--> statement-breakpoint
CREATE INDEX "student_contacts_student_idx" ON "student_contacts" USING btree ("student_id","kind","priority");--> statement-breakpoint
CREATE INDEX "student_health_items_student_idx" ON "student_health_items" USING btree ("student_id");