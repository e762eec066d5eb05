CREATE TABLE "curricula" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_areas" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"curriculum_id" varchar(24) NOT NULL,
	"code" varchar(40) NOT NULL,
	"name" text NOT NULL,
	"group" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "observation_areas" (
	"observation_id" varchar(24) NOT NULL,
	"learning_area_id" varchar(24) NOT NULL,
	CONSTRAINT "observation_areas_observation_id_learning_area_id_pk" PRIMARY KEY("observation_id","learning_area_id")
);
--> statement-breakpoint
CREATE TABLE "observations" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"group_id" varchar(24) NOT NULL,
	"date" date NOT NULL,
	"title" text NOT NULL,
	"general_note" text NOT NULL,
	"type_of_anecdote" varchar(40) DEFAULT 'general' NOT NULL,
	"type" varchar(12) DEFAULT 'daily' NOT NULL,
	"report_title" text,
	"visibility" varchar(8) DEFAULT 'family' NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "curricula" ADD CONSTRAINT "curricula_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_areas" ADD CONSTRAINT "learning_areas_curriculum_id_curricula_id_fk" FOREIGN KEY ("curriculum_id") REFERENCES "public"."curricula"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_areas" ADD CONSTRAINT "observation_areas_observation_id_observations_id_fk" FOREIGN KEY ("observation_id") REFERENCES "public"."observations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_areas" ADD CONSTRAINT "observation_areas_learning_area_id_learning_areas_id_fk" FOREIGN KEY ("learning_area_id") REFERENCES "public"."learning_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learning_areas_curriculum_idx" ON "learning_areas" USING btree ("curriculum_id");--> statement-breakpoint
CREATE INDEX "observation_areas_area_idx" ON "observation_areas" USING btree ("learning_area_id");--> statement-breakpoint
CREATE INDEX "observations_class_date_idx" ON "observations" USING btree ("class_id","date");--> statement-breakpoint
CREATE INDEX "observations_student_date_idx" ON "observations" USING btree ("student_id","date");--> statement-breakpoint
CREATE INDEX "observations_search_idx" ON "observations" USING gin (to_tsvector('simple', "title" || ' ' || "general_note"));