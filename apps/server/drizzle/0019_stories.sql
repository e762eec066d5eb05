CREATE TABLE "stories" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"status" varchar(10) NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"what_next" text DEFAULT '' NOT NULL,
	"story_date" date NOT NULL,
	"author_id" varchar(24) NOT NULL,
	"author_kind" varchar(6) DEFAULT 'staff' NOT NULL,
	"approved_by" varchar(24),
	"return_note" text,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(body_text, '') || ' ' || coalesce(what_next, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "story_areas" (
	"story_id" varchar(24) NOT NULL,
	"area_id" varchar(24) NOT NULL,
	CONSTRAINT "story_areas_story_id_area_id_pk" PRIMARY KEY("story_id","area_id")
);
--> statement-breakpoint
CREATE TABLE "story_children" (
	"story_id" varchar(24) NOT NULL,
	"student_id" varchar(24) NOT NULL,
	CONSTRAINT "story_children_story_id_student_id_pk" PRIMARY KEY("story_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "story_comments" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"story_id" varchar(24) NOT NULL,
	"author_id" varchar(24) NOT NULL,
	"author_kind" varchar(6) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "story_media" (
	"story_id" varchar(24) NOT NULL,
	"item_id" varchar(24) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "story_media_story_id_item_id_pk" PRIMARY KEY("story_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "story_reactions" (
	"story_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"reaction" varchar(8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_reactions_story_id_user_id_pk" PRIMARY KEY("story_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "story_settings" (
	"school_id" varchar(24) PRIMARY KEY NOT NULL,
	"approval_required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_tag_links" (
	"story_id" varchar(24) NOT NULL,
	"tag_id" varchar(24) NOT NULL,
	CONSTRAINT "story_tag_links_story_id_tag_id_pk" PRIMARY KEY("story_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "story_tags" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_versions" (
	"story_id" varchar(24) NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"what_next" text NOT NULL,
	"edited_by" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_versions_story_id_version_pk" PRIMARY KEY("story_id","version")
);
--> statement-breakpoint
CREATE TABLE "story_views" (
	"story_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"views" integer DEFAULT 1 NOT NULL,
	"first_viewed_at" timestamp with time zone NOT NULL,
	"last_viewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "story_views_story_id_user_id_pk" PRIMARY KEY("story_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_areas" ADD CONSTRAINT "story_areas_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_areas" ADD CONSTRAINT "story_areas_area_id_learning_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."learning_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_children" ADD CONSTRAINT "story_children_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_children" ADD CONSTRAINT "story_children_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_comments" ADD CONSTRAINT "story_comments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_comments" ADD CONSTRAINT "story_comments_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_comments" ADD CONSTRAINT "story_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_media" ADD CONSTRAINT "story_media_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_media" ADD CONSTRAINT "story_media_item_id_media_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."media_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_reactions" ADD CONSTRAINT "story_reactions_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_reactions" ADD CONSTRAINT "story_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_settings" ADD CONSTRAINT "story_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_tag_links" ADD CONSTRAINT "story_tag_links_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_tag_links" ADD CONSTRAINT "story_tag_links_tag_id_story_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."story_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_tags" ADD CONSTRAINT "story_tags_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_versions" ADD CONSTRAINT "story_versions_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_versions" ADD CONSTRAINT "story_versions_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_views" ADD CONSTRAINT "story_views_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_views" ADD CONSTRAINT "story_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stories_school_date_idx" ON "stories" USING btree ("school_id","story_date","id");--> statement-breakpoint
CREATE INDEX "stories_class_date_idx" ON "stories" USING btree ("class_id","story_date");--> statement-breakpoint
CREATE INDEX "stories_search_idx" ON "stories" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "stories_journal_day_unique" ON "stories" USING btree ("class_id","story_date") WHERE kind = 'journal';--> statement-breakpoint
CREATE INDEX "story_areas_area_idx" ON "story_areas" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "story_children_student_idx" ON "story_children" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "story_comments_story_idx" ON "story_comments" USING btree ("story_id","created_at");--> statement-breakpoint
CREATE INDEX "story_tag_links_tag_idx" ON "story_tag_links" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "story_tags_school_name_unique" ON "story_tags" USING btree ("school_id",lower("name")) WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "story_views_user_idx" ON "story_views" USING btree ("user_id");