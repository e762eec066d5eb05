CREATE TABLE "timetable_lessons" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"mapping_id" varchar(24) NOT NULL,
	"length" integer DEFAULT 1 NOT NULL,
	"day" varchar(10),
	"period" integer,
	"room_id" varchar(24),
	"locked" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timetable_mappings" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	"subject_id" varchar(24) NOT NULL,
	"teacher_id" varchar(24) NOT NULL,
	"lessons_per_week" integer NOT NULL,
	"double_periods" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timetable_runs" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"mode" varchar(8) NOT NULL,
	"status" varchar(12) NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"seconds" integer NOT NULL,
	"hard" integer,
	"soft" integer,
	"elapsed_ms" integer DEFAULT 0 NOT NULL,
	"first_feasible_ms" integer,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stop_requested" boolean DEFAULT false NOT NULL,
	"started_by" varchar(24),
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "timetable_settings" (
	"school_id" varchar(24) PRIMARY KEY NOT NULL,
	"schedule_id" varchar(24),
	"afternoon_from" integer DEFAULT 720 NOT NULL,
	"share_with_families" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timetable_subjects" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"room_type" text,
	"morning" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timetable_teachers" (
	"school_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"subject_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_per_day" integer,
	"unavailable" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preferred_free" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_teachers_school_id_user_id_pk" PRIMARY KEY("school_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "timetable_lessons" ADD CONSTRAINT "timetable_lessons_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_lessons" ADD CONSTRAINT "timetable_lessons_mapping_id_timetable_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."timetable_mappings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_lessons" ADD CONSTRAINT "timetable_lessons_room_id_school_resources_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."school_resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_mappings" ADD CONSTRAINT "timetable_mappings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_mappings" ADD CONSTRAINT "timetable_mappings_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_mappings" ADD CONSTRAINT "timetable_mappings_subject_id_timetable_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."timetable_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_mappings" ADD CONSTRAINT "timetable_mappings_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_runs" ADD CONSTRAINT "timetable_runs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_runs" ADD CONSTRAINT "timetable_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_settings" ADD CONSTRAINT "timetable_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_settings" ADD CONSTRAINT "timetable_settings_schedule_id_day_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."day_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_subjects" ADD CONSTRAINT "timetable_subjects_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_teachers" ADD CONSTRAINT "timetable_teachers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_teachers" ADD CONSTRAINT "timetable_teachers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timetable_lessons_school_idx" ON "timetable_lessons" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "timetable_lessons_mapping_idx" ON "timetable_lessons" USING btree ("mapping_id");--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_mappings_class_subject_idx" ON "timetable_mappings" USING btree ("class_id","subject_id");--> statement-breakpoint
CREATE INDEX "timetable_mappings_school_idx" ON "timetable_mappings" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "timetable_runs_school_idx" ON "timetable_runs" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "timetable_subjects_school_idx" ON "timetable_subjects" USING btree ("school_id");