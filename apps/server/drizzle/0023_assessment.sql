CREATE TABLE "assessment_periods" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_tasks" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	"period_id" varchar(24) NOT NULL,
	"title" text NOT NULL,
	"subject" text NOT NULL,
	"kind" varchar(12) DEFAULT 'formative' NOT NULL,
	"category_id" varchar(24),
	"scale_id" varchar(24) NOT NULL,
	"learning_area_id" varchar(24),
	"due_date" date NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"created_by" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_forms" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"period_id" varchar(24) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"title" text NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"class_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(8) DEFAULT 'draft' NOT NULL,
	"created_by" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_responses" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"form_id" varchar(24) NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"respondent_id" varchar(24) NOT NULL,
	"respondent_kind" varchar(8) NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grade_categories" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"weight" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grade_scales" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"kind" varchar(12) NOT NULL,
	"max_points" double precision,
	"levels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"task_id" varchar(24) NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"value" varchar(20) NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" varchar(24),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grades_task_id_student_id_pk" PRIMARY KEY("task_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "hpc_cards" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"period_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	"ratings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"self" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"narrative" text DEFAULT '' NOT NULL,
	"status" varchar(12) DEFAULT 'in_progress' NOT NULL,
	"updated_by" varchar(24),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reflections" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	"student_id" varchar(24),
	"unit_id" varchar(24),
	"period_id" varchar(24),
	"author_kind" varchar(8) NOT NULL,
	"date" date NOT NULL,
	"body" text NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_entries" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"set_id" varchar(24) NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"comments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"teacher_note" text DEFAULT '' NOT NULL,
	"pdf_key" text,
	"updated_by" varchar(24),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_sets" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	"period_id" varchar(24) NOT NULL,
	"template_id" varchar(24) NOT NULL,
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"status" varchar(8) DEFAULT 'draft' NOT NULL,
	"export_id" varchar(24),
	"locked_at" timestamp with time zone,
	"locked_by" varchar(24),
	"shared_at" timestamp with time zone,
	"created_by" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_templates" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_logo" boolean DEFAULT true NOT NULL,
	"head_name" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_periods" ADD CONSTRAINT "assessment_periods_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_periods" ADD CONSTRAINT "assessment_periods_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_tasks" ADD CONSTRAINT "assessment_tasks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_tasks" ADD CONSTRAINT "assessment_tasks_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_tasks" ADD CONSTRAINT "assessment_tasks_period_id_assessment_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."assessment_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_tasks" ADD CONSTRAINT "assessment_tasks_category_id_grade_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."grade_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_tasks" ADD CONSTRAINT "assessment_tasks_scale_id_grade_scales_id_fk" FOREIGN KEY ("scale_id") REFERENCES "public"."grade_scales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_tasks" ADD CONSTRAINT "assessment_tasks_learning_area_id_learning_areas_id_fk" FOREIGN KEY ("learning_area_id") REFERENCES "public"."learning_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_tasks" ADD CONSTRAINT "assessment_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_forms" ADD CONSTRAINT "feedback_forms_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_forms" ADD CONSTRAINT "feedback_forms_period_id_assessment_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."assessment_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_forms" ADD CONSTRAINT "feedback_forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_form_id_feedback_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."feedback_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_categories" ADD CONSTRAINT "grade_categories_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_categories" ADD CONSTRAINT "grade_categories_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_scales" ADD CONSTRAINT "grade_scales_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_task_id_assessment_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."assessment_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_cards" ADD CONSTRAINT "hpc_cards_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_cards" ADD CONSTRAINT "hpc_cards_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_cards" ADD CONSTRAINT "hpc_cards_period_id_assessment_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."assessment_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_cards" ADD CONSTRAINT "hpc_cards_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_cards" ADD CONSTRAINT "hpc_cards_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reflections" ADD CONSTRAINT "reflections_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reflections" ADD CONSTRAINT "reflections_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reflections" ADD CONSTRAINT "reflections_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reflections" ADD CONSTRAINT "reflections_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reflections" ADD CONSTRAINT "reflections_period_id_assessment_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."assessment_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reflections" ADD CONSTRAINT "reflections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_entries" ADD CONSTRAINT "report_entries_set_id_report_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."report_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_entries" ADD CONSTRAINT "report_entries_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_entries" ADD CONSTRAINT "report_entries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_entries" ADD CONSTRAINT "report_entries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sets" ADD CONSTRAINT "report_sets_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sets" ADD CONSTRAINT "report_sets_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sets" ADD CONSTRAINT "report_sets_period_id_assessment_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."assessment_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sets" ADD CONSTRAINT "report_sets_template_id_report_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."report_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sets" ADD CONSTRAINT "report_sets_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sets" ADD CONSTRAINT "report_sets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_periods_school_start_idx" ON "assessment_periods" USING btree ("school_id","start_date");--> statement-breakpoint
CREATE INDEX "assessment_tasks_class_period_idx" ON "assessment_tasks" USING btree ("class_id","period_id","due_date");--> statement-breakpoint
CREATE INDEX "feedback_forms_school_period_idx" ON "feedback_forms" USING btree ("school_id","period_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_responses_once_idx" ON "feedback_responses" USING btree ("form_id","student_id","respondent_id");--> statement-breakpoint
CREATE INDEX "feedback_responses_student_idx" ON "feedback_responses" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "grade_categories_class_idx" ON "grade_categories" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "grade_scales_school_idx" ON "grade_scales" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "grades_student_idx" ON "grades" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hpc_cards_student_period_idx" ON "hpc_cards" USING btree ("student_id","period_id");--> statement-breakpoint
CREATE INDEX "hpc_cards_class_period_idx" ON "hpc_cards" USING btree ("class_id","period_id");--> statement-breakpoint
CREATE INDEX "reflections_class_date_idx" ON "reflections" USING btree ("class_id","date");--> statement-breakpoint
CREATE INDEX "reflections_student_idx" ON "reflections" USING btree ("student_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "report_entries_set_student_idx" ON "report_entries" USING btree ("set_id","student_id");--> statement-breakpoint
CREATE INDEX "report_entries_student_idx" ON "report_entries" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_sets_class_period_idx" ON "report_sets" USING btree ("class_id","period_id");--> statement-breakpoint
CREATE INDEX "report_sets_school_idx" ON "report_sets" USING btree ("school_id","period_id");--> statement-breakpoint
CREATE INDEX "report_templates_school_idx" ON "report_templates" USING btree ("school_id");