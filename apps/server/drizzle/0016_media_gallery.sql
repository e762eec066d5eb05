CREATE TABLE "face_audit" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"action" varchar(24) NOT NULL,
	"count" integer NOT NULL,
	"actor_id" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "face_references" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"descriptor" jsonb NOT NULL,
	"item_id" varchar(24),
	"box" jsonb NOT NULL,
	"term" varchar(16) NOT NULL,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_album_items" (
	"album_id" varchar(24) NOT NULL,
	"item_id" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_album_items_album_id_item_id_pk" PRIMARY KEY("album_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "media_albums" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"cover_item_id" varchar(24),
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_faces" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"item_id" varchar(24) NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"box" jsonb NOT NULL,
	"status" varchar(14) NOT NULL,
	"student_id" varchar(24),
	"distance" real,
	"shown" boolean DEFAULT false NOT NULL,
	"decided_by" varchar(24),
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "media_items" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"status" varchar(12) NOT NULL,
	"privacy" varchar(8) NOT NULL,
	"name" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"taken_on" date NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"blurhash" text,
	"incoming_url" text,
	"url" text,
	"medium_url" text,
	"thumb_url" text,
	"poster_url" text,
	"shared_url" text,
	"shared_thumb_url" text,
	"post_id" varchar(24),
	"error" text,
	"uploaded_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" varchar(24)
);
--> statement-breakpoint
CREATE TABLE "media_links" (
	"item_id" varchar(24) NOT NULL,
	"target_kind" varchar(12) NOT NULL,
	"target_id" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_links_item_id_target_kind_target_id_pk" PRIMARY KEY("item_id","target_kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "media_posts" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	"caption" text NOT NULL,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_quota_requests" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"extra_bytes" bigint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" varchar(10) NOT NULL,
	"requested_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" varchar(24),
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "media_quotas" (
	"school_id" varchar(24) PRIMARY KEY NOT NULL,
	"quota_bytes" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_seen" (
	"user_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "media_seen_user_id_class_id_pk" PRIMARY KEY("user_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "media_tags" (
	"item_id" varchar(24) NOT NULL,
	"student_id" varchar(24) NOT NULL,
	"tagged_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_tags_item_id_student_id_pk" PRIMARY KEY("item_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "face_references" ADD CONSTRAINT "face_references_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_references" ADD CONSTRAINT "face_references_item_id_media_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."media_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_references" ADD CONSTRAINT "face_references_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_album_items" ADD CONSTRAINT "media_album_items_album_id_media_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."media_albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_album_items" ADD CONSTRAINT "media_album_items_item_id_media_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."media_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_albums" ADD CONSTRAINT "media_albums_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_albums" ADD CONSTRAINT "media_albums_cover_item_id_media_items_id_fk" FOREIGN KEY ("cover_item_id") REFERENCES "public"."media_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_albums" ADD CONSTRAINT "media_albums_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_faces" ADD CONSTRAINT "media_faces_item_id_media_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."media_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_faces" ADD CONSTRAINT "media_faces_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_faces" ADD CONSTRAINT "media_faces_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_links" ADD CONSTRAINT "media_links_item_id_media_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."media_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_posts" ADD CONSTRAINT "media_posts_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_posts" ADD CONSTRAINT "media_posts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_quota_requests" ADD CONSTRAINT "media_quota_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_quota_requests" ADD CONSTRAINT "media_quota_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_quota_requests" ADD CONSTRAINT "media_quota_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_quotas" ADD CONSTRAINT "media_quotas_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_tags" ADD CONSTRAINT "media_tags_item_id_media_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."media_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_tags" ADD CONSTRAINT "media_tags_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_tags" ADD CONSTRAINT "media_tags_tagged_by_users_id_fk" FOREIGN KEY ("tagged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_audit_student_idx" ON "face_audit" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "face_references_student_idx" ON "face_references" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "media_albums_class_idx" ON "media_albums" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "media_faces_item_idx" ON "media_faces" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "media_faces_student_idx" ON "media_faces" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "media_items_class_idx" ON "media_items" USING btree ("class_id","taken_on","created_at");--> statement-breakpoint
CREATE INDEX "media_items_school_idx" ON "media_items" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "media_items_deleted_idx" ON "media_items" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "media_quota_requests_status_idx" ON "media_quota_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "media_tags_student_idx" ON "media_tags" USING btree ("student_id");