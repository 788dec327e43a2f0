-- An activity entry's details as a message descriptor (issue 35): { id, values }, rendered in the
-- reader's language; "details" keeps the English text (entries written before have none, and read as they are).
ALTER TABLE "ActivityEntry" ADD COLUMN "message" JSONB;
