ALTER TABLE "student_profiles" ADD COLUMN "check_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "check_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "check_confirmed_by" varchar(24);--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_profiles_check_confirmed_by_users_id_fk" FOREIGN KEY ("check_confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;