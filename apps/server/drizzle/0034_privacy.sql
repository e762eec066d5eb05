CREATE TABLE "school_retention" (
	"school_id" varchar(24) PRIMARY KEY NOT NULL,
	"media_months" integer,
	"log_months" integer,
	"last_run_at" timestamp with time zone,
	"last_media" integer,
	"last_logs" integer,
	"updated_by" varchar(24),
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "school_retention" ADD CONSTRAINT "school_retention_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_retention" ADD CONSTRAINT "school_retention_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;