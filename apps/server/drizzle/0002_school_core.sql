CREATE TABLE "divisions" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"school_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"action" varchar(40) NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "usage_daily_school_id_user_id_action_day_pk" PRIMARY KEY("school_id","user_id","action","day")
);
--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "division_id" varchar(24);--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "divisions" ADD CONSTRAINT "divisions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "divisions_school_name_unique" ON "divisions" USING btree ("school_id","name");--> statement-breakpoint
CREATE INDEX "usage_daily_school_day_idx" ON "usage_daily" USING btree ("school_id","day");--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;