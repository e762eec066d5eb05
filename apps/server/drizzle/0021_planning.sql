CREATE TABLE "library_units" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24),
	"school_id" varchar(24),
	"kind" varchar(12) DEFAULT 'unit' NOT NULL,
	"framework" varchar(12) NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"age_range" text DEFAULT '' NOT NULL,
	"weeks" integer DEFAULT 4 NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"area_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plan_activities" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	"date" date NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_id" varchar(24),
	"area_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resource_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planning_resources" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"organization_id" varchar(24) NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" text,
	"file_link" text,
	"file_name" text,
	"author" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"area_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"age_from_months" integer,
	"age_to_months" integer,
	"created_by" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(author, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "unit_areas" (
	"unit_id" varchar(24) NOT NULL,
	"learning_area_id" varchar(24) NOT NULL,
	CONSTRAINT "unit_areas_unit_id_learning_area_id_pk" PRIMARY KEY("unit_id","learning_area_id")
);
--> statement-breakpoint
CREATE TABLE "unit_classes" (
	"unit_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	CONSTRAINT "unit_classes_unit_id_class_id_pk" PRIMARY KEY("unit_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "unit_resources" (
	"unit_id" varchar(24) NOT NULL,
	"resource_id" varchar(24) NOT NULL,
	CONSTRAINT "unit_resources_unit_id_resource_id_pk" PRIMARY KEY("unit_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"kind" varchar(12) DEFAULT 'unit' NOT NULL,
	"framework" varchar(12) NOT NULL,
	"curriculum_id" varchar(24),
	"title" text NOT NULL,
	"status" varchar(12) DEFAULT 'planned' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"field_versions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_library_id" varchar(24),
	"source_version" integer,
	"created_by" varchar(24) NOT NULL,
	"updated_by" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_units" ADD CONSTRAINT "library_units_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_units" ADD CONSTRAINT "library_units_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_units" ADD CONSTRAINT "library_units_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_activities" ADD CONSTRAINT "plan_activities_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_activities" ADD CONSTRAINT "plan_activities_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_activities" ADD CONSTRAINT "plan_activities_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_activities" ADD CONSTRAINT "plan_activities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_resources" ADD CONSTRAINT "planning_resources_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_resources" ADD CONSTRAINT "planning_resources_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_resources" ADD CONSTRAINT "planning_resources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_areas" ADD CONSTRAINT "unit_areas_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_areas" ADD CONSTRAINT "unit_areas_learning_area_id_learning_areas_id_fk" FOREIGN KEY ("learning_area_id") REFERENCES "public"."learning_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_classes" ADD CONSTRAINT "unit_classes_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_classes" ADD CONSTRAINT "unit_classes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_resources" ADD CONSTRAINT "unit_resources_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_resources" ADD CONSTRAINT "unit_resources_resource_id_planning_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."planning_resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_curriculum_id_curricula_id_fk" FOREIGN KEY ("curriculum_id") REFERENCES "public"."curricula"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_source_library_id_library_units_id_fk" FOREIGN KEY ("source_library_id") REFERENCES "public"."library_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_units_org_idx" ON "library_units" USING btree ("organization_id","framework");--> statement-breakpoint
CREATE INDEX "plan_activities_class_date_idx" ON "plan_activities" USING btree ("class_id","date");--> statement-breakpoint
CREATE INDEX "plan_activities_unit_idx" ON "plan_activities" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "planning_resources_org_idx" ON "planning_resources" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "planning_resources_search_idx" ON "planning_resources" USING gin ("search");--> statement-breakpoint
CREATE INDEX "unit_areas_area_idx" ON "unit_areas" USING btree ("learning_area_id");--> statement-breakpoint
CREATE INDEX "unit_classes_class_idx" ON "unit_classes" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "unit_resources_resource_idx" ON "unit_resources" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "units_school_dates_idx" ON "units" USING btree ("school_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "units_source_idx" ON "units" USING btree ("source_library_id");