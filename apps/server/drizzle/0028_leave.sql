CREATE TABLE "leave_decisions" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"request_id" varchar(24) NOT NULL,
	"step" varchar(8) NOT NULL,
	"decision" varchar(10) NOT NULL,
	"by_id" varchar(24) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_line_managers" (
	"school_id" varchar(24) NOT NULL,
	"staff_id" varchar(24) NOT NULL,
	"manager_id" varchar(24) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_line_managers_school_id_staff_id_pk" PRIMARY KEY("school_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "leave_request_days" (
	"request_id" varchar(24) NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"staff_id" varchar(24) NOT NULL,
	"date" date NOT NULL,
	"portion" varchar(4) NOT NULL,
	CONSTRAINT "leave_request_days_request_id_date_pk" PRIMARY KEY("request_id","date")
);
--> statement-breakpoint
CREATE TABLE "leave_requests" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"staff_id" varchar(24) NOT NULL,
	"leave_type_id" varchar(24) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_portion" varchar(4) DEFAULT 'full' NOT NULL,
	"end_portion" varchar(4) DEFAULT 'full' NOT NULL,
	"days" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_settings" (
	"school_id" varchar(24) PRIMARY KEY NOT NULL,
	"working_days" jsonb DEFAULT '["monday","tuesday","wednesday","thursday","friday"]'::jsonb NOT NULL,
	"year_start_month" integer DEFAULT 1 NOT NULL,
	"children_per_adult" integer DEFAULT 8 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_types" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"code" varchar(6) NOT NULL,
	"color" varchar(7) DEFAULT '#4c6ef5' NOT NULL,
	"yearly_quota" integer NOT NULL,
	"accrual" varchar(8) DEFAULT 'upfront' NOT NULL,
	"carry_over_limit" integer DEFAULT 0 NOT NULL,
	"requires_approval" boolean DEFAULT true NOT NULL,
	"admin_approval" boolean DEFAULT false NOT NULL,
	"half_days" boolean DEFAULT true NOT NULL,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leave_decisions" ADD CONSTRAINT "leave_decisions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_decisions" ADD CONSTRAINT "leave_decisions_request_id_leave_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."leave_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_decisions" ADD CONSTRAINT "leave_decisions_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_line_managers" ADD CONSTRAINT "leave_line_managers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_line_managers" ADD CONSTRAINT "leave_line_managers_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_line_managers" ADD CONSTRAINT "leave_line_managers_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_request_days" ADD CONSTRAINT "leave_request_days_request_id_leave_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."leave_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_request_days" ADD CONSTRAINT "leave_request_days_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_request_days" ADD CONSTRAINT "leave_request_days_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_settings" ADD CONSTRAINT "leave_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_types" ADD CONSTRAINT "leave_types_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_decisions_request_idx" ON "leave_decisions" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "leave_line_managers_manager_idx" ON "leave_line_managers" USING btree ("school_id","manager_id");--> statement-breakpoint
CREATE INDEX "leave_request_days_day_idx" ON "leave_request_days" USING btree ("school_id","date");--> statement-breakpoint
CREATE INDEX "leave_request_days_staff_idx" ON "leave_request_days" USING btree ("school_id","staff_id","date");--> statement-breakpoint
CREATE INDEX "leave_requests_staff_idx" ON "leave_requests" USING btree ("school_id","staff_id","start_date");--> statement-breakpoint
CREATE INDEX "leave_requests_status_idx" ON "leave_requests" USING btree ("school_id","status","start_date");--> statement-breakpoint
CREATE INDEX "leave_types_school_idx" ON "leave_types" USING btree ("school_id","position");