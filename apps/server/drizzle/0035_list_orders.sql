DROP INDEX "reflections_class_date_idx";--> statement-breakpoint
DROP INDEX "library_loans_copy_idx";--> statement-breakpoint
DROP INDEX "fee_accounts_school_idx";--> statement-breakpoint
DROP INDEX "job_applications_school_idx";--> statement-breakpoint
DROP INDEX "payments_school_received_idx";--> statement-breakpoint
DROP INDEX "observations_class_date_idx";--> statement-breakpoint
DROP INDEX "observations_student_date_idx";--> statement-breakpoint
DROP INDEX "students_school_idx";--> statement-breakpoint
DROP INDEX "planning_resources_org_idx";--> statement-breakpoint
DROP INDEX "stories_school_date_idx";--> statement-breakpoint
DROP INDEX "stories_class_date_idx";--> statement-breakpoint
CREATE INDEX "library_items_school_list_idx" ON "library_items" USING btree ("school_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "library_loans_school_list_idx" ON "library_loans" USING btree ("school_id","checked_out_at","id");--> statement-breakpoint
CREATE INDEX "admission_applications_list_idx" ON "admission_applications" USING btree ("school_id","stage_changed_at","id");--> statement-breakpoint
CREATE INDEX "invoices_school_list_idx" ON "invoices" USING btree ("school_id","period_start" DESC NULLS FIRST,"number");--> statement-breakpoint
CREATE INDEX "library_units_list_idx" ON "library_units" USING btree (("organization_id" is null),"title","id");--> statement-breakpoint
CREATE INDEX "units_school_list_idx" ON "units" USING btree ("school_id","start_date" DESC NULLS FIRST,"title","id");--> statement-breakpoint
CREATE INDEX "reflections_class_date_idx" ON "reflections" USING btree ("class_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "library_loans_copy_idx" ON "library_loans" USING btree ("copy_id","checked_out_at","id");--> statement-breakpoint
CREATE INDEX "fee_accounts_school_idx" ON "fee_accounts" USING btree ("school_id","name","id");--> statement-breakpoint
CREATE INDEX "job_applications_school_idx" ON "job_applications" USING btree ("school_id","stage_changed_at","id");--> statement-breakpoint
CREATE INDEX "payments_school_received_idx" ON "payments" USING btree ("school_id","received_on","created_at","id");--> statement-breakpoint
CREATE INDEX "observations_class_date_idx" ON "observations" USING btree ("class_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "observations_student_date_idx" ON "observations" USING btree ("student_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "students_school_idx" ON "students" USING btree ("school_id","first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "planning_resources_org_idx" ON "planning_resources" USING btree ("organization_id","title","id");--> statement-breakpoint
CREATE INDEX "stories_school_date_idx" ON "stories" USING btree ("school_id","story_date","created_at","id");--> statement-breakpoint
CREATE INDEX "stories_class_date_idx" ON "stories" USING btree ("class_id","story_date","created_at","id");