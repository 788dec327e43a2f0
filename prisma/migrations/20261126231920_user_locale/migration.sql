-- The user's language (issue 35): en-US, es-US; null lets the browser's languages decide.
-- (The schema engine's diff also proposed a DEFAULT on "InventoryItem"."warningLevel", which is a
-- generated column: left out, as in the earlier migrations.)
ALTER TABLE "User" ADD COLUMN "locale" TEXT;
