CREATE TABLE "class_ai_settings" (
	"class_id" varchar(24) PRIMARY KEY NOT NULL,
	"ai_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ai_blocks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"screen_blocks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cue_tasks" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"endpoint" varchar(40) NOT NULL,
	"request" jsonb NOT NULL,
	"state" jsonb NOT NULL,
	"status" varchar(12) DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "class_ai_settings" ADD CONSTRAINT "class_ai_settings_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cue_tasks" ADD CONSTRAINT "cue_tasks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cue_tasks" ADD CONSTRAINT "cue_tasks_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cue_tasks" ADD CONSTRAINT "cue_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cue_tasks_user_idx" ON "cue_tasks" USING btree ("user_id","updated_at");