CREATE TABLE "audit_log" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24),
	"actor_id" varchar(24),
	"action" varchar(20) NOT NULL,
	"entity_type" varchar(40) NOT NULL,
	"entity_id" varchar(80) NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_frameworks" (
	"class_id" varchar(24) NOT NULL,
	"curriculum_id" varchar(24) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "class_frameworks_class_id_curriculum_id_pk" PRIMARY KEY("class_id","curriculum_id")
);
--> statement-breakpoint
CREATE TABLE "curriculum_aspects" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"curriculum_id" varchar(24) NOT NULL,
	"area_id" varchar(24) NOT NULL,
	"school_id" varchar(24),
	"code" varchar(40) NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "curriculum_hidden" (
	"school_id" varchar(24) NOT NULL,
	"node_id" varchar(24) NOT NULL,
	"hidden_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "curriculum_hidden_school_id_node_id_pk" PRIMARY KEY("school_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "curriculum_statements" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"curriculum_id" varchar(24) NOT NULL,
	"aspect_id" varchar(24) NOT NULL,
	"school_id" varchar(24),
	"code" varchar(40) NOT NULL,
	"text" text NOT NULL,
	"age_from_months" integer,
	"age_to_months" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"replaced_by" varchar(24),
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "day_schedules" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"target" varchar(10) NOT NULL,
	"division_id" varchar(24),
	"class_id" varchar(24),
	"cycle" varchar(10) DEFAULT 'weekly' NOT NULL,
	"cycle_days" integer,
	"cycle_start" date,
	"days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" varchar(24),
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"school_id" varchar(24) NOT NULL,
	"key" varchar(40) NOT NULL,
	"language" varchar(2) NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" varchar(24),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_school_id_key_language_pk" PRIMARY KEY("school_id","key","language")
);
--> statement-breakpoint
CREATE TABLE "observation_statements" (
	"observation_id" varchar(24) NOT NULL,
	"statement_id" varchar(24) NOT NULL,
	CONSTRAINT "observation_statements_observation_id_statement_id_pk" PRIMARY KEY("observation_id","statement_id")
);
--> statement-breakpoint
CREATE TABLE "resource_bookings" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"resource_id" varchar(24) NOT NULL,
	"date" date NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"class_id" varchar(24),
	"purpose" text DEFAULT '' NOT NULL,
	"booked_by" varchar(24) NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_resources" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"kind" varchar(12) NOT NULL,
	"room_type" text,
	"capacity" integer,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit" text,
	"location" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"bookable" boolean DEFAULT true NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_statements" (
	"story_id" varchar(24) NOT NULL,
	"statement_id" varchar(24) NOT NULL,
	CONSTRAINT "story_statements_story_id_statement_id_pk" PRIMARY KEY("story_id","statement_id")
);
--> statement-breakpoint
CREATE TABLE "unit_statements" (
	"unit_id" varchar(24) NOT NULL,
	"statement_id" varchar(24) NOT NULL,
	CONSTRAINT "unit_statements_unit_id_statement_id_pk" PRIMARY KEY("unit_id","statement_id")
);
--> statement-breakpoint
ALTER TABLE "curricula" ADD COLUMN "code" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "curricula" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "curricula" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "curricula" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learning_areas" ADD COLUMN "school_id" varchar(24);--> statement-breakpoint
ALTER TABLE "learning_areas" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" varchar(2);--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_frameworks" ADD CONSTRAINT "class_frameworks_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_frameworks" ADD CONSTRAINT "class_frameworks_curriculum_id_curricula_id_fk" FOREIGN KEY ("curriculum_id") REFERENCES "public"."curricula"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_aspects" ADD CONSTRAINT "curriculum_aspects_curriculum_id_curricula_id_fk" FOREIGN KEY ("curriculum_id") REFERENCES "public"."curricula"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_aspects" ADD CONSTRAINT "curriculum_aspects_area_id_learning_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."learning_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_aspects" ADD CONSTRAINT "curriculum_aspects_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_hidden" ADD CONSTRAINT "curriculum_hidden_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_statements" ADD CONSTRAINT "curriculum_statements_curriculum_id_curricula_id_fk" FOREIGN KEY ("curriculum_id") REFERENCES "public"."curricula"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_statements" ADD CONSTRAINT "curriculum_statements_aspect_id_curriculum_aspects_id_fk" FOREIGN KEY ("aspect_id") REFERENCES "public"."curriculum_aspects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_statements" ADD CONSTRAINT "curriculum_statements_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_schedules" ADD CONSTRAINT "day_schedules_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_schedules" ADD CONSTRAINT "day_schedules_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_schedules" ADD CONSTRAINT "day_schedules_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_schedules" ADD CONSTRAINT "day_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_statements" ADD CONSTRAINT "observation_statements_observation_id_observations_id_fk" FOREIGN KEY ("observation_id") REFERENCES "public"."observations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_statements" ADD CONSTRAINT "observation_statements_statement_id_curriculum_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."curriculum_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_bookings" ADD CONSTRAINT "resource_bookings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_bookings" ADD CONSTRAINT "resource_bookings_resource_id_school_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."school_resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_bookings" ADD CONSTRAINT "resource_bookings_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_bookings" ADD CONSTRAINT "resource_bookings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_bookings" ADD CONSTRAINT "resource_bookings_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_resources" ADD CONSTRAINT "school_resources_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_statements" ADD CONSTRAINT "story_statements_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_statements" ADD CONSTRAINT "story_statements_statement_id_curriculum_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."curriculum_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_statements" ADD CONSTRAINT "unit_statements_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_statements" ADD CONSTRAINT "unit_statements_statement_id_curriculum_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."curriculum_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_school_at_idx" ON "audit_log" USING btree ("school_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("school_id","entity_type","entity_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "class_frameworks_curriculum_idx" ON "class_frameworks" USING btree ("curriculum_id");--> statement-breakpoint
CREATE INDEX "curriculum_aspects_area_idx" ON "curriculum_aspects" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "curriculum_aspects_curriculum_idx" ON "curriculum_aspects" USING btree ("curriculum_id");--> statement-breakpoint
CREATE INDEX "curriculum_statements_aspect_idx" ON "curriculum_statements" USING btree ("aspect_id");--> statement-breakpoint
CREATE INDEX "curriculum_statements_curriculum_idx" ON "curriculum_statements" USING btree ("curriculum_id");--> statement-breakpoint
CREATE INDEX "day_schedules_school_idx" ON "day_schedules" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "observation_statements_statement_idx" ON "observation_statements" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "resource_bookings_resource_date_idx" ON "resource_bookings" USING btree ("resource_id","date");--> statement-breakpoint
CREATE INDEX "resource_bookings_school_date_idx" ON "resource_bookings" USING btree ("school_id","date");--> statement-breakpoint
CREATE INDEX "school_resources_school_idx" ON "school_resources" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "story_statements_statement_idx" ON "story_statements" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "unit_statements_statement_idx" ON "unit_statements" USING btree ("statement_id");--> statement-breakpoint
ALTER TABLE "learning_areas" ADD CONSTRAINT "learning_areas_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "curricula" SET "code" = 'EYFS' WHERE "id" = '625b572f9aaa8ed6742d1172';--> statement-breakpoint
UPDATE "curricula" SET "code" = 'PYP' WHERE "id" = '53e793cda72746d3fae7f6d3';--> statement-breakpoint
INSERT INTO "class_frameworks" ("class_id", "curriculum_id", "position")
  SELECT c."id", c."class_curriculum_id", 0 FROM "classes" c JOIN "curricula" f ON f."id" = c."class_curriculum_id"
  ON CONFLICT DO NOTHING;
