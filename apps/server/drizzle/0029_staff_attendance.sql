CREATE TABLE "leave_cover" (
	"school_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	"date" date NOT NULL,
	"absent_id" varchar(24) NOT NULL,
	"substitute_id" varchar(24) NOT NULL,
	"assigned_by" varchar(24) NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_cover_school_id_class_id_date_absent_id_pk" PRIMARY KEY("school_id","class_id","date","absent_id")
);
--> statement-breakpoint
CREATE TABLE "staff_attendance" (
	"school_id" varchar(24) NOT NULL,
	"staff_id" varchar(24) NOT NULL,
	"date" date NOT NULL,
	"check_in" timestamp with time zone,
	"check_out" timestamp with time zone,
	"in_via" varchar(5),
	"out_via" varchar(5),
	"late_minutes" integer,
	"note" text DEFAULT '' NOT NULL,
	"updated_by" varchar(24),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_attendance_school_id_staff_id_date_pk" PRIMARY KEY("school_id","staff_id","date")
);
--> statement-breakpoint
CREATE TABLE "staff_attendance_settings" (
	"school_id" varchar(24) PRIMARY KEY NOT NULL,
	"day_start" varchar(5) DEFAULT '08:30' NOT NULL,
	"day_end" varchar(5) DEFAULT '16:30' NOT NULL,
	"grace_minutes" integer DEFAULT 5 NOT NULL,
	"web_check_in" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_codes" (
	"school_id" varchar(24) NOT NULL,
	"staff_id" varchar(24) NOT NULL,
	"code" varchar(6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_codes_school_id_staff_id_pk" PRIMARY KEY("school_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "staff_schedules" (
	"school_id" varchar(24) NOT NULL,
	"staff_id" varchar(24) NOT NULL,
	"weekday" varchar(9) NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	CONSTRAINT "staff_schedules_school_id_staff_id_weekday_pk" PRIMARY KEY("school_id","staff_id","weekday")
);
--> statement-breakpoint
ALTER TABLE "leave_cover" ADD CONSTRAINT "leave_cover_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_cover" ADD CONSTRAINT "leave_cover_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_cover" ADD CONSTRAINT "leave_cover_absent_id_users_id_fk" FOREIGN KEY ("absent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_cover" ADD CONSTRAINT "leave_cover_substitute_id_users_id_fk" FOREIGN KEY ("substitute_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_cover" ADD CONSTRAINT "leave_cover_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance_settings" ADD CONSTRAINT "staff_attendance_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_codes" ADD CONSTRAINT "staff_codes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_codes" ADD CONSTRAINT "staff_codes_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_schedules" ADD CONSTRAINT "staff_schedules_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_schedules" ADD CONSTRAINT "staff_schedules_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_cover_substitute_idx" ON "leave_cover" USING btree ("school_id","substitute_id","date");--> statement-breakpoint
CREATE INDEX "staff_attendance_day_idx" ON "staff_attendance" USING btree ("school_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_codes_code_idx" ON "staff_codes" USING btree ("school_id","code");