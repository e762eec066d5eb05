CREATE TABLE "communication_classes" (
	"communication_id" varchar(24) NOT NULL,
	"class_id" varchar(24) NOT NULL,
	CONSTRAINT "communication_classes_communication_id_class_id_pk" PRIMARY KEY("communication_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "communication_reads" (
	"communication_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "communication_reads_communication_id_user_id_pk" PRIMARY KEY("communication_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "communications" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"type" varchar(12) NOT NULL,
	"title" varchar(200) DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"share_with" varchar(10) DEFAULT 'Everyone' NOT NULL,
	"send_email" boolean DEFAULT false NOT NULL,
	"status" varchar(10) NOT NULL,
	"scheduled_for" timestamp with time zone,
	"published_at" timestamp with time zone,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_link" text,
	"due_date" date,
	"created_by" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" varchar(40) NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "communication_classes" ADD CONSTRAINT "communication_classes_communication_id_communications_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_classes" ADD CONSTRAINT "communication_classes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_reads" ADD CONSTRAINT "communication_reads_communication_id_communications_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_reads" ADD CONSTRAINT "communication_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communication_classes_class_idx" ON "communication_classes" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "communications_school_idx" ON "communications" USING btree ("school_id","type","status","published_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");