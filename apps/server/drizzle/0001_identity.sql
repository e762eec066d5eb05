CREATE TABLE "oauth_states" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD COLUMN "previous_token_hash" text;--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD COLUMN "rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD COLUMN "created_by" varchar(24);--> statement-breakpoint
CREATE INDEX "refresh_sessions_school_temp_idx" ON "refresh_sessions" USING btree ("school_id","is_temp");