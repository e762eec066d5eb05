CREATE TABLE "staff_invitations" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"school_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"role_id" varchar(24) NOT NULL,
	"class_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" varchar(10),
	"email" text,
	"invited_by" varchar(24) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "parent_children" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "parent_children" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "parent_children" ADD COLUMN "phone" varchar(10);--> statement-breakpoint
ALTER TABLE "parent_children" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitations_school_idx" ON "staff_invitations" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "staff_invitations_user_idx" ON "staff_invitations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_pending_unique" ON "staff_invitations" USING btree ("school_id","user_id") WHERE "staff_invitations"."status" = 'pending';--> statement-breakpoint
UPDATE "parent_children" pc SET "first_name" = u."first_name", "last_name" = u."last_name", "phone" = p."primary_phone", "email" = p."primary_email" FROM "parents" p JOIN "users" u ON u."id" = p."user_id" WHERE p."id" = pc."parent_id";
